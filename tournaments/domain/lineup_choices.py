"""Which roster positions the desk offers for each board of a lineup.

Offering only allowed players keeps the TD from typing a lineup the rules refuse: under a fixed
board order board b is registered player b, and substitutes appear only on the boards the preset
allows (Blitz preamble: board 4 only).
"""

from .lineup import LineupRules
from .presets import BoardOrder


def board_choices(roster_size: int, rules: LineupRules) -> list[list[int]]:
    """For boards 1..n, the roster positions that may play there (an empty board is always allowed)."""
    regular = range(1, min(rules.boards, roster_size) + 1)
    substitutes = list(range(rules.boards + 1, roster_size + 1))
    choices = []
    for board in range(1, rules.boards + 1):
        own = [board] if board in regular else []
        allowed = own if rules.board_order == BoardOrder.FIXED else list(regular)
        choices.append(allowed + (substitutes if board in rules.substitute_boards else []))
    return choices
