"""Four-player chess: one game at a table of seats (issue 15), two kinds of discipline.

Viererschach (``DisciplineKind.TEAM_TABLE``) is a team match with one result, like tandem, but at
one table of four seats whose result says how the game ended (Vierer §2, §13). Schach4 games
(``DisciplineKind.TABLE``) are scored per table: the result is the finishing order of the sides
(``tables.finishing``), and entrants are grouped into tables each round. The variant fixes the
table, so there is one discipline per Schach4 variant (``schach4-v1`` … ``schach4-v13``) besides
``vierer`` and its Schach4 team forms (V2, V4, V8).
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..encounter import EncounterState, ResultEntry, Written
from ..errors import RuleViolation, gettext_noop
from ..scoring import MatchRecord, SideRecord
from ..seat_plan import PlannedGame, PlannedSeat
from ..tables.byes import middle_points, parse_bye_points
from ..tables.entry import finish_from_stored, format_places, parse_places, seat_places, stored_places
from ..tables.finishing import RULE, Finish, parse_finish
from ..tables.grouping import Entrant, Grouping, group_by_score
from ..tables.place_points import PlacePoints, parse_place_points
from ..tables.records import table_record
from ..tables.seating import SeatCounts, seat_round
from ..tables.standings import LEGEND, StandingRow, TableGame, table_standings
from ..tables.variants import SCHACH4, TableVariant, form_for, get_variant
from ..tables.vierer import ViererResult, parse_vierer_result
from .base import DisciplineRules
from .entrant_words import PLAYERS
from .entry import Ending
from .match_scored import MatchScored
from .scores import DisciplineKind, ImpliedResults, Seats

_PER_TABLE = gettext_noop("this game's result is the finishing order of its table; enter it for the table.")
TABLE_NOT_CHECKED = gettext_noop(
    "its games are played at tables of several seats; FIDE's tool knows games of two players"
)
TABLE_NOT_IN_TRF = gettext_noop(
    "a TRF-2026 file records games of two players, one against one; a game at a table of "
    "several seats has a finishing order that TRF cannot hold, so this event is not written as TRF."
)


@dataclass(frozen=True, slots=True)
class ViererMatch(MatchScored):
    """A Viererschach match: one result for the match, the ending per Vierer §2, §12, §13.

    One game at one table of four seats; each team's two players sit on one side (Vierer §1).
    The colour pattern says which side the first-named team takes: ``WW`` the side that moves
    first (White + Yellow), ``BB`` the other; the second leg of a double round swaps it.

    Schach4 V2 (two pairs, partners diagonal) is a team match the same way, checked with
    Schach4's endings and citations (``tables.endings``: a king is mated, never captured).
    ``team_sides`` names the variant's sides each team takes, the first-named team's first. The
    retired team forms of V4 and V8 (``RETIRED``) keep theirs so that their tournaments and
    archives still read and rank: V4 put the other team's players at seats 2 and 4 as two
    singles, V8 the first-named team's player 1 with both sets at seat 1 and its player 2 nowhere.
    """

    variant_key: str = "vierer"
    players_per_entrant: int = 2
    kind = DisciplineKind.TEAM_TABLE
    team_sides: tuple[tuple[int, ...], ...] = ((0,), (1,))  # the variant's sides per team, first-named first
    exports = ()  # TRF-2026 has games of two players only
    not_exported_because = TABLE_NOT_IN_TRF
    not_checked_because = TABLE_NOT_CHECKED

    @property
    def variant(self) -> TableVariant:
        return get_variant(self.variant_key)

    @property
    def endings(self) -> tuple[Ending, ...]:
        """How the game may end, as the variant's rulebook says (Vierer §2, §13; Schach4 "Ende des Spiels")."""
        ways = self.variant.endings
        return tuple(Ending(way.value, ways.labels[way], ways.keys[way]) for way in ways.ways)

    @property
    def seat_rule(self) -> str:
        return self.variant.rule

    def form(self, players: int, *, field: str = "table") -> TableVariant:
        """The table every match is played at (a team cannot play one player short, Vierer §1)."""
        return form_for(self.variant, players, field=field)

    def games(self, pattern: str, sides: int = 2) -> tuple[PlannedGame, ...]:
        """The one game: each team sits player 1, player 2 … on its seats as its sides list them."""
        swap = 1 if pattern[:1] == "B" else 0
        colours = {seat.number: seat_colour(seat.colour) for seat in self.variant.seats}
        seats = sorted(
            (
                PlannedSeat(seat, team ^ swap, rank, colours[seat])
                for team in range(len(self.team_sides))
                for rank, seat in enumerate(self._team_seats(team), start=1)
            ),
            key=lambda planned: planned.position,
        )
        return (PlannedGame(1, tuple(seats)),)

    def _team_seats(self, team: int) -> tuple[int, ...]:
        """The seats of team ``team`` (0: the first-named) in the order of its lineup."""
        return tuple(seat for index in self.team_sides[team] for seat in self.variant.sides[index])

    def lineup_rank(self, position: int) -> int:
        """Each team's seats as its sides list them are player 1, player 2 (Vierer §1: White then
        Yellow, Black then Red): a team's lineup puts its rank-1 player at the first of them."""
        seats = next(
            self._team_seats(team) for team in range(len(self.team_sides)) if position in self._team_seats(team)
        )
        return seats.index(position) + 1

    def deciding_boards(self, boards: int) -> range:
        """One game at one table (Vierer §1): no board to name."""
        return range(0)

    def colour_pattern_refusal(self, pattern: str, *, field: str) -> RuleViolation | None:
        if len(set(pattern)) == 1:
            return None
        return RuleViolation(
            gettext_noop(
                "both players of a team sit on one side, so the pattern is WW (the first-named team moves first) or BB."
            ),
            field=field,
            rule=self.seat_rule,
        )

    def match_outcome(
        self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats
    ) -> ViererResult:
        if deciding_board not in (None, ""):
            raise RuleViolation(
                gettext_noop("this match is one game at one table; it has no deciding board."),
                field="deciding_board",
                rule=self.variant.team_rule,
            )
        return parse_vierer_result(result, ended_by=decided_by, present=list(seats), variant=self.variant)

    def board_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(
            gettext_noop("this match is one game at one table; enter its one result for the match."),
            field=field,
            rule=self.variant.team_rule,
        )


@dataclass(frozen=True, slots=True)
class TableScored(DisciplineRules):
    """Schach4: entrants meet at tables of the variant's seats; placement points per side."""

    variant_key: str = "schach4-v1"
    players_per_entrant: int = 1
    place_points: PlacePoints = ()  # the tournament's points per place by sides; () : k − p (rules/README §4)
    bye_points: Fraction | None = None  # what a table bye scores; None: a shared middle place (tables.byes)
    kind = DisciplineKind.TABLE
    groups_tables = True
    entrant_label = gettext_noop("Player")  # Schach4 events are individual (rules/README §4)
    encounters_label = gettext_noop("Games")
    played_label = gettext_noop("Games played")
    words = PLAYERS
    exports = ()  # TRF-2026 has games of two players only
    not_exported_because = TABLE_NOT_IN_TRF
    not_checked_because = TABLE_NOT_CHECKED
    # the grid's keys for one seat's place (Schach4 "Ende des Spiels"); "-": nobody sat there
    result_keys = {"1": "1", "2": "2", "3": "3", "4": "4", "-": "-"}
    place_result_keys = result_keys
    standings_columns = ()  # no board points at a table
    # single players (rules/README §4): no lineups, so no boards, colours, substitutes or eligibility
    # rules of a team's lineup; placement points, no play-off (``playoff_refusal``)
    unused_settings = frozenset(
        {
            "boards",
            "colour_pattern",
            "substitute_boards",
            "max_substitutes",
            "board_order",
            "lineup_rule",
            "rating_cap",
            "rating_cap_check",
            "average_cap",
            "average_cap_check",
            "rating_order_tolerance",
            "rating_order_check",
            "limited_category",
            "category_limit",
            "category_limit_check",
            "playoff_for_first",
            "playoff_ranks_all",
        }
    )
    score_name = gettext_noop("Points")  # placement points (rules/README §4), not match points
    crosstable_note = gettext_noop(
        "Each cell shows the table the player sat at in that round (T1 …), the place it finished in and, in "
        "brackets, the points that place scored; – means no game (a bye or not paired)."
    )
    score_code = gettext_noop("Pts")
    score_description = gettext_noop(
        "Points by finishing place: in place p of k sides k − p (4 sides 3, 2, 1, 0) unless the tournament "
        "sets others (%(place_points)s); sides sharing places share their points; an absent player scores 0."
    )

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
            gettext_noop(
                "at a table the arbiter's decision is entered as the finishing order, with - for a player out."
            ),
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

    def place_points_refusal(self, text: str, *, field: str) -> RuleViolation | None:
        parse_place_points(text, field=field)  # raises, naming the part and the rule
        return None

    def with_place_points(self, text: str) -> "TableScored":
        return replace(self, place_points=parse_place_points(text)) if text else self

    def with_bye_points(self, text: str) -> "TableScored":
        return replace(self, bye_points=parse_bye_points(text)) if text else self

    def bye_points_refusal(self, text: str, *, field: str) -> RuleViolation | None:
        parse_bye_points(text, field=field)  # raises, naming the rule
        return None

    @property
    def table_bye_points(self) -> Fraction:
        """What a table bye scores: the tournament's points, or a shared middle place's (``tables.byes``)."""
        if self.bye_points is not None:
            return self.bye_points
        return middle_points(self.variant, self.points_per_place)

    @property
    def points_per_place(self) -> dict[int, tuple]:
        return dict(self.place_points)

    def form(self, players: int, *, field: str = "table") -> TableVariant:
        """The form a table of ``players`` plays: the variant, or its smaller form (V1 → V5)."""
        return form_for(self.variant, players, field=field)

    def seat_points(self, places: Sequence[int | None]) -> list[float | None]:
        """The finishing order's points per seat (shared places share, absent 0), as the desk
        shows them the moment a table is saved."""
        if not places or any(place is None for place in places):
            return [None] * len(places)
        points = self.stored_finish(dict(enumerate(places, start=1))).seat_points()
        return [float(points[seat]) for seat in range(1, len(places) + 1)]

    def stored_finish(self, places: Mapping[int, int], *, field: str = "places") -> Finish:
        """The finish stored per seat (0: absent), scored with the tournament's points per place."""
        return finish_from_stored(
            places, self.form(len(places), field=field), points_per_place=self.points_per_place, field=field
        )

    def table_game(self, players: int) -> PlannedGame:
        """A table of ``players`` entrants in seat order: entrant i (its own side) at seat i + 1."""
        form = self.form(players)
        return PlannedGame(
            1, tuple(PlannedSeat(seat.number, seat.number - 1, 1, seat_colour(seat.colour)) for seat in form.seats)
        )

    def partner_sides(self, position: int, sides: int) -> tuple[int, ...]:
        """The players whose sets are partnered with the one at seat ``position`` (Schach4: "Die
        Spielfiguren im Team stehen sich diagonal gegenüber"); entrant i sits at seat i."""
        return self.form(sides).partners_of(position)

    def games(self, pattern: str, sides: int = 0) -> tuple[PlannedGame, ...]:
        """One game at one table, its entrants seated in the order the pairing gives (seat 1 first);
        without a number of sides, a full table (Schach4 V2 has no table of two)."""
        return (self.table_game(sides or self.variant.size),)

    def deciding_boards(self, boards: int) -> range:
        """One game at one table: no board to name."""
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
        points = self.points_per_place if points_per_place is None else points_per_place
        return parse_finish(text, form, absent_seats=absent_seats, points_per_place=points, field=field)

    def written(self, entry: ResultEntry, encounter: EncounterState, *, field: str = "") -> Written:
        """A table's finishing order typed as places per seat, read against the form the table
        plays; a seat typed ``-`` is emptied (its player recorded, so a revert seats them again):
        an absent player takes the last place with no points (Schach4 "Ende des Spiels")."""
        if entry.places is None:
            if entry.board is not None:
                raise self.board_entry_refusal(field=field or f"board {entry.board}")
            raise self.match_entry_refusal(field="result")
        if refusal := encounter.bye_refusal(field="places"):
            raise refusal
        (game,) = encounter.games
        old = "" if all(seat.place is None for seat in game.seats) else table_typed(game.seats)
        if not entry.places:
            return Written(
                board=None,
                value_type="finish",
                old={"places": old} if old else None,
                new=None,
                same=not old,
                places=dict.fromkeys((seat.position for seat in game.seats), None),
            )
        finish = self.places(entry.places, players=len(game.seats), empty=game.empty_seats(), field="places")
        typed = seat_places(finish)
        emptied = [seat for seat in game.seats if typed[seat.position] is None and seat.present]
        new = format_places(finish)
        return Written(
            board=None,
            value_type="finish",
            old={"places": old} if old else None,
            new={"places": new, "cleared": [{"seat": seat.position, "player": seat.player} for seat in emptied]},
            same=new == old,
            places=stored_places(finish),
            emptied=frozenset(seat.position for seat in emptied),
        )

    def places(self, text: str, *, players: int, empty: Collection[int] = (), field: str = "places") -> Finish:
        """A table's result typed as places per seat (``1 1 3 4``, ``-`` absent), read against the
        form its number of players plays; a seat nobody was seated at can only be ``-``."""
        finish = parse_places(
            text, self.form(players, field=field), points_per_place=self.points_per_place, field=field
        )
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

    def match_record(
        self, round_number: int, first: int, second: int, result: str, board_results: Sequence[str], boards: int
    ):
        """A table's record needs its places (``encounter_record``)."""
        return None

    def implied_results(self, seats: Seats) -> ImpliedResults:
        """Nothing is implied before the table plays: an absent player is typed as such (``-``)."""
        return ImpliedResults("", ())

    def missing_results(self, *, result: str, board_results: Sequence[str]) -> int:
        return 0 if result else 1

    def bye_record(self, round_number: int, entrant: int, *, boards: int, scoring) -> MatchRecord:
        """A table bye: the entrant the tables left over scores the tournament's bye points
        (``tables.byes``), not the bye rule of a match."""
        side = SideRecord(entrant, (), float(self.table_bye_points))
        return MatchRecord(round_number, (side,), board_scored=False, placement=True)

    def encounter_record(
        self,
        round_number: int,
        entrants: Sequence[int],
        result: str = "",
        board_results: Sequence[str] = (),
        boards: int = 1,
        places: Sequence[int | None] = (),
    ) -> MatchRecord | None:
        """A table of entrants in seat order with their stored places (0: absent); None while
        no place is recorded."""
        if not places or all(place is None for place in places):
            return None
        finish = self.stored_finish(dict(enumerate(places, start=1)))
        return table_record(round_number, dict(enumerate(entrants, start=1)), finish)

    def group(self, entrants: Sequence[Entrant], met: Collection[frozenset[int]] = frozenset()) -> Grouping:
        return group_by_score(entrants, self.variant, met)

    def seat(self, tables: Sequence[Sequence[int]], counts: SeatCounts) -> list[tuple[int, ...]]:
        return seat_round(tables, counts, self.variant)

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


_TABLE_CLAIM = gettext_noop(
    "The material check knows the two-player board only; at a table of several players the arbiter decides."
)


def table_typed(seats) -> str:
    """A table's stored finishing order as typed (``1 - 3 2``): each seat its side's place."""
    return " ".join("-" if not seat.present else str(seat.place) for seat in seats)


def seat_colour(name: str) -> str:
    """The stored colour code of a seat the variant names (Vierer §1), or empty."""
    return {"White": "W", "Black": "B", "Red": "R", "Yellow": "Y"}.get(name, "")


VIERER = ViererMatch(
    key="vierer",
    name=gettext_noop("Viererschach (four-player team chess)"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    seat_label=gettext_noop("Seat"),
    checks_claim_material=False,
    claim_note=gettext_noop(
        "The material check knows the two-player board only; on a flag fall in Viererschach the arbiter decides."
    ),
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

# Retired team forms (issue 25): V4 and V8 have singles, so a team of two would be split into two
# enemies (V4) or sit one player out (V8). No preset offers them; their tournaments and archives
# still read and rank as before (presets.RETIRED_PRESETS).
SCHACH4_V4_TEAM = replace(
    SCHACH4_V2_TEAM,
    key="schach4-v4-team",
    name=gettext_noop("Schach4 V4 (teams of two: a pair against two singles)"),
    variant_key="schach4-v4",
    team_sides=((0,), (1, 2)),
)
SCHACH4_V8_TEAM = replace(
    SCHACH4_V2_TEAM,
    key="schach4-v8-team",
    name=gettext_noop("Schach4 V8 (teams of two: two sets against a pair)"),
    variant_key="schach4-v8",
    team_sides=((0,), (1,)),
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
    d.key: d for d in (VIERER, SCHACH4_V2_TEAM, SCHACH4_V4_TEAM, SCHACH4_V8_TEAM, *SCHACH4_DISCIPLINES)
}
