"""The one read model of an encounter, as every client sees it (issue 24).

An encounter is a match of two teams on boards, a tandem or Viererschach match with one result,
or a table of Schach4 players: sides, games, and each game's seats in order (at a table the move
order) with colour, player, the entrant they play for, and, once a result is in, the game's
result or each seat's place and points as the finishing order gives them. What stays hidden
until the TD publishes the round is decided here and nowhere else (``results_hidden``): results,
places, the score and the version, which would otherwise move with every result typed into a
draft round (issue 18 item 9).

Pages, the desk, the API (``match_view.py`` gives its dict), the PDFs and the archive export all
read ``EncounterView``; each layout shows it its own way (a board list, a table of seats).
One query for any number of encounters with games, two more only where there are byes.
"""

from dataclasses import dataclass
from functools import cached_property

from tournaments.domain.disciplines import DisciplineRules
from tournaments.domain.scoring import match_points
from tournaments.domain.seat_plan import COLOUR_NAMES
from tournaments.domain.tables.variants import TableVariant
from tournaments.models import Match, MatchSide, Seat, Tournament

from .prepared import Prepared

HIDDEN_VERSION = 0  # the public's version of a match in a round not yet published: it never moves


def results_hidden(*, published_at, private: bool) -> bool:
    """The rule for every view of a match, API and pages: the results (and whatever moves with
    them) of a round the TD has not published are for the tournament's staff only."""
    return not private and published_at is None


@dataclass(frozen=True, slots=True)
class PlayerRef:
    id: int
    name: str
    position: int  # on the team's roster: 1 … boards, then the substitutes


@dataclass(frozen=True, slots=True)
class SideView:
    position: int  # 1: the first-named side
    team_id: int
    name: str
    withdrawn_from: int | None = None  # the round the team withdrew from (its seats there are empty)

    def withdrawn_in(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and self.withdrawn_from <= round_number


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat: at a board 1 (the first-named side's) and 2, at a table the move order."""

    position: int
    side: int  # the side (1-based) the seat plays for
    colour: str  # "W", "B", "R", "Y" or "" where the rules name none
    player: PlayerRef | None  # None: nobody sat there, a forfeit
    entrant: str  # the name of the side's team (a player entered alone at Schach4)
    place: int | None = None  # the side's place, shared as in sport; None while none (or hidden)
    points: float | None = None  # what that place scores (Schach4 "Ende des Spiels"); None elsewhere
    absent: bool = False  # the side forfeited the table: last place, no points

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES.get(self.colour, "")

    @property
    def stored_place(self) -> int | None:
        """The place as stored and sent by the API: 0 for a side that was absent."""
        return 0 if self.absent else self.place


@dataclass(frozen=True, slots=True)
class GameView:
    board: int
    result: str  # from the first side's view; "" while missing or hidden
    seats: tuple[SeatView, ...]

    # A board of two seats: the first-named side's seat, then the other's.
    @property
    def first(self) -> SeatView:
        return self.seats[0]

    @property
    def second(self) -> SeatView:
        return self.seats[1]

    @property
    def first_colour(self) -> str:
        return self.first.colour

    @property
    def second_colour(self) -> str:
        return self.second.colour

    @property
    def first_player(self) -> PlayerRef | None:
        return self.first.player

    @property
    def second_player(self) -> PlayerRef | None:
        return self.second.player


@dataclass(frozen=True)
class EncounterView:
    """An encounter as shown: ``hidden`` when its round's results are not public to this reader."""

    id: int
    round: int
    table: int
    leg: int
    version: int
    published: bool  # the TD has published the round's results
    hidden: bool
    sides: tuple[SideView, ...]
    games: tuple[GameView, ...]
    discipline: DisciplineRules
    match_points: tuple  # the tournament's match points (win, draw, loss) and bye scoring
    result: str = ""  # the match's one result (Tandem §1.3, Vierer §2); "" while missing or hidden
    deciding_board: int | None = None
    decided_by: str = ""
    variant: TableVariant | None = None  # the form a table plays (Schach4 V1 … V13, Viererschach)

    @property
    def is_bye(self) -> bool:
        return len(self.sides) < 2

    @property
    def bye_points(self) -> float | None:
        """What a bye scores as the standings count it (a table bye: the tournament's table bye
        points, ``tables.byes``; a match's bye: its bye rule); None for an encounter of sides."""
        if not self.is_bye:
            return None
        points, bye_scoring = self.match_points
        record = self.discipline.bye_record(self.round, self.first_team.team_id, boards=0, scoring=bye_scoring)
        return match_points(record, points, bye_scoring=bye_scoring)[0]

    @property
    def first_team(self) -> SideView:
        return self.sides[0]

    @property
    def second_team(self) -> SideView | None:
        return self.sides[1] if len(self.sides) > 1 else None

    @property
    def form(self) -> str:
        """The table's form as the rulebook names it ("Schach4 V5"); "" at boards and for a bye."""
        return self.variant.rule if self.variant else ""

    @property
    def finishing_order(self) -> bool:
        """The result is the finishing order of the seats' sides (a Schach4 table, "Ende des
        Spiels"), not a result of the match or its boards (Viererschach's is the team's, Vierer §2)."""
        return self.discipline.places_entry_refusal(field="") is None

    @property
    def coloured(self) -> bool:
        """The seats have colours (Viererschach, Vierer §1); the Schach4 text names none."""
        return any(seat.colour for seat in self.seats)

    @property
    def entrants_apart(self) -> bool:
        """A seated player plays for an entrant other than itself (a team); at an individual
        Schach4 table the entrant is the player, so naming it again says nothing."""
        return any(seat.player and seat.entrant != seat.player.name for seat in self.seats)

    @property
    def sides_seated(self) -> tuple[tuple[SideView, tuple[SeatView, ...]], ...]:
        """Each side with its seats, in the order the rules name a team's colours ("Weiß und Gelb
        sowie Schwarz und Rot", Vierer §1), else in move order; a Schach4 player at one seat."""
        order = list(COLOUR_NAMES)
        return tuple(
            (side, tuple(sorted((s for s in self.seats if s.side == side.position), key=lambda s: _named(order, s))))
            for side in self.sides
        )

    @property
    def seats(self) -> tuple[SeatView, ...]:
        """A table's seats in move order (its one game); at boards, the first board's."""
        return self.games[0].seats if self.games else ()

    @cached_property
    def places(self) -> str:
        """A table's finishing order as typed at the desk (``1 - 3 2``); "" while none or hidden."""
        if not any(seat.place is not None for seat in self.seats) or len(self.games) != 1:
            return ""
        return " ".join("-" if seat.absent else str(seat.place) for seat in self.seats)

    @property
    def board_results(self) -> list[str]:
        return [game.result for game in self.games]

    @property
    def first_score(self) -> float:
        return self._score[0]

    @property
    def second_score(self) -> float:
        return self._score[1]

    @cached_property
    def _score(self) -> tuple[float, float]:
        return self.discipline.score(result=self.result, board_results=self.board_results)

    @property
    def missing(self) -> list[int | None]:
        """The results still missing: board numbers, or None for the match's own result (Tandem
        §1.3) or a table's finishing order; none for a bye."""
        if self.is_bye:
            return []
        return self.discipline.missing(result=self.result or self.places, board_results=self.board_results)

    @property
    def missing_results(self) -> int:
        return len(self.missing)

    @property
    def score_text(self) -> str:
        """The match's score as shown: "2½ : 1½", or its one result "1-0" (Tandem §1.3)."""
        return self.discipline.score_text(self.first_score, self.second_score, self.result)

    @property
    def match_points_won(self) -> tuple[float | None, float | None]:
        """The two sides' match points once every result is in (None, None before)."""
        if self.second_team is None:
            return None, None
        record = self.discipline.match_record(
            self.round,
            self.first_team.team_id,
            self.second_team.team_id,
            result=self.result,
            board_results=self.board_results,
            boards=len(self.games),
        )
        if record is None:
            return None, None
        points, bye_scoring = self.match_points
        return match_points(record, points, bye_scoring=bye_scoring)


def _named(order: list[str], seat: SeatView) -> tuple[int, int]:
    return (order.index(seat.colour) if seat.colour in order else 0, seat.position)


_MATCH_FIELDS = (
    "id",
    "round__number",
    "round__published_at",
    "table",
    "leg",
    "version",
    "result",
    "deciding_board",
    "decided_by",
)
_SEAT_FIELDS = (
    "game__match_id",
    "game__board",
    "game__result",
    "game__changed_in",
    "position",
    "colour",
    "side__position",
    "side__place",
    "side__team_id",
    "side__team__name",
    "side__team__withdrawn_from_round",
    "player_id",
    "player__name",
    "player__position",
    *(f"game__match__{name}" for name in _MATCH_FIELDS),
)


# the seats of some matches of a tournament, joined to game, match, round, side, team and player
_SEATS = Prepared(
    lambda match_ids, tournament_id: (
        Seat.objects.filter(game__match_id__in=match_ids, game__match__round__tournament_id=tournament_id)
        .values(*_SEAT_FIELDS)
        .order_by("game__match_id", "game__board", "position")
    )
)


@dataclass
class EncounterRows:
    """What the read model reads of some encounters, before it becomes views: each match's fields,
    sides and each game's seat rows (``_SEAT_FIELDS``). The result writer reads its encounter as
    these rows and applies what it stored (``written``), so its answer needs no second read."""

    match_ids: list[int]
    matches: dict[int, dict]
    sides: dict[int, dict[int, SideView]]
    games: dict[int, dict[int, list[dict]]]

    def views(self, *, tournament: Tournament, private: bool) -> list[EncounterView]:
        discipline = tournament.discipline_rules
        rules = tournament.ranking_rules
        points = (rules.match_points, rules.bye_scoring)
        return [
            _view(self.matches[pk], self.sides[pk], self.games[pk], discipline, points, private)
            for pk in self.match_ids
            if pk in self.matches
        ]

    def written(self, match_id: int, *, version: int, results, match=None, places=None, emptied=()) -> None:
        """The rows as they are once the writer stored ``results`` per board, the match's own
        fields ``match``, ``places`` per seat (its side's place) and emptied the seats ``emptied``,
        the match now at ``version`` and each changed game marked with it."""
        fields = self.matches[match_id]
        fields.update(match or {}, version=version)
        rows = [row for seats in self.games[match_id].values() for row in seats]
        side_of = {row["position"]: row["side__position"] for row in rows}
        side_places = {side_of[seat]: place for seat, place in (places or {}).items()}
        for row in rows:
            if row["game__board"] in results:
                row.update(game__result=results[row["game__board"]], game__changed_in=version)
            if row["side__position"] in side_places:
                row["side__place"] = side_places[row["side__position"]]
            if row["position"] in emptied:
                row.update(player_id=None, player__name=None, player__position=None)


def encounter_rows(*, tournament: Tournament, match_ids: list[int]) -> EncounterRows:
    """The rows of the encounters of ``tournament`` named by ``match_ids``. One ``values()`` query
    of their seats joined to game, match, round, side, team and player (model instances cost a
    third of a write's time, issue 7); two more only for encounters without games (byes)."""
    games: dict[int, dict[int, list[dict]]] = {pk: {} for pk in match_ids}
    found: dict[int, dict] = {}
    sides: dict[int, dict[int, SideView]] = {pk: {} for pk in match_ids}
    for row in _SEATS.rows(list(match_ids), tournament.pk):
        pk = row["game__match_id"]
        found.setdefault(pk, {name: row[f"game__match__{name}"] for name in _MATCH_FIELDS})
        sides[pk][row["side__position"]] = SideView(
            row["side__position"],
            row["side__team_id"],
            row["side__team__name"],
            row["side__team__withdrawn_from_round"],
        )
        games[pk].setdefault(row["game__board"], []).append(row)
    byes = [pk for pk in match_ids if pk not in found]
    if byes:
        for match in Match.objects.filter(pk__in=byes, round__tournament=tournament).values(*_MATCH_FIELDS):
            found[match["id"]] = match
        for side in MatchSide.objects.filter(match_id__in=byes).values("match_id", "position", "team_id", "team__name"):
            sides[side["match_id"]][side["position"]] = SideView(side["position"], side["team_id"], side["team__name"])
    return EncounterRows(match_ids, found, sides, games)


def encounter_views(*, tournament: Tournament, match_ids: list[int], private: bool) -> list[EncounterView]:
    """The encounters of ``tournament`` named by ``match_ids``, in that order; ``private``: the
    reader may see unpublished results (the tournament's staff). One query, two more only where
    there are byes (``encounter_rows``)."""
    return encounter_rows(tournament=tournament, match_ids=match_ids).views(tournament=tournament, private=private)


def encounter_views_of(*, tournament: Tournament, matches, private: bool) -> list[EncounterView]:
    """The encounters the queryset ``matches`` selects, in round, table and leg order: one query more."""
    ordered = matches.filter(round__tournament=tournament).order_by("round__number", "table", "leg")
    return encounter_views(tournament=tournament, match_ids=list(ordered.values_list("pk", flat=True)), private=private)


def encounter_view(*, tournament: Tournament, match_id: int, private: bool) -> EncounterView:
    """One encounter of ``tournament``: one query, three for a bye."""
    return encounter_views(tournament=tournament, match_ids=[match_id], private=private)[0]


def _view(match: dict, sides: dict, games: dict[int, list[dict]], discipline, points, private: bool) -> EncounterView:
    hidden = results_hidden(published_at=match["round__published_at"], private=private)
    ordered = tuple(sides[position] for position in sorted(sides))
    names = {side.position: side.name for side in ordered}
    seats = len(next(iter(games.values()), ()))
    return EncounterView(
        id=match["id"],
        round=match["round__number"],
        table=match["table"],
        leg=match["leg"],
        version=HIDDEN_VERSION if hidden else match["version"],
        published=match["round__published_at"] is not None,
        hidden=hidden,
        sides=ordered,
        games=tuple(_game(board, rows, names, discipline, hidden) for board, rows in games.items()),
        discipline=discipline,
        match_points=points,
        result="" if hidden else match["result"],
        deciding_board=None if hidden else match["deciding_board"],
        decided_by="" if hidden else match["decided_by"],
        variant=discipline.form(seats) if seats else None,
    )


def seat_placings(discipline, stored: dict[int, int | None]) -> dict:
    """Each seat's placing (place, points, absent) from a table's stored places by seat (0:
    absent), as the finishing order gives them, the seats of one side sharing its placing; {}
    while no place is stored (only a table ranks its sides)."""
    if not any(place is not None for place in stored.values()):
        return {}
    placings = discipline.stored_finish(stored).placings()
    side_of = discipline.form(len(stored)).side_of
    return {seat: placings[side_of(seat)] for seat in stored}


def _game(board: int, rows: list[dict], names: dict[int, str], discipline, hidden: bool) -> GameView:
    """A game's seats; at a table with a finishing order, each seat's place and points as the
    order gives them (shared places as in sport, an absent side the first of the last places),
    scored with the tournament's points per place."""
    stored = {row["position"]: row["side__place"] for row in rows}
    placings = {} if hidden else seat_placings(discipline, stored)
    seats = []
    for row in rows:
        placing = placings.get(row["position"])
        player = row["player_id"] and PlayerRef(row["player_id"], row["player__name"], row["player__position"])
        seats.append(
            SeatView(
                position=row["position"],
                side=row["side__position"],
                colour=row["colour"],
                player=player or None,
                entrant=names[row["side__position"]],
                place=placing.first if placing else None,
                points=float(placing.points) if placing else None,
                absent=bool(placing and placing.absent),
            )
        )
    return GameView(board=board, result="" if hidden else rows[0]["game__result"], seats=tuple(seats))
