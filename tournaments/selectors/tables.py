"""A round's tables of four-player chess as pages, cards and the desk show them (issue 15).

Each table lists its seats in move order with colour, player and entrant, and, once a result is
in (and published, for the public), each seat's place and points as the finishing order gives
them (Schach4 "Ende des Spiels"). Three queries per round: matches, sides, games with seats.
"""

from dataclasses import dataclass
from fractions import Fraction

from tournaments.domain.seat_plan import COLOUR_NAMES
from tournaments.domain.tables.entry import format_places
from tournaments.models import Match, Round, Team

from .match_view import results_hidden


@dataclass(frozen=True)
class SeatLine:
    position: int  # the move order: seat 1 moves first
    colour: str  # "W", "R", "B", "Y" or ""
    player: str  # "" for an empty seat
    entrant: str  # the entrant's name (a team, or a player entered alone)
    place: int | None = None  # None while no result (or hidden); places shared as in sport
    points: Fraction | None = None
    absent: bool = False

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES.get(self.colour, "")


@dataclass(frozen=True)
class TableLine:
    match_id: int
    table: int
    leg: int
    version: int
    form: str  # the table's form as the rulebook names it ("Schach4 V5")
    seats: tuple[SeatLine, ...]
    places: str = ""  # as typed at the desk, "1 - 3 2"; "" while missing or hidden
    result: str = ""  # a match with one result (Viererschach, Vierer §2, §13); "" while missing or hidden
    decided_by: str = ""

    @property
    def is_bye(self) -> bool:
        return len(self.seats) < 2

    @property
    def missing(self) -> bool:
        """No finishing order (Schach4) nor match result (Viererschach) yet; a bye takes none."""
        return not self.is_bye and not (self.places or self.result)


def tables_for_round(*, round_: Round, published_only: bool = False) -> list[TableLine]:
    """Three queries: matches, sides, games with seats. With ``published_only`` none before the
    director published the round's pairings (a Swiss, issue 16), as ``pairings_for_round``."""
    if published_only and round_.pairings_published_at is None:
        return []
    discipline = round_.tournament.discipline_rules
    hidden = results_hidden(published_at=round_.published_at, private=not published_only)
    matches = Match.objects.filter(round=round_).with_sides().with_games().order_by("table", "leg")
    return [_table_line(match, discipline, hidden) for match in matches]


def tables_for_tournament(*, tournament) -> dict[int, list[TableLine]]:
    """Every round's tables as the desk sees them (unpublished results too), by round id: the
    desk overview (issue 15). Three queries whatever the size."""
    discipline = tournament.discipline_rules
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .with_sides()
        .with_games()
        .order_by("round__number", "table", "leg")
    )
    by_round: dict[int, list[TableLine]] = {}
    for match in matches:
        by_round.setdefault(match.round_id, []).append(_table_line(match, discipline, hidden=False))
    return by_round


@dataclass(frozen=True)
class TeamTable:
    """One table an entrant sat at: the round, the seats, and which of them are its own."""

    round: int
    line: TableLine
    own: tuple[int, ...]  # the entrant's seat positions (a team's two players: two)


def tables_for_team(*, team: Team, published_only: bool = False) -> list[TeamTable]:
    """Every table ``team`` sat at, round by round (its public page, issue 15); with
    ``published_only`` the rounds the TD has published. Four queries: matches with their round,
    sides, games with seats."""
    tournament = team.tournament
    discipline = tournament.discipline_rules
    matches = (
        Match.objects.filter(round__tournament=tournament, sides__team=team)
        .select_related("round")
        .with_sides()
        .with_games()
        .order_by("round__number", "table", "leg")
    )
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
    tables = []
    for match in matches:
        line = _table_line(
            match, discipline, results_hidden(published_at=match.round.published_at, private=not published_only)
        )
        own_sides = {side.pk for side in match.sides.all() if side.team_id == team.pk}
        games = list(match.boards.all())
        own = tuple(seat.position for game in games for seat in game.seats.all() if seat.side_id in own_sides)
        tables.append(TeamTable(match.round.number, line, own or (1,)))
    return tables


def _table_line(match: Match, discipline, hidden: bool) -> TableLine:
    sides = {side.pk: side for side in match.sides.all()}
    games = list(match.boards.all())
    seats = list(games[0].seats.all()) if games else []
    if len(sides) < 2 or not seats:
        team = next(iter(sides.values())).team if sides else None
        return TableLine(
            match.pk, match.table, match.leg, match.version, "", (SeatLine(1, "", "", team.name if team else ""),)
        )
    form = discipline.form(len(seats))
    stored = {seat.position: sides[seat.side_id].place for seat in seats}
    finish = None
    if not hidden and any(place is not None for place in stored.values()):
        finish = discipline.stored_finish(stored)  # scored with the tournament's points per place
    placings = finish.placings() if finish is not None else None
    seat_lines = []
    for seat in seats:
        placing = placings[form.side_of(seat.position)] if placings else None
        seat_lines.append(
            SeatLine(
                position=seat.position,
                colour=seat.colour,
                player=seat.player.name if seat.player else "",
                entrant=sides[seat.side_id].team.name,
                place=placing.first if placing else None,
                points=placing.points if placing else None,
                absent=bool(placing and placing.absent),
            )
        )
    return TableLine(
        match.pk,
        match.table,
        match.leg,
        match.version,
        form.rule,
        tuple(seat_lines),
        places=format_places(finish) if finish is not None else "",
        result="" if hidden else match.result,
        decided_by="" if hidden else match.decided_by,
    )
