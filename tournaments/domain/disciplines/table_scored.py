"""Four-player chess: the third kind of discipline, a table of seats (issue 15).

Viererschach is a team match with one result, like tandem, but at one table of four seats whose
result says how the game ended (Vierer §2, §13). Schach4 games are scored per table: the result is
the finishing order of the sides (``tables.finishing``), and entrants are grouped into tables each
round. Both are kept out of ``DISCIPLINES`` until the model stores games of N seats: a tournament
that cannot be played must not be creatable.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from ..errors import RuleViolation, gettext_noop
from ..tables.finishing import Finish, parse_finish
from ..tables.grouping import Entrant, Grouping, group_by_score
from ..tables.seating import SeatCounts, seat_round
from ..tables.standings import LEGEND, StandingRow, TableGame, table_standings
from ..tables.variants import SCHACH4, TableVariant, form_for, get_variant
from ..tables.vierer import ViererResult, parse_vierer_result
from .base import DisciplineRules, Scored, Seats
from .match_scored import MatchScored

_PER_TABLE = gettext_noop("this game's result is the finishing order of its table; enter it for the table.")


@dataclass(frozen=True, slots=True)
class ViererMatch(MatchScored):
    """A Viererschach match: one result for the match, the ending per Vierer §2, §12, §13."""

    def match_outcome(self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats) -> ViererResult:
        if deciding_board not in (None, ""):
            raise RuleViolation(
                gettext_noop("a Viererschach match is one game at one table; it has no deciding board."),
                field="deciding_board",
                rule="Vierer §1",
            )
        return parse_vierer_result(result, ended_by=decided_by, present=list(seats))

    def board_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(
            gettext_noop("a Viererschach match is one game at one table; enter its one result for the match."),
            field=field,
            rule="Vierer §1",
        )


@dataclass(frozen=True, slots=True)
class TableScored(DisciplineRules):
    """Schach4: entrants meet at tables of the variant's seats; placement points per side."""

    variant_key: str = "schach4-v1"
    scored = Scored.TABLE

    @property
    def variant(self) -> TableVariant:
        return get_variant(self.variant_key)

    def for_variant(self, key: str) -> "TableScored":
        """The same discipline played as another Schach4 variant (the tournament's choice)."""
        if key not in SCHACH4:
            raise RuleViolation(
                gettext_noop("“%(value)s” is not a Schach4 variant; known variants: %(known)s"),
                field="variant",
                value=key,
                known=", ".join(SCHACH4),
            )
        return replace(self, variant_key=key)

    def finish(
        self,
        text: str,
        *,
        players: int,
        absent_seats: Collection[int] = (),
        points_per_place: Mapping[int, Sequence[float]] | None = None,
        field: str = "result",
    ) -> Finish:
        """A table's typed finishing order, read against the form its number of players plays."""
        form = form_for(self.variant, players, field=field)
        return parse_finish(text, form, absent_seats=absent_seats, points_per_place=points_per_place, field=field)

    def group(self, entrants: Sequence[Entrant], met: Collection[frozenset[int]] = frozenset()) -> Grouping:
        return group_by_score(entrants, self.variant, met)

    def seat(self, tables: Sequence[Sequence[int]], counts: SeatCounts) -> list[tuple[int, ...]]:
        return seat_round(tables, counts)

    def standings(self, entrants: Sequence[int], games: Sequence[TableGame]) -> list[StandingRow]:
        return table_standings(entrants, games)

    def board_result(self, result: str, *, first_present: bool, second_present: bool, field: str):
        raise self.board_entry_refusal(field=field)

    def match_outcome(self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats):
        raise self.match_entry_refusal(field="result")

    def board_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(_PER_TABLE, field=field, rule="Schach4")

    def match_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(_PER_TABLE, field=field, rule="Schach4")


VIERER = ViererMatch(
    key="vierer",
    name=gettext_noop("Viererschach (four-player team chess)"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    seat_label=gettext_noop("Seat"),
    checks_claim_material=False,
    claim_note=gettext_noop("The material check knows the two-player board only; on a flag fall in Viererschach the arbiter decides."),
)

SCHACH4_INDIVIDUAL = TableScored(
    key="schach4",
    name=gettext_noop("Schach4 (four-player chess)"),
    standings_legend=LEGEND,
    seat_label=gettext_noop("Seat"),
    checks_claim_material=False,
    claim_note=gettext_noop("The material check knows the two-player board only; on a flag fall in Schach4 the arbiter decides."),
)

FOUR_PLAYER_DISCIPLINES: dict[str, DisciplineRules] = {d.key: d for d in (VIERER, SCHACH4_INDIVIDUAL)}
