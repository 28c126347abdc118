"""Four-player chess: the third kind of discipline, a table of seats (issue 15).

Viererschach is a team match with one result, like tandem, but at one table of four seats whose
result says how the game ended (Vierer §2, §13). Schach4 games are scored per table: the result is
the finishing order of the sides (``tables.finishing``), and entrants are grouped into tables each
round. The variant fixes the table, so there is one discipline per Schach4 variant
(``schach4-v1`` … ``schach4-v13``) besides ``vierer`` and its Schach4 V2 team form.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from ..colours import OPPOSITE
from ..errors import RuleViolation, gettext_noop
from ..seat_plan import PlannedGame, PlannedSeat
from ..scoring import MatchRecord, SideRecord
from ..tables.entry import finish_from_stored, parse_places, seat_places
from ..tables.records import table_record
from ..tables.finishing import RULE, Finish, parse_finish
from ..tables.grouping import Entrant, Grouping, group_by_score
from ..tables.seating import SeatCounts, seat_round
from ..tables.standings import LEGEND, StandingRow, TableGame, table_standings
from ..tables.variants import SCHACH4, VIERERSCHACH, TableVariant, form_for, get_variant
from ..tables.vierer import ENDING_KEYS, ENDING_LABELS, Ending as ViererEnding, ViererResult, parse_vierer_result
from .base import DisciplineRules, Ending, ImpliedResults, Scored, Seats
from .match_scored import MatchScored

_PER_TABLE = gettext_noop("this game's result is the finishing order of its table; enter it for the table.")


@dataclass(frozen=True, slots=True)
class ViererMatch(MatchScored):
    """A Viererschach match: one result for the match, the ending per Vierer §2, §12, §13.

    One game at one table of four seats; each team's two players sit on one side (Vierer §1).
    The colour pattern says which side the first-named team takes: ``WW`` the side that moves
    first (White + Yellow), ``BB`` the other; the second leg of a double round swaps it.
    """

    variant_key: str = "vierer"
    players_per_entrant: int = 2
    layout = "table"
    round_prints = ("seat-cards",)
    endings = tuple(Ending(way.value, ENDING_LABELS[way], ENDING_KEYS[way]) for way in ViererEnding)

    @property
    def variant(self) -> TableVariant:
        return get_variant(self.variant_key)

    @property
    def seat_rule(self) -> str:
        return self.variant.rule

    def form(self, players: int, *, field: str = "table") -> TableVariant:
        """The table every match is played at (a team cannot play one player short, Vierer §1)."""
        return form_for(self.variant, players, field=field)

    def games(self, pattern: str, sides: int = 2) -> tuple[PlannedGame, ...]:
        """The one game: the team on the first-moving side sits player 1, player 2 as that side lists."""
        swap = 1 if pattern[:1] == "B" else 0
        colours = {seat.number: seat_colour(seat.colour) for seat in self.variant.seats}
        seats = sorted(
            (PlannedSeat(seat, index ^ swap, rank, colours[seat])
             for index, side in enumerate(self.variant.sides) for rank, seat in enumerate(side, start=1)),
            key=lambda planned: planned.position,
        )
        seats = tuple(seats)
        return (PlannedGame(1, seats),)

    def deciding_boards(self, boards: int) -> range:
        """One game at one table (Vierer §1): no board to name."""
        return range(0)

    def colour_pattern_refusal(self, pattern: str, *, field: str) -> RuleViolation | None:
        if len(set(pattern)) == 1:
            return None
        return RuleViolation(
            gettext_noop("both players of a team sit on one side, so the pattern is WW (the first-named team moves first) or BB."),
            field=field,
            rule=self.seat_rule,
        )

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
    players_per_entrant: int = 1
    scored = Scored.TABLE
    groups_tables = True
    layout = "table"
    round_prints = ("seat-cards",)
    # the grid's keys for one seat's place (Schach4 "Ende des Spiels"); "-": nobody sat there
    result_keys = {"1": "1", "2": "2", "3": "3", "4": "4", "-": "-"}
    place_result_keys = result_keys
    presentation = "match_scored"  # one result for the whole encounter, as a match (its places)
    standings_columns = ()  # no board points at a table

    def missing(self, *, result: str, board_results: Sequence[str]) -> list[int | None]:
        return [] if result else [None]

    def boards_with_results(self, boards: int) -> range:
        return range(0)

    def score_text(self, first: float, second: float, result: str, *, separator: str = " : ") -> str:
        return result

    def short_score_text(self, own: float, result: str) -> str:
        return result

    def loss_of_game(self, *, board: int, result: str):
        raise RuleViolation(
            gettext_noop("at a table the arbiter's decision is entered as the finishing order, with - for a player out."),
            field="penalty",
            rule=RULE,
        )

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

    @property
    def seat_rule(self) -> str:
        return self.variant.rule

    def form(self, players: int, *, field: str = "table") -> TableVariant:
        """The form a table of ``players`` plays: the variant, or its smaller form (V1 → V5)."""
        return form_for(self.variant, players, field=field)

    def table_game(self, players: int) -> PlannedGame:
        """A table of ``players`` entrants in seat order: entrant i (its own side) at seat i + 1."""
        form = self.form(players)
        return PlannedGame(1, tuple(PlannedSeat(seat.number, seat.number - 1, 1, seat_colour(seat.colour)) for seat in form.seats))

    def games(self, pattern: str, sides: int = 2) -> tuple[PlannedGame, ...]:
        """One game at one table, its entrants seated in the order the pairing gives (seat 1 first)."""
        return (self.table_game(sides),)

    def deciding_boards(self, boards: int) -> range:
        """One game at one table (Vierer §1): no board to name."""
        return range(0)

    def colour_pattern_refusal(self, pattern: str, *, field: str) -> RuleViolation | None:
        if pattern == "W":
            return None
        return RuleViolation(
            gettext_noop("seats at a table rotate over the event (rules/README §4); the pattern here is W."),
            field=field,
            rule=self.seat_rule,
        )

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

    def places(self, text: str, *, players: int, empty: Collection[int] = (), field: str = "places") -> Finish:
        """A table's result typed as places per seat (``1 2 2 4``, ``-`` absent), read against the
        form its number of players plays; a seat nobody was seated at can only be ``-``."""
        finish = parse_places(text, self.form(players, field=field), field=field)
        typed = seat_places(finish)
        for seat in sorted(empty):
            if typed.get(seat) is not None:
                raise RuleViolation(
                    gettext_noop("nobody sits at seat %(seat)d, so it takes the last place by forfeit: type - for it."),
                    field=f"{field}.seat {seat}",
                    rule=RULE,
                    seat=seat,
                )
        return finish

    def score(self, *, result: str, board_results: Sequence[str]) -> tuple[float, float]:
        """A table has places, not a score of two sides."""
        return (0.0, 0.0)

    def match_record(self, round_number: int, first: int, second: int, *, result: str, board_results: Sequence[str], boards: int):
        """A table's record needs its places (``encounter_record``)."""
        return None

    def implied_results(self, seats: Seats) -> ImpliedResults:
        """Nothing is implied before the table plays: an absent player is typed as such (``-``)."""
        return ImpliedResults("", ())

    def missing_results(self, *, result: str, board_results: Sequence[str]) -> int:
        return 0 if result else 1

    def encounter_record(
        self, round_number: int, entrants: Sequence[int], *, result: str = "", board_results: Sequence[str] = (),
        boards: int = 1, places: Sequence[int | None] = (),
    ) -> MatchRecord | None:
        """A table of entrants in seat order with their stored places (0: absent); None while
        no place is recorded. A bye (one entrant) scores nothing."""
        if len(entrants) < 2:
            return MatchRecord(round_number, (SideRecord(entrants[0], (), 0.0),), board_scored=False, placement=True)
        if not places or all(place is None for place in places):
            return None
        form = self.form(len(entrants))
        finish = finish_from_stored(dict(enumerate(places, start=1)), form)
        return table_record(round_number, dict(enumerate(entrants, start=1)), finish)

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

    def places_entry_refusal(self, *, field: str) -> None:
        return None


_TABLE_CLAIM = gettext_noop("The material check knows the two-player board only; at a table of several players the arbiter decides.")


def seat_colour(name: str) -> str:
    """The stored colour code of a seat the variant names (Vierer §1), or empty."""
    return {"White": "W", "Black": "B", "Red": "R", "Yellow": "Y"}.get(name, "")


VIERER = ViererMatch(
    key="vierer",
    name=gettext_noop("Viererschach (four-player team chess)"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    seat_label=gettext_noop("Seat"),
    checks_claim_material=False,
    claim_note=gettext_noop("The material check knows the two-player board only; on a flag fall in Viererschach the arbiter decides."),
)

SCHACH4_V2_TEAM = ViererMatch(
    key="schach4-v2-team",
    name=gettext_noop("Schach4 V2 (teams of two)"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    seat_label=gettext_noop("Seat"),
    checks_claim_material=False,
    claim_note=_TABLE_CLAIM,
    variant_key="schach4-v2",
)

SCHACH4_DISCIPLINES: tuple[TableScored, ...] = tuple(
    TableScored(
        key=variant.key,
        name=variant.name,
        standings_legend=LEGEND,
        seat_label=gettext_noop("Seat"),
        checks_claim_material=False,
        claim_note=_TABLE_CLAIM,
        variant_key=variant.key,
    )
    for variant in SCHACH4.values()
)
SCHACH4_INDIVIDUAL = SCHACH4_DISCIPLINES[0]  # Schach4 V1: four players, each against each

FOUR_PLAYER_DISCIPLINES: dict[str, DisciplineRules] = {
    d.key: d for d in (VIERER, SCHACH4_V2_TEAM, *SCHACH4_DISCIPLINES)
}
