"""Modern Viererschach as a team match at one table of four seats (Vierer §1, §2, §4, §13)."""

import pytest

from tournaments.domain.berger import double_berger_rounds
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import match_from_result, match_points
from tournaments.domain.tables.endings import Schach4Ending
from tournaments.domain.tables.variants import VIERERSCHACH, get_variant
from tournaments.domain.tables.vierer import Ending, parse_vierer_result, seat_teams


def colours(seating):
    return {VIERERSCHACH.seats[seat - 1].colour: player for seat, player in sorted(seating.items())}


def test_first_named_team_takes_white_and_yellow():
    seating = seat_teams(("A1", "A2"), ("B1", "B2"))
    assert colours(seating) == {"White": "A1", "Red": "B2", "Black": "B1", "Yellow": "A2"}
    assert [seating[seat] for seat in VIERERSCHACH.turns] == ["A1", "B2", "B1", "A2"]  # Vierer §4


def test_second_leg_swaps_the_sides():
    assert colours(seat_teams(("A1", "A2"), ("B1", "B2"), leg=2)) == {
        "White": "B1",
        "Red": "A2",
        "Black": "A1",
        "Yellow": "B2",
    }


def test_double_round_robin_gives_each_team_white_once_per_pairing():
    cycles = double_berger_rounds(4)
    legs = [(pair[0], pair[1]) for round_pairs in cycles for pair in round_pairs if None not in pair[:2]]
    whites = [colours(seat_teams((f"{a}.1", f"{a}.2"), (f"{b}.1", f"{b}.2")))["White"][0] for a, b in legs]
    assert sorted(whites) == sorted(f"{t}" for t in range(1, 5) for _ in range(3))


@pytest.mark.parametrize(
    "result, ended_by, expected",
    [
        ("1-0", "kings", (BoardResult.FIRST_WINS, Ending.KINGS)),
        ("0-1", "", (BoardResult.SECOND_WINS, None)),
        ("½-½", "stalemate", (BoardResult.DRAW, Ending.STALEMATE)),
        ("=", "material", (BoardResult.DRAW, Ending.MATERIAL)),
        ("0-1", "time", (BoardResult.SECOND_WINS, Ending.TIME)),
        ("½-½", "arbiter", (BoardResult.DRAW, Ending.ARBITER)),
        ("+-", None, (BoardResult.FIRST_WINS_BY_FORFEIT, None)),
    ],
)
def test_results_and_how_they_ended(result, ended_by, expected):
    parsed = parse_vierer_result(result, ended_by=ended_by)
    assert (parsed.result, parsed.ended_by) == expected


@pytest.mark.parametrize(
    "result, ended_by, present, field, rule",
    [
        ("1-0", "stalemate", (), "result", "Vierer §13"),
        ("½-½", "kings", (), "decided_by", "Vierer §2"),
        ("+-", "time", (), "decided_by", ""),
        ("1-0", "resigned", (), "decided_by", ""),
        ("2-0", "", (), "result", ""),
        ("1-0", "", ((True, True), (True, False)), "result", "Vierer §1"),
        ("½-½", "", ((False, True), (True, True)), "result", "Vierer §1"),
    ],
)
def test_nonsense_is_refused_with_field_and_rule(result, ended_by, present, field, rule):
    with pytest.raises(RuleViolation) as error:
        parse_vierer_result(result, ended_by=ended_by, present=present)
    assert (error.value.field, error.value.rule) == (field, rule)


def test_an_empty_seat_allows_only_the_forfeit():
    present = ((True, True), (True, False))  # the second team's player 2 (Red) is missing
    assert parse_vierer_result("+-", present=present).result == BoardResult.FIRST_WINS_BY_FORFEIT
    assert parse_vierer_result("--", present=present).result == BoardResult.DOUBLE_FORFEIT
    with pytest.raises(RuleViolation) as error:
        parse_vierer_result("-+", present=present)
    assert (
        error.value.text() == "result: a team has an empty seat, so the match result can only be +- or -- (Vierer §1)."
    )


def test_match_points_two_one_nothing_and_configurable():
    def mp(result, points=MatchPoints()):
        record = match_from_result(1, 1, 2, parse_vierer_result(result).result)
        return match_points(record, points, bye_scoring=ByeScoring.NOTHING)

    assert mp("1-0") == (2, 0) and mp("½-½") == (1, 1) and mp("-+") == (0, 2) and mp("--") == (0, 0)
    assert mp("1-0", MatchPoints(3, 1, 0)) == (3, 0)


def test_the_result_as_a_finishing_order():
    def points(result):
        return parse_vierer_result(result).finish().seat_points()

    assert points("1-0") == {1: 1, 4: 1, 3: 0, 2: 0}
    assert points("½-½") == {1: 0.5, 4: 0.5, 3: 0.5, 2: 0.5}
    assert points("-+") == {1: 0, 4: 0, 3: 1, 2: 1}
    assert [p.absent for p in parse_vierer_result("-+").finish().placings()] == [True, False]
    assert points("--") == {1: 0, 4: 0, 3: 0, 2: 0}


def test_a_schach4_v2_team_match_seats_partners_diagonally():
    from tournaments.domain.tables.variants import get_variant

    seating = seat_teams(("A1", "A2"), ("B1", "B2"), variant=get_variant("schach4-v2"))
    assert seating == {1: "A1", 3: "A2", 2: "B1", 4: "B2"}


@pytest.mark.parametrize(
    "result, ended_by, expected",
    [
        ("1-0", "checkmate", (BoardResult.FIRST_WINS, Schach4Ending.CHECKMATE)),
        ("½-½", "stalemate", (BoardResult.DRAW, Schach4Ending.STALEMATE)),
        ("½-½", "dead-position", (BoardResult.DRAW, Schach4Ending.DEAD_POSITION)),
        ("0-1", "kings", (BoardResult.SECOND_WINS, Schach4Ending.CHECKMATE)),  # stored before: its checkmate
        ("½-½", "material", (BoardResult.DRAW, Schach4Ending.DEAD_POSITION)),
    ],
)
def test_a_schach4_v2_team_match_ends_by_schach4s_endings(result, ended_by, expected):
    """Schach4 "Schach und Schachmatt": "Der König darf nicht geschlagen - er muss schachmatt gesetzt
    werden"; "Ende des Spiels": the side whose pieces remain last wins, and the game is drawn when
    the player to move cannot move, or no player can mate any more."""
    parsed = parse_vierer_result(result, ended_by=ended_by, variant=get_variant("schach4-v2"))
    assert (parsed.result, parsed.ended_by) == expected


@pytest.mark.parametrize(
    "result, ended_by, present, field, rule",
    [
        ("1-0", "stalemate", (), "result", "Schach4 Ende des Spiels"),
        ("½-½", "checkmate", (), "decided_by", "Schach4 Ende des Spiels"),
        ("1-0", "", ((True, True), (True, False)), "result", "Schach4 V2"),
    ],
)
def test_schach4_v2_team_results_are_refused_citing_schach4_never_viererschach(result, ended_by, present, field, rule):
    with pytest.raises(RuleViolation) as error:
        parse_vierer_result(result, ended_by=ended_by, present=present, variant=get_variant("schach4-v2"))
    assert (error.value.field, error.value.rule) == (field, rule)
    assert "Vierer" not in error.value.text() and "kings" not in error.value.text()


def test_a_schach4_team_table_offers_checkmate_never_captured_kings():
    """In Schach4 a king is never captured (Schach4 "Schach und Schachmatt"), unlike Vierer §2."""
    from tournaments.domain.disciplines import get_discipline

    assert [e.value for e in get_discipline("schach4-v2-team").endings] == [
        "checkmate",
        "stalemate",
        "dead-position",
        "time",
        "arbiter",
    ]
    assert get_discipline("vierer").endings[0].label == "both kings captured or mated"
    with pytest.raises(RuleViolation) as error:
        get_discipline("schach4-v2-team").match_outcome("1-0", deciding_board=1, boards=1, seats=[])
    assert error.value.rule == "Schach4 V2"
