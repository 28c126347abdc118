"""One result per tandem match (Tandem §1.3), with the deciding board and how it was decided."""

import pytest

from tournaments.domain.colours import board_colours, return_leg_pattern
from tournaments.domain.errors import RuleViolation
from tournaments.domain.match_result import (
    DecidedBy,
    MatchOutcome,
    forfeit_violation,
    match_forfeit,
    parse_match_outcome,
    reversed_result,
)
from tournaments.domain.results import BoardResult


@pytest.mark.parametrize(
    ("result", "board", "how", "expected"),
    [
        ("1-0", 2, "checkmate", MatchOutcome(BoardResult.FIRST_WINS, 2, DecidedBy.CHECKMATE)),
        ("0:1", "1", "time-neighbour", MatchOutcome(BoardResult.SECOND_WINS, 1, DecidedBy.TIME_NEIGHBOUR)),
        ("1/2-1/2", None, "agreed-draw", MatchOutcome(BoardResult.DRAW, None, DecidedBy.AGREED_DRAW)),
        ("=", None, "double-mate", MatchOutcome(BoardResult.DRAW, None, DecidedBy.DOUBLE_MATE)),
        ("½-½", None, "double-time", MatchOutcome(BoardResult.DRAW, None, DecidedBy.DOUBLE_TIME)),
        ("½-½", 1, "arbiter", MatchOutcome(BoardResult.DRAW, 1, DecidedBy.ARBITER)),
        ("0-1", None, "", MatchOutcome(BoardResult.SECOND_WINS)),  # only the score is known
        ("+-", None, None, MatchOutcome(BoardResult.FIRST_WINS_BY_FORFEIT)),
        ("--", None, "", MatchOutcome(BoardResult.DOUBLE_FORFEIT)),
    ],
)
def test_valid_combinations(result, board, how, expected):
    assert parse_match_outcome(result, deciding_board=board, decided_by=how) == expected


@pytest.mark.parametrize(
    ("result", "board", "how", "message"),
    [
        (
            "½-½",
            1,
            "double-mate",
            "deciding_board: “double-mate” is not decided on one board; leave the deciding board empty (Tandem §6.3).",
        ),
        ("1-0", None, "double-mate", "result: “double-mate” draws the match; the result must be ½-½ (Tandem §6.3)."),
        ("½-½", 2, "resignation", "decided_by: “resignation” has a winner; the result cannot be ½-½ (Tandem §1.3)."),
        (
            "1-0",
            None,
            "checkmate",
            "deciding_board: name the board (1 or 2) on which the match was decided (Tandem §1.3).",
        ),
        ("1-0", 3, "checkmate", "deciding_board: the deciding board must be a board number from 1 to 2."),
        ("-+", 1, "", "deciding_board: a forfeited match was not played, so it has no deciding board and no reason."),
        (
            "+-",
            None,
            "time",
            "decided_by: a forfeited match was not played, so it has no deciding board and no reason.",
        ),
        (
            "½-½",
            1,
            "",
            "deciding_board: a drawn match has no deciding board unless the arbiter decided it on one (Tandem §6).",
        ),
        (
            "1-0",
            1,
            "stalemate",
            "decided_by: “stalemate” is not a way a match is decided; use one of checkmate, resignation, time, "
            "time-neighbour, arbiter, agreed-draw, double-mate, double-time.",
        ),
        ("2-0", None, "", "result: “2-0” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --."),
    ],
)
def test_impossible_combinations_name_the_field(result, board, how, message):
    with pytest.raises(RuleViolation) as error:
        parse_match_outcome(result, deciding_board=board, decided_by=how)
    assert error.value.text() == message


def test_an_empty_seat_forfeits_the_whole_match():
    assert match_forfeit([(True, True), (True, True)]) is None
    assert match_forfeit([(True, True), (False, True)]) == BoardResult.SECOND_WINS_BY_FORFEIT
    assert match_forfeit([(True, False), (False, True)]) == BoardResult.DOUBLE_FORFEIT
    problem = forfeit_violation(
        MatchOutcome(BoardResult.FIRST_WINS, 1, DecidedBy.CHECKMATE), BoardResult.SECOND_WINS_BY_FORFEIT
    )
    assert problem.text() == "result: a team has an empty board, so the match result can only be -+ or --."
    assert forfeit_violation(MatchOutcome(BoardResult.DOUBLE_FORFEIT), BoardResult.SECOND_WINS_BY_FORFEIT) is None


def test_results_seen_from_the_second_team():
    assert [reversed_result(BoardResult(r)).value for r in ("1-0", "½-½", "0-1", "+-", "-+", "--")] == [
        "0-1",
        "½-½",
        "1-0",
        "-+",
        "+-",
        "--",
    ]


def test_tandem_8_2_the_return_leg_names_the_other_team_first_and_it_has_black_on_board_1():
    """Tandem §8.2: "Die erstgenannte Mannschaft einer Paarung führt an Brett 1 die schwarzen
    Figuren" holds in the return leg too: the other team is named first there, so each team
    changes colour on both boards. Archives from before named the same team first, colours swapped."""
    assert [board_colours(return_leg_pattern("BW", first_named_again=False), b) for b in (1, 2)] == [
        ("B", "W"),
        ("W", "B"),
    ]
    assert [board_colours(return_leg_pattern("BW", first_named_again=True), b) for b in (1, 2)] == [
        ("W", "B"),
        ("B", "W"),
    ]


def test_tandem_1_3_an_agreed_draw_may_name_the_board_it_was_agreed_on():
    """Tandem §6.1: "Eine Partie endet unentschieden, wenn beide Spieler sich auf Remis einigen" —
    one board's game; §1.3: "Die Entscheidung der Partie an einem Brett beendet den ganzen Kampf"."""
    assert parse_match_outcome("½-½", deciding_board=2, decided_by="agreed-draw") == MatchOutcome(
        BoardResult.DRAW, 2, DecidedBy.AGREED_DRAW
    )
    assert parse_match_outcome("½-½", decided_by="agreed-draw").deciding_board is None
