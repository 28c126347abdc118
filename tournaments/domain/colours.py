"""Colours per board from the first-named team's pattern (Blitz §18: ``BWBW``, Tandem §8.2: ``BW``)."""

OPPOSITE = {"W": "B", "B": "W"}


def board_colours(pattern: str, board: int) -> tuple[str, str]:
    """(first-named team's colour, second-named team's colour) on a 1-based board."""
    first = pattern[board - 1]
    return first, OPPOSITE[first]


def swapped(pattern: str) -> str:
    """The pattern seen from the other team, e.g. for a return match with colours swapped."""
    return "".join(OPPOSITE[c] for c in pattern)


def leg_pattern(pattern: str, leg: int) -> str:
    """The pattern a match is played with: in a double round the second leg swaps every board's
    colours while the teams keep their boards and the first-named team stays first-named."""
    return swapped(pattern) if leg == 2 else pattern
