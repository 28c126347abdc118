"""Modern Viererschach as a team match: two teams of two at one table of four seats.

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
from .finishing import Finish
from .variants import VIERERSCHACH, TableVariant


class Ending(StrEnum):
    KINGS = "kings"  # Vierer §2, §12: both kings of a team captured or mated
    STALEMATE = "stalemate"  # Vierer §13
    MATERIAL = "material"  # Vierer §13: neither team can capture both enemy kings
    TIME = "time"
    ARBITER = "arbiter"


ENDING_LABELS = {
    Ending.KINGS: gettext_noop("both kings captured or mated"),
    Ending.STALEMATE: gettext_noop("stalemate"),
    Ending.MATERIAL: gettext_noop("insufficient material"),
    Ending.TIME: gettext_noop("time forfeit"),
    Ending.ARBITER: gettext_noop("arbiter decision"),
}

ENDING_KEYS = {Ending.KINGS: "k", Ending.STALEMATE: "s", Ending.MATERIAL: "i", Ending.TIME: "t", Ending.ARBITER: "a"}

_DRAWN_BY = {Ending.STALEMATE, Ending.MATERIAL}  # Vierer §13


@dataclass(frozen=True, slots=True)
class ViererResult:
    result: BoardResult
    ended_by: Ending | None = None

    # As a match outcome: one game at one table, so no board decided it (Vierer §1).
    deciding_board = None

    @property
    def decided_by(self) -> Ending | None:
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
    result: str, *, ended_by: str | None = "", present: Sequence[tuple[bool, bool]] = ()
) -> ViererResult:
    """Validate a match result and how it ended; ``present`` per player rank (first, second team).

    A team cannot play with one player short, so an empty seat forfeits the match.
    """
    parsed = parse_board_result(result, field="result")
    ending = _ending(ended_by)
    forfeit = match_forfeit(list(present))
    if forfeit is not None and parsed not in (forfeit, BoardResult.DOUBLE_FORFEIT):
        raise RuleViolation(
            gettext_noop("a team has an empty seat, so the match result can only be %(forfeit)s or %(double)s."),
            field="result",
            rule="Vierer §1",
            forfeit=forfeit.value,
            double=BoardResult.DOUBLE_FORFEIT.value,
        )
    if parsed in FORFEITS and ending is not None:
        raise RuleViolation(
            gettext_noop("a forfeited match was not played, so it did not end in any way."), field="decided_by"
        )
    if ending in _DRAWN_BY and parsed != BoardResult.DRAW:
        raise RuleViolation(
            gettext_noop("“%(ending)s” draws the game; the result must be ½-½."),
            field="result",
            rule="Vierer §13",
            ending=ending.value,
        )
    if ending == Ending.KINGS and parsed == BoardResult.DRAW:
        raise RuleViolation(
            gettext_noop("the team that has taken both enemy kings wins; the result cannot be ½-½."),
            field="decided_by",
            rule="Vierer §2",
        )
    return ViererResult(parsed, ending)


def _ending(ended_by) -> Ending | None:
    if ended_by in (None, ""):
        return None
    try:
        return Ending(str(ended_by).strip())
    except ValueError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a way a Viererschach game ends; use one of %(known)s."),
            field="decided_by",
            value=ended_by,
            known=", ".join(e.value for e in Ending),
        ) from None
