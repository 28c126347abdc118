"""The lineup sheet of a round: per match and side, the roster and the players now on the boards."""

from dataclasses import dataclass

from tournaments.models import Player, Round, Team

from .pairings import MatchLine, pairings_for_round


@dataclass(frozen=True)
class LineupSide:
    side: str  # "first" or "second"
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
    sheet = []
    for line in pairings_for_round(round_=round_).matches:
        if line.match.second_team is None:
            continue
        sides = []
        for side, team in (("first", line.match.first_team), ("second", line.match.second_team)):
            players = [getattr(board.game, f"{side}_player") for board in line.boards]
            current = [player.position if player else None for player in players]
            sides.append(LineupSide(side=side, team=team, roster=rosters[team.pk], current=current))
        sheet.append(LineupMatch(line=line, sides=sides))
    return sheet
