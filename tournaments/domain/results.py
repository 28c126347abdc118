"""Board results, always written from the first-named team's point of view.

Accepted spellings follow what TDs type: ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``=``,
``0.5-0.5``), forfeits ``+-``/``-+`` and the double forfeit ``--``.
"""

from enum import StrEnum

from .errors import RuleViolation, gettext_noop


class BoardResult(StrEnum):
    FIRST_WINS = "1-0"
    DRAW = "½-½"
    SECOND_WINS = "0-1"
    FIRST_WINS_BY_FORFEIT = "+-"
    SECOND_WINS_BY_FORFEIT = "-+"
    DOUBLE_FORFEIT = "--"

    @property
    def points(self) -> tuple[float, float]:
        """Board points (first, second): win 1, draw ½, loss 0, forfeit win 1 (Blitz §16)."""
        return BOARD_POINTS[self]

    @property
    def is_forfeit(self) -> bool:
        return self in FORFEITS


BOARD_POINTS = {  # (first, second) per result
    BoardResult.FIRST_WINS: (1.0, 0.0),
    BoardResult.DRAW: (0.5, 0.5),
    BoardResult.SECOND_WINS: (0.0, 1.0),
    BoardResult.FIRST_WINS_BY_FORFEIT: (1.0, 0.0),
    BoardResult.SECOND_WINS_BY_FORFEIT: (0.0, 1.0),
    BoardResult.DOUBLE_FORFEIT: (0.0, 0.0),
}

FORFEITS = frozenset(
    {BoardResult.FIRST_WINS_BY_FORFEIT, BoardResult.SECOND_WINS_BY_FORFEIT, BoardResult.DOUBLE_FORFEIT}
)

# a stored result (its value) -> the result: what ``BoardResult(text)`` gives, at a dictionary's
# cost rather than the Enum call's, for every board of every standings read
BY_VALUE = {result.value: result for result in BoardResult}

_SPELLINGS = {
    "1-0": BoardResult.FIRST_WINS,
    "1:0": BoardResult.FIRST_WINS,
    "0-1": BoardResult.SECOND_WINS,
    "0:1": BoardResult.SECOND_WINS,
    "½-½": BoardResult.DRAW,
    "½:½": BoardResult.DRAW,
    "1/2-1/2": BoardResult.DRAW,
    "1/2:1/2": BoardResult.DRAW,
    "0.5-0.5": BoardResult.DRAW,
    "=": BoardResult.DRAW,
    "+-": BoardResult.FIRST_WINS_BY_FORFEIT,
    "+:-": BoardResult.FIRST_WINS_BY_FORFEIT,
    "-+": BoardResult.SECOND_WINS_BY_FORFEIT,
    "-:+": BoardResult.SECOND_WINS_BY_FORFEIT,
    "--": BoardResult.DOUBLE_FORFEIT,
    "-:-": BoardResult.DOUBLE_FORFEIT,
}


def parse_board_result(text: str, *, field: str = "result") -> BoardResult:
    """Read a result as typed; anything else is refused with the accepted spellings."""
    key = str(text).strip().lower().replace(" ", "")
    try:
        return _SPELLINGS[key]
    except KeyError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --."),
            field=field,
            value=text,
        ) from None
