"""Which registered players may sit at which board of a match.

A lineup is one entry per board: the roster position of the player (1..boards are the regular
players in their fixed order, higher positions the substitutes) or ``None`` for an empty board,
which the caller scores as a forfeit loss on that board (Blitz preamble, as we read it).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from .eligibility import Eligibility, Entrant, eligibility_findings
from .errors import RuleViolation, RuleViolations, gettext_noop
from .presets import BoardOrder
from .results import BoardResult


@dataclass(frozen=True, slots=True)
class LineupRules:
    boards: int
    substitute_boards: tuple[int, ...]
    max_substitutes: int
    board_order: BoardOrder = BoardOrder.FIXED
    rule: str = ""
    eligibility: Eligibility = field(default_factory=Eligibility)


def lineup_check(
    players: Sequence[Entrant | None], positions: Sequence[int | None], *, roster_size: int, rules: LineupRules
) -> list[RuleViolation]:
    """The eligibility warnings of a lineup that may be saved; a RuleViolations with every
    refusal (board order, substitutes, then the eligibility rules set to refuse) when it may not.

    ``players`` are the roster's players on the boards of ``positions`` (``None`` = empty).
    """
    if problems := lineup_violations(positions, roster_size=roster_size, rules=rules):
        raise RuleViolations(problems)
    findings = eligibility_findings(players, rules.eligibility)
    if refusals := [finding.violation for finding in findings if finding.refuses]:
        raise RuleViolations(refusals)
    return [finding.violation for finding in findings]


def lineup_violations(lineup: Sequence[int | None], *, roster_size: int, rules: LineupRules) -> list[RuleViolation]:
    """Every way this lineup breaks the rules, each naming its board; empty when it is valid."""
    if len(lineup) != rules.boards:
        return [
            RuleViolation(
                gettext_noop("a lineup names one player (or nobody) for each of the %(boards)d boards."),
                field="lineup",
                boards=rules.boards,
            )
        ]
    problems = []
    seen: dict[int, int] = {}
    substitutes = 0
    previous = 0
    for board, position in enumerate(lineup, start=1):
        if position is None:
            continue
        field = f"board {board}"
        if not 1 <= position <= roster_size:
            problems.append(RuleViolation(gettext_noop("the player is not on this team's roster."), field=field))
            continue
        if position in seen:
            problems.append(
                RuleViolation(
                    gettext_noop("the player already plays board %(other)d."),
                    field=field,
                    other=seen[position],
                )
            )
            continue
        seen[position] = board
        is_substitute = position > rules.boards
        substitutes += is_substitute
        if is_substitute and board not in rules.substitute_boards:
            problems.append(
                RuleViolation(
                    gettext_noop("a substitute may only play board %(boards)s."),
                    field=field,
                    rule=rules.rule,
                    boards=", ".join(map(str, rules.substitute_boards)) or "–",
                )
            )
        elif rules.board_order == BoardOrder.FIXED and not is_substitute and position != board:
            problems.append(
                RuleViolation(
                    gettext_noop(
                        "the board order is fixed: only registered player %(board)d may play board %(board)d."
                    ),
                    field=field,
                    rule=rules.rule,
                    board=board,
                )
            )
        elif rules.board_order == BoardOrder.ASCENDING and position < previous:
            problems.append(
                RuleViolation(
                    gettext_noop(
                        "players must keep their registered order; this player is registered above the one on a "
                        "higher board."
                    ),
                    field=field,
                    rule=rules.rule,
                )
            )
        previous = max(previous, position)
    if substitutes > rules.max_substitutes:
        problems.append(
            RuleViolation(
                gettext_noop("at most %(count)d substitute may play in one match."),
                plural=gettext_noop("at most %(count)d substitutes may play in one match."),
                field="lineup",
                rule=rules.rule,
                count=rules.max_substitutes,
            )
        )
    return problems


def default_lineup(roster_size: int, boards: int) -> list[int | None]:
    """The registered players 1..boards on their own boards; missing ones leave a board empty."""
    return [board if board <= roster_size else None for board in range(1, boards + 1)]


def forfeit_for_empty_seats(first_present: bool, second_present: bool) -> BoardResult | None:
    """An empty board is a forfeit loss on that board for the side that fielded nobody."""
    if first_present and second_present:
        return None
    if not first_present and not second_present:
        return BoardResult.DOUBLE_FORFEIT
    return BoardResult.SECOND_WINS_BY_FORFEIT if not first_present else BoardResult.FIRST_WINS_BY_FORFEIT


def clearing_violation(forfeit: BoardResult | None, *, field: str) -> RuleViolation | None:
    """An empty seat makes its board (or a tandem match, Tandem §1.3) that forfeit, as the pairing,
    a lineup and a withdrawal write it: clearing the result would leave a forfeit that counts for
    nobody on the desk and for the opponent once the archive is read back. Seat a player instead."""
    if forfeit is None:
        return None
    return RuleViolation(
        gettext_noop(
            "nobody plays here for a side, so the result stays a forfeit (%(forfeit)s); seat a player to clear it."
        ),
        field=field,
        forfeit=forfeit.value,
    )


def result_violation(
    result: BoardResult, *, first_present: bool, second_present: bool, board: int
) -> RuleViolation | None:
    """A side with no player on a board cannot have won or drawn the game there."""
    forfeit = forfeit_for_empty_seats(first_present, second_present)
    allowed = {
        None: None,
        BoardResult.DOUBLE_FORFEIT: {BoardResult.DOUBLE_FORFEIT},
        BoardResult.SECOND_WINS_BY_FORFEIT: {BoardResult.SECOND_WINS_BY_FORFEIT, BoardResult.DOUBLE_FORFEIT},
        BoardResult.FIRST_WINS_BY_FORFEIT: {BoardResult.FIRST_WINS_BY_FORFEIT, BoardResult.DOUBLE_FORFEIT},
    }[forfeit]
    if allowed is None or result in allowed:
        return None
    if forfeit is BoardResult.DOUBLE_FORFEIT:
        return RuleViolation(
            gettext_noop("nobody plays here, so the result can only be %(forfeit)s."),
            field=f"board {board}",
            forfeit=forfeit.value,
        )
    return RuleViolation(  # "or" in the sentence, not in a parameter, so that German says "oder"
        gettext_noop("nobody plays here for one side, so the result can only be %(forfeit)s or %(double)s."),
        field=f"board {board}",
        forfeit=forfeit.value,
        double=BoardResult.DOUBLE_FORFEIT.value,
    )
