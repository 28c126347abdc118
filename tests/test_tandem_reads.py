"""Tandem in the selectors, the archive and the demo command."""

import json

import pytest
from django.core.management import call_command
from jsonschema import Draft202012Validator

from tests.builders import enter_match, make_paired
from tournaments.archive import schema
from tournaments.domain.errors import RuleViolation
from tournaments.models import Match, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.pairings import pairings_for_round, pairings_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import

pytestmark = pytest.mark.django_db

# 4 teams, Berger round 1: 1–4, 2–3; round 2: 4–3, 1–2; round 3: 2–4, 3–1. The return leg (leg 2)
# names the other team first (4–1, 3–2 …), and its result is seen from that team.
RESULTS = {
    (1, 1, 1): ("1-0", 1, "checkmate"),
    (1, 1, 2): ("1-0", 2, "time-neighbour"),  # 4 beats 1
    (1, 2, 1): ("½-½", None, "agreed-draw"),
    (1, 2, 2): ("0-1", 2, "resignation"),  # 3 loses to 2
    (2, 1, 1): ("0-1", 1, "time"),
    (2, 1, 2): ("½-½", None, "double-mate"),
    (2, 2, 1): ("+-", None, ""),
    (2, 2, 2): ("0-1", 1, "arbiter"),  # 2 loses to 1
}


def played():
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True)
    for match in Match.objects.filter(round__tournament=tournament).select_related("round"):
        key = (match.round.number, match.table, match.leg)
        if key in RESULTS:
            result, board, how = RESULTS[key]
            enter_match(match=match, result=result, deciding_board=board, decided_by=how)
    return tournament


def test_standings_count_each_leg_and_have_no_board_points():
    tournament = played()
    standings = standings_for_tournament(tournament=tournament)
    # seed: R1 leg1, R1 leg2, R2 leg1, R2 leg2 (MP 2/1/0)
    # 1 (vs 4, then vs 2): 2 + 0 + 2 + 2 = 6      4 (vs 1, then vs 3): 0 + 2 + 0 + 1 = 3
    # 2 (vs 3, then vs 1): 1 + 2 + 0 + 0 = 3      3 (vs 2, then vs 4): 1 + 0 + 2 + 1 = 4
    mp = {entry.team.seed: entry.row.mp for entry in standings.rows}
    assert mp == {1: 6, 2: 3, 3: 4, 4: 3}
    assert {entry.row.bp for entry in standings.rows} == {0}
    assert [tb.code for tb in standings.tiebreaks] == ["DE", "SB", "WIN"]
    assert (standings.after_round, standings.final) == (2, False)
    # 2 and 4 are level on 3 MP and have not met yet (no DE), so SB decides:
    # 2: 3 MP against 3 (final 4) + 0 against 1 = 12; 4: 2 MP against 1 (final 6) + 1 against 3 (4) = 16
    assert [entry.team.seed for entry in standings.rows] == [1, 3, 4, 2]
    assert [entry.row.tiebreaks["SB"] for entry in standings.rows[2:]] == [16, 12]


def test_tandem_8_2_pairings_name_the_other_team_first_in_the_return_leg():
    """Tandem §8.2: the first-named team has Black on board 1 in both legs; the return leg names
    the other team first, so every player changes colour."""
    tournament = played()
    lines = pairings_for_round(round_=tournament.rounds.get(number=1)).matches
    assert [
        (line.table, line.leg, [side.name for side in line.sides], "".join(board.first_colour for board in line.games))
        for line in lines
    ] == [
        (1, 1, ["SK Kronach", "Schachfreunde Selb"], "BW"),
        (1, 2, ["Schachfreunde Selb", "SK Kronach"], "BW"),
        (2, 1, ["TSV Küps", "SV Höchstadt"], "BW"),
        (2, 2, ["SV Höchstadt", "TSV Küps"], "BW"),
    ]
    assert [
        (line.result, line.deciding_board, line.decided_by, line.first_score, line.missing_results)
        for line in lines[:2]
    ] == [
        ("1-0", 1, "checkmate", 1, 0),
        ("1-0", 2, "time-neighbour", 1, 0),
    ]
    hidden = pairings_for_round(round_=tournament.rounds.get(number=1), published_only=True).matches[0]
    assert (hidden.result, hidden.deciding_board, hidden.missing_results) == ("", None, 1)
    unplayed = pairings_for_tournament(tournament=tournament)[2].matches[0]
    assert (unplayed.result, unplayed.missing_results) == ("", 1)


def test_the_crosstable_shows_the_match_result_from_each_side():
    tournament = played()
    rows = {row.team.seed: row for row in crosstable_for_tournament(tournament=tournament).rows}
    one_vs_four = rows[1].cells[rows[4].team.id]
    assert [(e.round, e.leg, e.result, e.own, e.opponent) for e in one_vs_four] == [
        (1, 1, "1-0", 1, 0),
        (1, 2, "0-1", 0, 1),
    ]
    three_vs_four = rows[3].cells[rows[4].team.id]  # round 2: 4 first-named and lost leg 1
    assert [(e.leg, e.result) for e in three_vs_four] == [(1, "1-0"), (2, "½-½")]
    two_vs_one = rows[2].cells[rows[1].team.id]  # round 2: 1 first-named, won leg 1 by forfeit
    assert [(e.leg, e.result, e.own) for e in two_vs_one] == [(1, "-+", 0), (2, "0-1", 0)]


def test_reads_keep_a_fixed_number_of_queries(django_assert_num_queries):
    tournament = played()
    # teams, matches and their sides: a match with one result of its own needs no boards read
    with django_assert_num_queries(3):
        standings_for_tournament(tournament=tournament)
    with django_assert_num_queries(3):
        crosstable_for_tournament(tournament=tournament)


def test_the_archive_round_trips_double_rounds_and_match_results():
    tournament = played()
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    assert exported["tournament"]["double_rounds"] is True
    match = exported["rounds"][0]["encounters"][1]
    assert {k: match[k] for k in ("table", "leg", "deciding_board", "decided_by")} == {
        "table": 1,
        "leg": 2,
        "deciding_board": 2,
        "decided_by": "time-neighbour",
    }
    assert [side["entrant"] for side in match["sides"]] == ["Schachfreunde Selb", "SK Kronach"]  # leg 2: 4 first
    assert [side["result"] for side in match["sides"]] == ["1", "0"]  # 1-0 from the first-named team's view
    assert {seat["result"] for game in match["games"] for seat in game["seats"]} == {None}
    assert [seat["colour"] for seat in match["games"][0]["seats"]] == ["B", "W"]  # Tandem §8.2 in both legs
    imported = tournament_import(archive=json.dumps(exported))
    assert archive_for_tournament(tournament=imported) == exported
    assert standings_for_tournament(tournament=imported).rows[0].row.mp == 6


def tandem_archive():
    return archive_for_tournament(tournament=played())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda a: a["rounds"][0]["encounters"][0].update(decided_by="agreed-draw"),
            "round 1, table 1, result: “agreed-draw” draws the match; the result must be ½-½ (Tandem §6.1).",
        ),
        (
            lambda a: [
                seat.update(result=r) for seat, r in zip(a["rounds"][0]["encounters"][0]["games"][0]["seats"], "10")
            ],
            "round 1, table 1, board 1: this match has one result for the whole match; give it on the match, not per "
            "board (Tandem §1.3).",
        ),
        (
            lambda a: a["tournament"].update(double_rounds=False),
            "round 1, table 1, leg 2: only a tournament with double rounds has a second leg.",
        ),
        (
            lambda a: a["rounds"][0]["encounters"][3].update(leg=1),
            "round 1, table 2: this table appears twice in the round.",
        ),
        (
            lambda a: a["tournament"].update(tiebreaks_other=["BW"]),
            "tournament.tiebreaks_other: “BW” counts board points, but a match here has one result and no board "
            "points (Tandem §1.3).",
        ),
    ],
)
def test_bad_tandem_archives_are_refused_naming_the_place(change, message):
    archive = tandem_archive()
    change(archive)
    before = Tournament.objects.count()
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.text() == message
    assert Tournament.objects.count() == before


def test_a_blitz_archive_refuses_a_match_result():
    archive = archive_for_tournament(tournament=make_paired(teams=2))
    for side, result in zip(archive["rounds"][0]["encounters"][0]["sides"], "10"):
        side["result"] = result
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert (
        error.value.text()
        == "round 1, table 1, result: in this tournament every board has its own result; give the results per board."
    )


def test_the_demo_loads_a_tandem_tournament_with_double_rounds(capsys):
    call_command("demo", "--tandem")
    tournament = Tournament.objects.get(slug="tandem-demo")
    assert (tournament.discipline, tournament.double_rounds, tournament.teams.count()) == ("tandem", True, 12)
    assert tournament.rounds.count() == 11
    matches = Match.objects.filter(round__tournament=tournament)
    assert matches.filter(round__number=1).count() == 12  # 6 tables × 2 legs
    assert matches.exclude(result="").count() == 5 * 12
    assert standings_for_tournament(tournament=tournament).after_round == 5
    assert not Tournament.objects.filter(slug="frankenwaldpokal-demo").exists()  # the default demo is separate
