"""A team's page: its roster, every board it played round by round, and its score per board."""

from dataclasses import dataclass

from tournaments.domain.disciplines import DisciplineRules
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
    leg: int
    opponent: Team | None  # None: a bye
    games: list[TeamGame]
    own: float  # the team's score in the match: board points, or the match result's (Tandem §1.3)
    other: float
    complete: bool  # every result the discipline asks for is in


@dataclass(frozen=True)
class BoardTotal:
    board: int
    points: float
    games: int


@dataclass(frozen=True)
class TeamCard:
    team: Team
    rounds: list[TeamRound]
    boards: list[BoardTotal]
    discipline: DisciplineRules  # its partials show the score per board, or none (Tandem §1.3)


def team_card(*, team: Team, published_only: bool = False) -> TeamCard:
    """Five queries: matches, their sides with teams, boards, seats with players (the page reads
    the players itself)."""
    tournament = team.tournament
    discipline = tournament.discipline_rules
    matches = matches_with_boards(tournament=tournament, with_players=True, published_only=published_only).filter(
        sides__team=team
    )
    rounds = []
    totals = {board: [0.0, 0] for board in range(1, tournament.boards + 1)}
    for match in matches:
        is_first = match.first_team_id == team.pk
        own_side, other_side = (1, 2) if is_first else (2, 1)
        games = []
        for game in match.boards.all():
            result = BoardResult(game.result) if game.result else None
            own, other = (None, None) if result is None else result.points[:: 1 if is_first else -1]
            games.append(
                TeamGame(
                    board=game.board,
                    colour=game.seat(own_side).colour,
                    player=game.seat(own_side).player,
                    opponent=game.seat(other_side).player,
                    points=own,
                    opponent_points=other,
                    forfeit=bool(result and result.is_forfeit),
                )
            )
            if own is not None and game.board in totals:
                totals[game.board][0] += own
                totals[game.board][1] += 1
        opponent = match.second_team if is_first else match.first_team
        board_results = [game.result for game in match.boards.all()]
        score = discipline.score(result=match.result, board_results=board_results)[:: 1 if is_first else -1]
        complete = bool(games) and not discipline.missing_results(result=match.result, board_results=board_results)
        rounds.append(
            TeamRound(match.round.number, match.table, match.leg, opponent, games, score[0], score[1], complete)
        )
    return TeamCard(
        team=team,
        rounds=rounds,
        boards=[BoardTotal(board, points, games) for board, (points, games) in totals.items()],
        discipline=discipline,
    )
