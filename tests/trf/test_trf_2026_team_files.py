"""What a real TRF-2026 team event, as the big programs export it, carries and import_trf once
refused or misread (issue 26, points 1–5, 7, 8): 013 records beside the 310 ones, reserves who
rest, 11-digit FIDE IDs, line-ups out of roster order, 320 PABs beside unpaired teams, the C.07
edition of a 2025 event, a TRF16 Swiss without 192.

Two teams of three (players 1–3 and 4–6) on two boards unless a test says otherwise.
"""

import pytest
from django.core.management import CommandError

from tests.trf.files import boards_of, import_text, old_team_line, trf_text
from tournaments.domain.lineup import LineupRules, lineup_violations
from tournaments.domain.presets import BoardOrder
from tournaments.models import Player, Tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db

HEADER = ["012 Bezirksliga", "042 2026/04/11", "142 1", "192 FIDE_TEAM_TYPEA", "352 WB"]
# players 1 and 6 rest; 2–4 and 3–5 play on boards 1 and 2 (team 1 White on board 1)
RESTING = {1: (0, "-", "-"), 2: (4, "w", "1"), 3: (5, "b", "="), 4: (2, "b", "0"), 5: (3, "w", "="), 6: (0, "-", "-")}
# the same round with team 1's reserves swapped: 3 on board 1, 2 on board 2 (a 300 record)
SWAPPED = {1: (0, "-", "-"), 3: (4, "w", "1"), 2: (5, "b", "="), 4: (3, "b", "0"), 5: (2, "w", "="), 6: (0, "-", "-")}
SWAPPED_300 = "300   1   1   2    3    2"


def test_a_reserve_who_rests_is_no_board_and_those_who_played_keep_roster_order(tmp_path):
    """Point 2: without a 300 record, the players who played sit in roster order; player 1's
    ``0000 - -`` (resting) is no board (it was seated on board 1, and the file refused)."""
    tournament = import_text(tmp_path, trf_text(HEADER, {1: RESTING}, size=3))
    assert boards_of(tournament, 1) == [(1, "Player 2", "Player 4", "1-0"), (2, "Player 3", "Player 5", "½-½")]


def test_013_records_beside_310_are_the_same_teams_and_the_300_line_up_is_read(tmp_path):
    """Point 1: a TRF-2026 file may still carry 013 beside 310; TRF-2026 (and gacrux) read 310
    alone. The 300 record seats team 1 out of roster order (point 4): the event keeps line-ups
    as recorded."""
    text = trf_text(
        HEADER,
        {1: SWAPPED},
        size=3,
        after=[old_team_line("Team 1", (1, 2, 3)), old_team_line("Team 2", (4, 5, 6)), SWAPPED_300],
    )
    tournament = import_text(tmp_path, text)
    assert [team.name for team in tournament.teams.order_by("seed")] == ["Team 1", "Team 2"]
    assert boards_of(tournament, 1) == [(1, "Player 3", "Player 4", "1-0"), (2, "Player 2", "Player 5", "½-½")]
    assert tournament.board_order == BoardOrder.RECORDED


def test_013_records_that_tell_other_teams_than_310_are_refused(tmp_path):
    text = trf_text(
        HEADER, {1: RESTING}, size=3, after=[old_team_line("Team 1", (1, 2)), old_team_line("Team 2", (4, 5, 6))]
    )
    with pytest.raises(CommandError) as refused:
        import_text(tmp_path, text)
    assert str(refused.value) == (
        "line 14, column 37: team “Team 1” of this 013 record has no 310 record with the same players; TRF-2026 "
        "reads 310, and the two must agree (TRF-2026, record 013)."
    )
    assert Tournament.objects.count() == 0


def test_line_ups_out_of_roster_order_are_allowed_where_the_board_order_is_as_recorded():
    """Point 4: the 300 record exists to break roster order; ``recorded`` takes any registered
    players in any order, ``ascending`` refuses the same line-up."""
    rules = {order: LineupRules(2, (1, 2), 1, order) for order in BoardOrder}
    assert lineup_violations([3, 2], roster_size=3, rules=rules[BoardOrder.RECORDED]) == []
    assert len(lineup_violations([3, 2], roster_size=3, rules=rules[BoardOrder.ASCENDING])) == 1


def test_an_11_digit_fide_id_is_imported(tmp_path):
    """Point 3: TRF-2026's FIDE number has 11 columns (58–68, "including 3 digits reserve")."""
    tournament = import_text(tmp_path, trf_text(HEADER, {1: RESTING}, size=3, fide_ids={2: "12345678901"}))
    assert Player.objects.get(team__tournament=tournament, name="Player 2").fide_id == "12345678901"


def test_only_the_320_team_has_the_pab_and_another_unpaired_team_a_zero_point_bye(tmp_path):
    """Point 5: three teams of two, one board each (352 W). Round 1: team 3 has the PAB of
    record 320 (a drawn match, 1 MP); round 2: team 2 is paired against nobody and 320 names no
    team for it: a zero-point bye, not a PAB scored as a draw."""
    rounds = {
        1: {1: (3, "w", "1"), 3: (1, "b", "0"), 5: (0, "-", "U")},
        2: {1: (5, "w", "="), 5: (1, "b", "="), 3: (0, "-", "-")},
    }
    header = ["012 Pokal", "042 2026/04/11", "142 2", "192 FIDE_TEAM_TYPEA", "352 W", "320  1.0  0.5 003 000"]
    tournament = import_text(tmp_path, trf_text(header, rounds, teams=3, size=2))
    rows = {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}
    assert rows == {"Team 1": (3, 1.5), "Team 3": (2, 1.0), "Team 2": (0, 0.0)}
    team_2 = tournament.teams.get(name="Team 2")
    assert list(team_2.requested_byes.values_list("round_number", "kind")) == [(2, "Z")]
    assert [m.second_team_id for m in tournament.rounds.get(number=2).matches.all()] != [None]


@pytest.mark.parametrize(("start", "edition"), [("2025/10/04", "2024"), ("2026/02/28", "2024"), ("2026/03/01", "2026")])
def test_the_c07_edition_follows_the_start_date_as_gacrux_chooses_it(tmp_path, start, edition):
    """Point 7: C.07 (2026) applies to events starting on or after 1 March 2026."""
    header = ["012 Liga", f"042 {start}", "142 1", "192 FIDE_TEAM_TYPEA", "352 WB"]
    tournament = import_text(tmp_path, trf_text(header, {1: RESTING}, size=3))
    assert tournament.tiebreak_edition == edition


@pytest.mark.parametrize(
    "header", [["012 Alt", "092 Team Swiss System", "142 1"], ["012 Alt", "142 1"]], ids=["092 says Swiss", "142 short"]
)
def test_a_trf16_team_file_without_192_is_a_swiss_of_its_142_rounds(tmp_path, header):
    """Point 8: four TRF16 teams (013) of one player, one round of two: a round robin would need
    three rounds, so it is a Swiss (it was read as a round robin of 3)."""
    rounds = {1: {1: (2, "w", "1"), 2: (1, "b", "0"), 3: (4, "w", "="), 4: (3, "b", "=")}}
    text = trf_text(header, rounds, teams=4, size=1).splitlines()
    text = [line for line in text if not line.startswith("310")]
    text += [old_team_line(f"Team {t}", (t,)) for t in range(1, 5)]
    tournament = import_text(tmp_path, "\n".join(text) + "\n")
    assert (tournament.pairing_system, tournament.planned_rounds) == ("swiss-fide-team", 1)


@pytest.mark.parametrize(
    ("after", "message"),
    [
        (
            ["300   1   1   2   99    2"],
            "line 14, column 17: player 99 is not on the roster of team 1 (TRF-2026, record 300).",
        ),
        (["330 +-   1   1   7"], "line 14, column 16: there is no team 7 (record 310) (TRF-2026, record 330)."),
        (["320  1.0  1.0 009"], "line 14, column 11: there is no team 9 (record 310) (TRF-2026, record 320)."),
    ],
)
def test_records_naming_unknown_players_or_teams_are_refused_with_line_and_column(tmp_path, after, message):
    """Issue 27 item 6: these raised KeyError (a traceback) before."""
    with pytest.raises(CommandError) as refused:
        import_text(tmp_path, trf_text(HEADER, {1: RESTING}, size=3, after=after))
    assert str(refused.value) == message
    assert Tournament.objects.count() == 0


def test_a_superscript_digit_in_a_number_column_is_refused_not_a_traceback(tmp_path):
    """ "²" is a digit to ``str.isdigit()`` and not to ``int()``: it raised ValueError."""
    text = trf_text(HEADER, {1: RESTING}, size=3).replace("001    1", "001    ²", 1)
    with pytest.raises(CommandError) as refused:
        import_text(tmp_path, text)
    assert str(refused.value) == "line 6, column 5: “²” must be a whole number (TRF-2026, record 001)."


@pytest.mark.parametrize(
    ("record", "chain"),
    [("202 BH:MP/P,EMGSB/C1/P,EDE/P", ["BH:MP/P", "EMGSB/C1/P", "EDE/P"]), ("202 GPTS,BH:GP", ["BP", "BH:GP"])],
)
def test_the_files_202_list_with_its_modifiers_is_the_chain(tmp_path, record, chain):
    """Point 6: ``/P`` (a forfeited encounter counts as played) is computed, not a reason to
    replace the file's list by the preset's in silence; gacrux's GPTS is our BP."""
    tournament = import_text(tmp_path, trf_text([*HEADER, record], {1: RESTING}, size=3))
    assert tournament.tiebreaks_other == chain


def test_a_tie_break_we_do_not_compute_is_refused_by_name_unless_the_director_states_the_chain(tmp_path):
    text = trf_text([*HEADER, "202 BH:MP,ARO"], {1: RESTING}, size=3)
    with pytest.raises(CommandError) as refused:
        import_text(tmp_path, text)
    assert str(refused.value) == (
        "202: the file's tie-break “ARO” is not one Arbiter computes; import with --tiebreaks to state the list to use "
        "instead (FIDE C.07)."
    )
    tournament = import_text(tmp_path, text, "--tiebreaks", "BH:MP, EDE")
    assert tournament.tiebreaks_other == ["BH:MP", "EDE"]


def test_in_a_swiss_de_is_c07s_direct_encounter():
    """Point 9: three teams level on points in a Swiss; 1 beat 2 and 3, who never met. The
    Blitz reading (every pair met equally often) separates nobody; C.07 Art. 6.2 puts 1 first,
    as 2 and 3 could reach at most 2 MP against the group by winning the encounter not played."""
    from tournaments.domain.presets import ByeScoring, MatchPoints
    from tournaments.domain.results import BoardResult
    from tournaments.domain.scoring import match_from_results
    from tournaments.domain.tally import tally_matches
    from tournaments.domain.tiebreaks import get_tiebreak

    win, loss = [BoardResult.FIRST_WINS] * 2, [BoardResult.SECOND_WINS] * 2
    played = [
        match_from_results(1, 1, 2, win),
        match_from_results(2, 3, 1, loss),
        match_from_results(3, 2, 4, win),
        match_from_results(3, 3, 5, win),
    ]
    tally = tally_matches(range(1, 6), played, boards=2, points=MatchPoints(), bye_scoring=ByeScoring.NOTHING)
    tally.predetermined = False
    assert get_tiebreak("DE").compute(tally, [1, 2, 3]) == {1: 4.0, 2: 0.0, 3: 0.0}
    tally.predetermined = True  # a round robin: the Blitz reading, as before
    assert get_tiebreak("DE").compute(tally, [1, 2, 3]) == {1: None, 2: None, 3: None}
