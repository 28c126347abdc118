"""The lineup sheet of a round: per match and side, the roster and the players now on the boards
(or, at a table of four seats, on the side's seats in the order of its lineup, Vierer §1)."""

from dataclasses import dataclass

from tournaments.models import Player, Round, Team

from .pairings import MatchLine, pairings_for_round

SIDE_NAMES = ("first", "second", "third", "fourth")  # a table has up to four sides (issue 15)


@dataclass(frozen=True)
class LineupSide:
    side: str  # "first", "second" (at a table of more sides "third", "fourth")
    team: Team
    roster: list[Player]
    current: list[int | None]  # per board, the registered position of the player set there


@dataclass(frozen=True)
class LineupMatch:
    line: MatchLine
    sides: list[LineupSide]


def lineup_sheet(*, round_: Round) -> list[LineupMatch]:
    """Every real match of the round (byes left out) with both teams' rosters: five queries."""
    rosters = {
        team.pk: list(team.players.all())
        for team in Team.objects.filter(tournament=round_.tournament_id).prefetch_related("players")
    }
    discipline = round_.tournament.discipline_rules
    sheet = []
    for line in pairings_for_round(round_=round_).matches:
        if line.match.second_team is None:
            continue
        sides = []
        games = list(line.match.boards.all())
        for name, side in zip(SIDE_NAMES, sorted(line.match.sides.all(), key=lambda side: side.position)):
            current = [
                seat.player.position if seat.player else None for _, seat in lineup_seats(games, side.pk, discipline)
            ]
            sides.append(LineupSide(side=name, team=side.team, roster=rosters[side.team_id], current=current))
        sheet.append(LineupMatch(line=line, sides=sides))
    return sheet


def lineup_seats(games, side_id: int, discipline) -> list:
    """A side's seats as (game, seat) in lineup order: board by board, and within a game of
    several seats per side by the rank the discipline gives them (Vierer §1: player 1, player 2).
    ``games``: the encounter's games with their seats prefetched."""
    return [
        (game, seat)
        for game in games
        for seat in sorted(
            (s for s in game.seats.all() if s.side_id == side_id), key=lambda s: discipline.lineup_rank(s.position)
        )
    ]
