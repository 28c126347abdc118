"""Modern Viererschach as a team match: two teams of two at one table of four seats; a Schach4
variant with two pairs (V2) the same way, checked with Schach4's endings (``tables.endings``).

White + Yellow play Black + Red (Vierer §1); White moves first, then Red, Black, Yellow (§4).
We decided (rules/README §3): the first-named team takes White + Yellow, its player 1 White and
player 2 Yellow; the other team's player 1 Black, player 2 Red; the second leg of a double round
swaps the sides. The match has one result from the first-named team's view, as in tandem
(``1-0``, ``½-½``, ``0-1``, ``+-``, ``-+``, ``--``), scored 2/1/0 and ranked as tandem.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleViolation, gettext_noop
from ..match_result import match_forfeit
from ..results import FORFEITS, BoardResult, parse_board_result
from .endings import Ending
from .finishing import Finish
from .variants import VIERERSCHACH, TableVariant

__all__ = ["Ending", "ViererResult", "parse_vierer_result", "seat_teams"]


@dataclass(frozen=True, slots=True)
class ViererResult:
    result: BoardResult
    ended_by: StrEnum | None = None  # one of the table's endings (``tables.endings``)

    # As a match outcome: one game at one table, so no board decided it (Vierer §1).
    deciding_board = None

    @property
    def decided_by(self) -> StrEnum | None:
        return self.ended_by

    def finish(self) -> Finish:
        """The same result as a finishing order of the two sides (a forfeiting side is absent)."""
        places, absent = _FINISHES[self.result]
        return Finish(VIERERSCHACH, places, absent)


_FINISHES = {
    BoardResult.FIRST_WINS: (((0,), (1,)), ()),
    BoardResult.SECOND_WINS: (((1,), (0,)), ()),
    BoardResult.DRAW: (((0, 1),), ()),
    BoardResult.FIRST_WINS_BY_FORFEIT: (((0,),), (1,)),
    BoardResult.SECOND_WINS_BY_FORFEIT: (((1,),), (0,)),
    BoardResult.DOUBLE_FORFEIT: ((), (0, 1)),
}


def seat_teams[Player](
    first: Sequence[Player], second: Sequence[Player], *, leg: int = 1, variant: TableVariant = VIERERSCHACH
) -> dict[int, Player]:
    """Seat number → player: the first-named team White (1) + Yellow (4), the other Black (3) + Red (2).

    In the second leg of a double round the second-named team takes White + Yellow. A team event
    on Schach4 V2 seats its teams the same way on that variant's sides (seats 1 + 3, 2 + 4).
    """
    moves_first, other = (first, second) if leg == 1 else (second, first)
    return {
        seat: team[rank] for team, side in zip((moves_first, other), variant.sides) for rank, seat in enumerate(side)
    }


def parse_vierer_result(
    result: str,
    *,
    ended_by: str | None = "",
    present: Sequence[tuple[bool, bool]] = (),
    variant: TableVariant = VIERERSCHACH,
) -> ViererResult:
    """Validate a match result and how it ended, by the endings of ``variant``'s rulebook
    (``tables.endings``); ``present`` per player rank (first, second team).

    A team cannot play with one player short, so an empty seat forfeits the match.
    """
    endings = variant.endings
    parsed = parse_board_result(result, field="result")
    ending = _ending(ended_by, variant)
    forfeit = match_forfeit(list(present))
    if forfeit is not None and parsed not in (forfeit, BoardResult.DOUBLE_FORFEIT):
        raise RuleViolation(
            gettext_noop("a team has an empty seat, so the match result can only be %(forfeit)s or %(double)s."),
            field="result",
            rule=variant.team_rule,
            forfeit=forfeit.value,
            double=BoardResult.DOUBLE_FORFEIT.value,
        )
    if parsed in FORFEITS and ending is not None:
        raise RuleViolation(
            gettext_noop("a forfeited match was not played, so it did not end in any way."), field="decided_by"
        )
    if ending in endings.draws and parsed != BoardResult.DRAW:
        raise RuleViolation(
            gettext_noop("“%(ending)s” draws the game; the result must be ½-½."),
            field="result",
            rule=endings.draw_rule,
            ending=ending.value,
        )
    if ending == endings.decides and parsed == BoardResult.DRAW:
        raise RuleViolation(endings.decides_text, field="decided_by", rule=endings.decides_rule)
    return ViererResult(parsed, ending)


def _ending(ended_by, variant: TableVariant) -> StrEnum | None:
    if ended_by in (None, ""):
        return None
    ending = variant.endings.way(str(ended_by).strip())
    if ending is None:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a way a game of %(game)s ends; use one of %(known)s."),
            field="decided_by",
            value=ended_by,
            game=variant.rule,
            known=", ".join(e.value for e in variant.endings.ways),
        )
    return ending
