"""Colours per board from the first-named team's pattern (Blitz §18: ``BWBW``, Tandem §8.2: ``BW``)."""

OPPOSITE = {"W": "B", "B": "W"}


def board_colours(pattern: str, board: int) -> tuple[str, str]:
    """(first-named team's colour, second-named team's colour) on a 1-based board."""
    first = pattern[board - 1]
    return first, OPPOSITE[first]


def swapped(pattern: str) -> str:
    """The pattern seen from the other team, e.g. for a return match with colours swapped."""
    return "".join(OPPOSITE[c] for c in pattern)


def return_leg_pattern(pattern: str, *, first_named_again: bool) -> str:
    """The pattern of a double round's return leg, seen from its first-named team.

    Arbiter names the other team first in the return leg, so the tournament's pattern holds there
    as well and "the first-named team has Black on boards 1 and 3" (Blitz §18; Tandem §8.2: on
    board 1) stays literally true on every form (*our decision*, docs/rules.md): every board's
    colours are swapped all the same. Archives written before named the same team first in both
    legs (``first_named_again``) with the pattern swapped; they still import as they were."""
    return swapped(pattern) if first_named_again else pattern
