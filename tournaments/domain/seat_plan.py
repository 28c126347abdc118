"""Who sits where in an encounter's games, as the discipline plans it before anyone plays.

Services create the games of an encounter from this plan, so no code outside the domain knows
whether a game has two seats (a board) or a table of four (issue 15). A seat is named by its
position in the game (at a table: the order of the first move), the encounter side it plays for
(0-based), which of that side's players sits there (its lineup rank, 1-based) and its colour.

Colour codes: ``W`` White, ``B`` Black (FIDE Laws), ``R`` Red, ``Y`` Yellow (Vierer §1);
Schach4 names no colours for its sets, so its seats carry none (empty).
"""

from dataclasses import dataclass

from .errors import gettext_noop

COLOUR_NAMES = {
    "W": gettext_noop("White"),
    "B": gettext_noop("Black"),
    "R": gettext_noop("Red"),
    "Y": gettext_noop("Yellow"),
}


@dataclass(frozen=True, slots=True)
class PlannedSeat:
    position: int  # 1-based; at a table the move order (seat 1 moves first)
    side: int  # 0-based index of the encounter's side
    rank: int  # 1-based: which of the side's players (its lineup board)
    colour: str = ""  # a key of COLOUR_NAMES, or empty where the rules name none


@dataclass(frozen=True, slots=True)
class PlannedGame:
    board: int  # 1-based number of the game within its encounter
    seats: tuple[PlannedSeat, ...]


def board_games(pattern: str) -> tuple[PlannedGame, ...]:
    """One two-seat game per board: the first-named side's player b against the other's player b,
    colours from the pattern (Blitz §18, Tandem §8.2); seat 1 is the first-named side's."""
    opposite = {"W": "B", "B": "W"}
    return tuple(
        PlannedGame(board, (PlannedSeat(1, 0, board, colour), PlannedSeat(2, 1, board, opposite[colour])))
        for board, colour in enumerate(pattern, start=1)
    )
