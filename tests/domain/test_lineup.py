"""Lineups under the Blitz preamble: boards 1-3 fixed, the substitute on board 4 only."""

from tournaments.domain.lineup import (
    LineupRules,
    default_lineup,
    forfeit_for_empty_seats,
    lineup_violations,
    result_violation,
)
from tournaments.domain.presets import PRESETS, BoardOrder
from tournaments.domain.results import BoardResult

FRANKENWALD = LineupRules(boards=4, substitute_boards=(4,), max_substitutes=1, rule="Blitz preamble")
FIDE = LineupRules(boards=4, substitute_boards=(1, 2, 3, 4), max_substitutes=1, board_order=BoardOrder.ASCENDING)


def texts(lineup, rules=FRANKENWALD, roster_size=5):
    return [v.text() for v in lineup_violations(lineup, roster_size=roster_size, rules=rules)]


def test_registered_order_and_substitute_on_board_four_are_valid():
    assert texts([1, 2, 3, 4]) == []
    assert texts([1, 2, 3, 5]) == []
    assert texts([1, 2, None, 4]) == []  # an empty board is allowed: it is a forfeit


def test_substitute_elsewhere_is_refused_with_board_and_rule():
    assert texts([1, 5, 3, 4]) == ["board 2: a substitute may only play board 4 (Blitz preamble)."]


def test_a_regular_player_may_not_move_to_another_board():
    assert texts([1, 2, 4, None]) == [
        "board 3: the board order is fixed: only registered player 3 may play board 3 (Blitz preamble)."
    ]


def test_duplicates_unknown_players_and_wrong_length():
    assert texts([1, 1, 3, 4]) == ["board 2: the player already plays board 1."]
    assert texts([1, 2, 3, 6]) == ["board 4: the player is not on this team's roster."]
    assert texts([1, 2, 3]) == ["lineup: a lineup names one player (or nobody) for each of the 4 boards."]


def test_too_many_substitutes():
    rules = LineupRules(boards=4, substitute_boards=(3, 4), max_substitutes=1)
    assert texts([1, 2, 5, 6], rules=rules, roster_size=6) == ["lineup: at most 1 substitute may play in one match."]


def test_ascending_order_lets_reserves_move_up():
    assert texts([1, 3, 4, 5], rules=FIDE) == []
    assert texts([2, 1, 3, 4], rules=FIDE) == [
        "board 2: players must keep their registered order; this player is registered above the one on a higher board."
    ]


def test_preset_rules_match_the_rulebook():
    preset = PRESETS["blitz-frankenwald"]
    assert (preset.boards, preset.colour_pattern, preset.substitute_boards, preset.max_substitutes) == (
        4,
        "BWBW",
        (4,),
        1,
    )


def test_default_lineup_leaves_missing_boards_empty():
    assert default_lineup(5, 4) == [1, 2, 3, 4]
    assert default_lineup(3, 4) == [1, 2, 3, None]


def test_empty_seats_are_forfeits_and_only_forfeits_are_accepted_there():
    assert forfeit_for_empty_seats(True, True) is None
    assert forfeit_for_empty_seats(False, True) is BoardResult.SECOND_WINS_BY_FORFEIT
    assert forfeit_for_empty_seats(True, False) is BoardResult.FIRST_WINS_BY_FORFEIT
    assert forfeit_for_empty_seats(False, False) is BoardResult.DOUBLE_FORFEIT
    problem = result_violation(BoardResult.FIRST_WINS, first_present=False, second_present=True, board=2)
    assert problem.text() == "board 2: nobody plays here for one side, so the result can only be -+ or --."
    assert (
        result_violation(BoardResult.SECOND_WINS_BY_FORFEIT, first_present=False, second_present=True, board=2) is None
    )
