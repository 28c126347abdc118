"""TRF-2026 team records in the shapes gacrux's own tests write them (gacrux 1.11.65, tests/*.py:
test_trf_score_systems, test_trf_pab_record, test_trf_pairing_numbers, test_trf_legacy_team_scores,
test_trf_fideteam_colour_model, test_trf_tiebreak_lists), where they differ from the shapes our
writer uses: read by import_trf. The texts are ours, small events written for each shape.

Two teams of two (players 1, 2 and 3, 4), team 1 winning round 1 1½ : ½; a third team (5, 6)
where a shape needs a bye.
"""

from io import StringIO

import pytest
from django.core.management import call_command

from tests.trf.files import team_line
from tournaments.domain.trf import TrfGame, TrfPlayer
from tournaments.domain.trf.writer import _player
from tournaments.models import Match, Tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db

ROUND_1 = {1: (3, "w", "1"), 2: (4, "b", "="), 3: (1, "b", "0"), 4: (2, "w", "=")}


def imported(tmp_path, records: list[str], rounds: dict[int, dict[int, tuple]], teams: int = 2) -> Tournament:
    """An event of ``teams`` teams of two: the header ``records``, then 310 and 001 lines, each
    player's games per round from ``rounds`` (round -> player -> (opponent, colour, result))."""
    players = [
        TrfPlayer(n, f"Player {n}", games={r: TrfGame(*games[n]) for r, games in rounds.items() if n in games})
        for n in range(1, 2 * teams + 1)
    ]
    lines = [
        *records,
        *(team_line(t, f"Team {t}", (2 * t - 1, 2 * t)) for t in range(1, teams + 1)),
        *map(_player, players),
    ]
    path = tmp_path / "shape.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = StringIO()
    call_command("import_trf", str(path), stdout=out)
    return Tournament.objects.get(slug=out.getvalue().strip())


def standing(tournament: Tournament) -> dict[str, tuple[float, float]]:
    return {e.team.name: (e.row.mp, e.row.bp) for e in standings_for_tournament(tournament=tournament).rows}


def test_362_with_a_blank_before_each_result_letter(tmp_path):
    """gacrux writes ``362  W 3.0    D 1.0    L 0.0`` (column 5 blank), our writer ``362 TW …``:
    the same columns either way. A win is then worth 3."""
    tournament = imported(
        tmp_path,
        ["012 Drei Punkte", "142 1", "192 FIDE_TEAM_MP_GP", "352 WB", "362  W 3.0    D 1.0    L 0.0"],
        {1: ROUND_1},
    )
    assert (tournament.mp_win, tournament.mp_draw, tournament.mp_loss) == (3, 1, 0)
    assert standing(tournament) == {"Team 1": (3, 1.5), "Team 2": (0, 0.5)}


def test_a_forfeited_match_in_330_with_its_players_written_without_opponents(tmp_path):
    """Round 2 awarded to team 1 by record 330 ``+-``, its players ``0000 - +``, team 2's ``0000 - -``:
    nobody was paired on a board, the match was still set up."""
    forfeit = {1: (0, "-", "+"), 2: (0, "-", "+"), 3: (0, "-", "-"), 4: (0, "-", "-")}
    tournament = imported(
        tmp_path,
        ["012 Kampflos", "142 2", "192 FIDE_TEAM_MP_GP", "352 WB", "330 +-   2   1   2"],
        {1: ROUND_1, 2: forfeit},
    )
    match = Match.objects.get(round__tournament=tournament, round__number=2)
    assert (match.first_team.name, match.second_team.name) == ("Team 1", "Team 2")
    assert [b.result for b in match.boards.order_by("board")] == ["+-", "+-"]
    assert standing(tournament) == {"Team 1": (4, 3.5), "Team 2": (0, 0.5)}


def test_320_and_240_with_zero_padded_numbers(tmp_path):
    """``320  1.0  1.0 003 000`` (team numbers three digits wide, zeros for rounds without a
    PAB) and ``240 H 002    1`` (the round zero-padded): team 3 has the PAB of round 1, a
    drawn match worth 1 MP and 1 GP; team 1 a half-point bye in round 2."""
    rounds = {
        1: {**ROUND_1, 5: (0, "-", "U"), 6: (0, "-", "U")},
        2: {3: (5, "w", "1"), 5: (3, "b", "0"), 4: (6, "b", "1"), 6: (4, "w", "0"), 1: (0, "-", "H"), 2: (0, "-", "H")},
    }
    records = ["012 Nullen", "142 2", "192 FIDE_TEAM_MP_GP", "352 WB", "320  1.0  1.0 003 000", "240 H 002    1"]
    tournament = imported(tmp_path, records, rounds, teams=3)
    assert tournament.bye_scoring == "draw"
    assert standing(tournament) == {"Team 1": (3, 2.5), "Team 2": (2, 2.5), "Team 3": (1, 1.0)}
    assert list(tournament.teams.get(name="Team 1").requested_byes.values_list("round_number", "kind")) == [(2, "H")]


@pytest.mark.parametrize(
    ("code", "model"),
    [
        ("FIDE_TEAM", "type-a"),
        ("FIDE_TEAM_BAKU", "type-a"),
        ("FIDE_TEAM_MP_GP", "none"),
        ("FIDE_TEAM_TYPEB_MP", "type-b"),
        ("FIDE_TEAM_TYPEA_GP_MP", "type-a"),
    ],
)
def test_record_192_names_the_colour_model_as_gacruxs_table_does(tmp_path, code, model):
    """C.04.6 art. 1.7: type A unless the competition says otherwise. A code naming its scores
    without TYPEA or TYPEB says "no colour preferences"; the bare FIDE_TEAM says nothing."""
    tournament = imported(tmp_path, ["012 Farben", "142 3", f"192 {code}", "352 WB"], {1: ROUND_1})
    assert (tournament.pairing_system, tournament.colour_model) == ("swiss-fide-team", model)


@pytest.mark.parametrize(
    ("records", "chain"),
    [
        (["212 PTS,BC,BBE"], ["BC", "BBE"]),
        (["212 MPTS BH:MP EMGSB"], ["BH:MP", "EMGSB"]),
        (["202 BH:MP", "212 PTS SSSC"], ["BH:MP"]),  # 202 lists the tie-breaks; 212 only the ranking order
    ],
)
def test_the_tie_breaks_of_212_when_there_is_no_202(tmp_path, records, chain):
    tournament = imported(tmp_path, ["142 1", "192 FIDE_TEAM_MP_GP", "352 WB", *records], {1: ROUND_1})
    assert (tournament.tiebreaks_first, tournament.tiebreaks_other) == (chain, chain)
