"""A team's page: its roster, every board it played round by round, and its score per board."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.domain.colours import board_colours
from tournaments.domain.results import BoardResult
from tournaments.models import Player, Team

from .matches import matches_with_boards


@dataclass(frozen=True)
class TeamGame:
    board: int
    colour: str
    player: Player | None
    opponent: Player | None
    points: float | None  # the team's points on this board; None while missing
    opponent_points: float | None
    forfeit: bool


@dataclass(frozen=True)
class TeamRound:
    number: int
    table: int
    opponent: Team | None  # None: a bye
    games: list[TeamGame]

    @property
    def own(self) -> float:
        return sum(g.points or 0 for g in self.games)

    @property
    def other(self) -> float:
        return sum(g.opponent_points or 0 for g in self.games)

    @property
    def complete(self) -> bool:
        return bool(self.games) and all(g.points is not None for g in self.games)


@dataclass(frozen=True)
class BoardTotal:
    board: int
    points: float
    games: int


@dataclass(frozen=True)
class TeamCard:
    team: Team
    players: list[Player]
    rounds: list[TeamRound]
    boards: list[BoardTotal]


def team_card(*, team: Team, published_only: bool = False) -> TeamCard:
    """Five queries: players, then matches, boards and both sides' players."""
    tournament = team.tournament
    matches = matches_with_boards(tournament=tournament, with_players=True, published_only=published_only).filter(
        Q(first_team=team) | Q(second_team=team)
    )
    rounds = []
    totals = {board: [0.0, 0] for board in range(1, tournament.boards + 1)}
    for match in matches:
        is_first = match.first_team_id == team.pk
        games = []
        for game in match.boards.all():
            colours = board_colours(tournament.colour_pattern, game.board)
            result = BoardResult(game.result) if game.result else None
            own, other = (None, None) if result is None else result.points[:: 1 if is_first else -1]
            games.append(
                TeamGame(
                    board=game.board,
                    colour=colours[0 if is_first else 1],
                    player=game.first_player if is_first else game.second_player,
                    opponent=game.second_player if is_first else game.first_player,
                    points=own,
                    opponent_points=other,
                    forfeit=bool(result and result.is_forfeit),
                )
            )
            if own is not None and game.board in totals:
                totals[game.board][0] += own
                totals[game.board][1] += 1
        opponent = match.second_team if is_first else match.first_team
        rounds.append(TeamRound(number=match.round.number, table=match.table, opponent=opponent, games=games))
    return TeamCard(
        team=team,
        players=list(team.players.order_by("position")),
        rounds=rounds,
        boards=[BoardTotal(board, points, games) for board, (points, games) in totals.items()],
    )
