"""One result per match, as in tandem (bughouse): the first board decided decides (Tandem §1.3).

The result is written from the first-named team's view with the board-result spellings (``1-0``,
``½-½``, ``0-1``, ``+-``, ``-+``, ``--``); with it go the board that decided the match and how.
Which combinations make sense is checked here, so every entry path refuses the same nonsense.
"""

from dataclasses import dataclass
from enum import StrEnum

from .errors import RuleViolation, gettext_noop
from .lineup import forfeit_for_empty_seats
from .numbers import whole_number
from .results import FORFEITS, BoardResult, parse_board_result

RULE = "Tandem §1.3"


class DecidedBy(StrEnum):
    CHECKMATE = "checkmate"  # Tandem §5.3
    RESIGNATION = "resignation"  # Tandem §5.1
    TIME = "time"  # Tandem §5.2, flag fall claimed on the own board
    TIME_NEIGHBOUR = "time-neighbour"  # Tandem §2.2, flag fall claimed from the neighbouring board
    ARBITER = "arbiter"  # Tandem §7.4
    AGREED_DRAW = "agreed-draw"  # Tandem §6.1
    DOUBLE_MATE = "double-mate"  # Tandem §6.3, mates on both boards at once
    DOUBLE_TIME = "double-time"  # Tandem §6.4, both flags down, order unknown


DECIDED_BY_LABELS = {
    DecidedBy.CHECKMATE: gettext_noop("checkmate"),
    DecidedBy.RESIGNATION: gettext_noop("resignation"),
    DecidedBy.TIME: gettext_noop("time forfeit"),
    DecidedBy.TIME_NEIGHBOUR: gettext_noop("time forfeit claimed from the neighbouring board"),
    DecidedBy.ARBITER: gettext_noop("arbiter decision"),
    DecidedBy.AGREED_DRAW: gettext_noop("agreed draw"),
    DecidedBy.DOUBLE_MATE: gettext_noop("mates on both boards at once"),
    DecidedBy.DOUBLE_TIME: gettext_noop("double time forfeit"),
}

# The key that picks each way at the desk's result grid, shown beside its label.
DECIDED_BY_KEYS = {
    DecidedBy.CHECKMATE: "m",
    DecidedBy.RESIGNATION: "r",
    DecidedBy.TIME: "t",
    DecidedBy.TIME_NEIGHBOUR: "n",
    DecidedBy.ARBITER: "a",
    DecidedBy.AGREED_DRAW: "d",
    DecidedBy.DOUBLE_MATE: "b",
    DecidedBy.DOUBLE_TIME: "f",
}

# Ways that end the match on one board with a winner: they need that board.
_DECISIVE_ON_A_BOARD = {DecidedBy.CHECKMATE, DecidedBy.RESIGNATION, DecidedBy.TIME, DecidedBy.TIME_NEIGHBOUR}
# Ways that draw the whole match (Tandem §6.1, §6.3, §6.4).
_DRAW_OF_THE_MATCH = {
    DecidedBy.AGREED_DRAW: "Tandem §6.1",
    DecidedBy.DOUBLE_MATE: "Tandem §6.3",
    DecidedBy.DOUBLE_TIME: "Tandem §6.4",
}
# An agreed draw is one board's game ending ("wenn beide Spieler sich auf Remis einigen", §6.1),
# so by §1.3 it decides the match on that board, which may be named; mates or flags on both
# boards at once (§6.3, §6.4) are decided on no single board.
_DRAWN_ON_ONE_BOARD = {DecidedBy.AGREED_DRAW}

_REVERSED = {
    BoardResult.FIRST_WINS: BoardResult.SECOND_WINS,
    BoardResult.SECOND_WINS: BoardResult.FIRST_WINS,
    BoardResult.DRAW: BoardResult.DRAW,
    BoardResult.FIRST_WINS_BY_FORFEIT: BoardResult.SECOND_WINS_BY_FORFEIT,
    BoardResult.SECOND_WINS_BY_FORFEIT: BoardResult.FIRST_WINS_BY_FORFEIT,
    BoardResult.DOUBLE_FORFEIT: BoardResult.DOUBLE_FORFEIT,
}


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    result: BoardResult
    deciding_board: int | None = None
    decided_by: DecidedBy | None = None


def parse_match_outcome(
    result: str, *, deciding_board: int | None = None, decided_by: str | None = "", boards: int = 2
) -> MatchOutcome:
    """Validate a match result with its deciding board and reason; errors name the field.

    The reason may be left open (a TD who only knows the score); the board then too. A forfeited
    match never has one, nor a draw by mates or flags on both boards; an agreed draw may name the
    board it was agreed on (Tandem §1.3, §6.1).
    """
    parsed = parse_board_result(result, field="result")
    reason = _reason(decided_by)
    board = _board(deciding_board, boards)
    if parsed in FORFEITS:
        if board is not None or reason is not None:
            raise RuleViolation(
                gettext_noop("a forfeited match was not played, so it has no deciding board and no reason."),
                field="deciding_board" if board is not None else "decided_by",
            )
        return MatchOutcome(parsed)
    if reason in _DRAW_OF_THE_MATCH:
        if parsed != BoardResult.DRAW:
            raise RuleViolation(
                gettext_noop("“%(reason)s” draws the match; the result must be ½-½."),
                field="result",
                rule=_DRAW_OF_THE_MATCH[reason],
                reason=reason.value,
            )
        if board is not None and reason not in _DRAWN_ON_ONE_BOARD:
            raise RuleViolation(
                gettext_noop("“%(reason)s” is not decided on one board; leave the deciding board empty."),
                field="deciding_board",
                rule=_DRAW_OF_THE_MATCH[reason],
                reason=reason.value,
            )
    elif reason in _DECISIVE_ON_A_BOARD:
        if parsed == BoardResult.DRAW:
            raise RuleViolation(
                gettext_noop("“%(reason)s” has a winner; the result cannot be ½-½."),
                field="decided_by",
                rule=RULE,
                reason=reason.value,
            )
        if board is None:
            raise RuleViolation(
                gettext_noop("name the board (1 or 2) on which the match was decided."),
                field="deciding_board",
                rule=RULE,
            )
    elif parsed == BoardResult.DRAW and board is not None and reason is None:
        raise RuleViolation(
            gettext_noop("a drawn match has no deciding board unless the arbiter decided it on one."),
            field="deciding_board",
            rule="Tandem §6",
        )
    return MatchOutcome(parsed, board, reason)


def reversed_result(result: BoardResult) -> BoardResult:
    """The same result seen from the second-named team (for crosstables)."""
    return _REVERSED[result]


def match_forfeit(seats: list[tuple[bool, bool]]) -> BoardResult | None:
    """The forfeit a match is scored as when a team leaves a board empty: (first, second) per board.

    A tandem team cannot play with one player, so one empty seat forfeits the whole match.
    """
    first_complete = all(first for first, _ in seats)
    second_complete = all(second for _, second in seats)
    return forfeit_for_empty_seats(first_complete, second_complete)


def forfeit_violation(outcome: MatchOutcome, forfeit: BoardResult | None) -> RuleViolation | None:
    """With an empty seat the match can only be that forfeit (or a double forfeit)."""
    if forfeit is None or outcome.result in (forfeit, BoardResult.DOUBLE_FORFEIT):
        return None
    if forfeit is BoardResult.DOUBLE_FORFEIT:
        return RuleViolation(
            gettext_noop("both teams have an empty board, so the match result can only be %(forfeit)s."),
            field="result",
            forfeit=forfeit.value,
        )
    return RuleViolation(  # "or" in the sentence, not in a parameter, so that German says "oder"
        gettext_noop("a team has an empty board, so the match result can only be %(forfeit)s or %(double)s."),
        field="result",
        forfeit=forfeit.value,
        double=BoardResult.DOUBLE_FORFEIT.value,
    )


def _reason(decided_by) -> DecidedBy | None:
    if decided_by in (None, ""):
        return None
    try:
        return DecidedBy(str(decided_by).strip())
    except ValueError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a way a match is decided; use one of %(known)s."),
            field="decided_by",
            value=decided_by,
            known=", ".join(d.value for d in DecidedBy),
        ) from None


def _board(deciding_board, boards: int) -> int | None:
    if deciding_board in (None, ""):
        return None
    if isinstance(deciding_board, str):
        deciding_board = whole_number(deciding_board.strip())
    if not isinstance(deciding_board, int) or isinstance(deciding_board, bool) or not 1 <= deciding_board <= boards:
        raise RuleViolation(
            gettext_noop("the deciding board must be a board number from 1 to %(boards)d."),
            field="deciding_board",
            boards=boards,
        )
    return deciding_board
