"""Colours per board from the first-named team's pattern (Blitz §18: ``BWBW``)."""

OPPOSITE = {"W": "B", "B": "W"}


def board_colours(pattern: str, board: int) -> tuple[str, str]:
    """(first-named team's colour, second-named team's colour) on a 1-based board."""
    first = pattern[board - 1]
    return first, OPPOSITE[first]


def swapped(pattern: str) -> str:
    """The pattern seen from the other team, e.g. for a return match with colours swapped."""
    return "".join(OPPOSITE[c] for c in pattern)
