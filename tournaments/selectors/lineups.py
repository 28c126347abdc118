"""The lineup sheet of a round: per match and side, the roster and the players now on the boards
(or, at a table of four seats, on the side's seats in the order of its lineup, Vierer §1)."""

import datetime
from dataclasses import dataclass

from tournaments.models import AuditEntry, Player, Round, Team

from .encounters import EncounterView
from .pairings import pairings_for_round

SIDE_NAMES = ("first", "second", "third", "fourth")  # a table has up to four sides (issue 15)


@dataclass(frozen=True)
class LineupSide:
    side: str  # "first", "second" (at a table of more sides "third", "fourth")
    team: Team
    roster: list[Player]
    current: list[int | None]  # per board, the registered position of the player set there


@dataclass(frozen=True)
class LineupMatch:
    line: EncounterView
    sides: list[LineupSide]


def lineup_sheet(*, round_: Round) -> list[LineupMatch]:
    """Every real match of the round (byes left out) with both teams' rosters: four queries."""
    teams = {team.pk: team for team in Team.objects.filter(tournament=round_.tournament_id).prefetch_related("players")}
    discipline = round_.tournament.discipline_rules
    sheet = []
    for line in pairings_for_round(round_=round_).matches:
        if line.is_bye:
            continue
        sides = []
        games = [(game, game.seats) for game in line.games]
        for name, side in zip(SIDE_NAMES, line.sides):
            seats = lineup_seats(games, lambda seat, side=side: seat.side == side.position, discipline)
            current = [seat.player.position if seat.player else None for _, seat in seats]
            team = teams[side.team_id]
            sides.append(LineupSide(side=name, team=team, roster=list(team.players.all()), current=current))
        sheet.append(LineupMatch(line=line, sides=sides))
    return sheet


def lineup_seats(games, own, discipline) -> list:
    """A side's seats as (game, seat) in lineup order: board by board, and within a game of
    several seats per side by the rank the discipline gives them (Vierer §1: player 1, player 2).
    ``games``: (game, its seats) in board order; ``own(seat)``: whether the seat is the side's."""
    return [
        (game, seat)
        for game, seats in games
        for seat in sorted((s for s in seats if own(s)), key=lambda s: discipline.lineup_rank(s.position))
    ]


def stored_side_seats(games, side_id: int, discipline) -> list:
    """``lineup_seats`` of stored games (their seats prefetched) for the side whose id is ``side_id``."""
    return lineup_seats([(game, game.seats.all()) for game in games], lambda seat: seat.side_id == side_id, discipline)


@dataclass(frozen=True)
class HandIn:
    at: datetime.datetime  # the lineup's last change
    source: str  # who made it: "captain" (from the phone), "desk", "api" …

    @property
    def by_captain(self) -> bool:
        return self.source == "captain"


def lineup_hand_ins(*, round_: Round) -> dict[tuple[int, int], HandIn]:
    """The last change of each lineup of the round by (match id, team id), with who made it: one
    query on the audit trail, where every lineup change is recorded."""
    last = {}
    for match_id, team_id, at, source in (
        AuditEntry.objects.filter(match__round=round_, action=AuditEntry.Action.LINEUP)
        .order_by("created_at", "pk")
        .values_list("match_id", "team_id", "created_at", "source")
    ):
        last[(match_id, team_id)] = HandIn(at, source)
    return last


@dataclass(frozen=True)
class LineupDue:
    table: int
    team: Team
    handed_in: HandIn | None  # the lineup's last change; None: never set (the registered order stands)


def lineups_due(*, round_: Round, sheet: list[LineupMatch], hand_ins: dict[tuple[int, int], HandIn]) -> list[LineupDue]:
    """The round's lineups set after its deadline (late) or never set (missing), by table, from
    ``lineup_hand_ins``. Without a deadline, none."""
    if round_.lineup_deadline is None:
        return []
    due = []
    for entry in sheet:
        for side in entry.sides:
            last = hand_ins.get((entry.line.id, side.team.pk))
            if last is None or last.at > round_.lineup_deadline:
                due.append(LineupDue(table=entry.line.table, team=side.team, handed_in=last))
    return due
