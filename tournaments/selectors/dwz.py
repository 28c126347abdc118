"""A team event as its DWZ rating report (``domain/dwz_report.py``): every played round's games,
encounters and dates, every player who sat at a board."""

from tournaments.domain.dwz_report import (
    TEAM_ROUND_ROBIN,
    TEAM_SWISS,
    DwzEncounter,
    DwzEvent,
    DwzGame,
    DwzPlayer,
    DwzTeam,
)
from tournaments.domain.results import BoardResult
from tournaments.models import Player, Round, Tournament

from .matches import matches_with_boards
from .schedule import planned_rounds, tournament_pairing_system

# a board result from the first-named team's side -> the DeWIS result from that side's view
_RESULTS = {
    BoardResult.FIRST_WINS: "1:0",
    BoardResult.DRAW: "½:½",
    BoardResult.SECOND_WINS: "0:1",
    BoardResult.FIRST_WINS_BY_FORFEIT: "+:-",
    BoardResult.SECOND_WINS_BY_FORFEIT: "-:+",
    BoardResult.DOUBLE_FORFEIT: "-:-",
}
_FLIPPED = {"1:0": "0:1", "0:1": "1:0", "½:½": "½:½", "+:-": "-:+", "-:+": "+:-", "-:-": "-:-"}


def dwz_event(*, tournament: Tournament) -> DwzEvent:
    """Rounds count as in TRF (round r, leg l of a double round → 2r − 2 + l); a game is reported
    from White's view, a forfeit between two players as ``+:-``; a board left empty has no game,
    its point counts in the encounter. A game of a played round without a result is refused by
    the report (``missing``)."""
    if refusal := tournament.discipline_rules.export_refusal("trf"):
        raise refusal  # games of several seats, or a match's one result: no game per player to rate
    legs = 2 if tournament.double_rounds else 1
    roster = list(Player.objects.filter(team__tournament=tournament).select_related("team"))
    roster.sort(key=lambda p: (p.team.seed, p.position))
    games, encounters, played, seated = [], [], set(), set()
    for match in matches_with_boards(tournament=tournament, with_players=True):
        if match.round.kind != Round.Kind.REGULAR or match.second_team_id is None:
            continue
        number = (match.round.number - 1) * legs + match.leg
        points = [0.0, 0.0]
        for board in sorted(match.boards.all(), key=lambda b: b.board):
            seated |= {p for p in (board.first_player_id, board.second_player_id) if p}
            result = BoardResult(board.result) if board.result else None
            if result is None:
                if board.first_player_id and board.second_player_id:
                    games.append((match.round.number, number, board.first_player_id, board.second_player_id, "", True))
                continue
            played.add(match.round.number)
            points = [points[0] + result.points[0], points[1] + result.points[1]]
            if board.first_player_id and board.second_player_id:
                white_first = board.seat(1).colour.upper() == "W"
                games.append(
                    (
                        match.round.number,
                        number,
                        board.first_player_id,
                        board.second_player_id,
                        _RESULTS[result],
                        white_first,
                    )
                )
        encounters.append((match.round.number, number, match.first_team_id, match.second_team_id, *points))
    # a round counts once it has a result: its games without one are reported missing, a round
    # paired ahead and not yet played is not part of the report
    games = [game[1:] for game in games if game[0] in played]
    encounters = [encounter[1:] for encounter in encounters if encounter[0] in played]
    players = [p for p in roster if p.id in seated]
    numbers = {p.id: index for index, p in enumerate(players, start=1)}
    teams = sorted({p.team for p in roster}, key=lambda t: t.seed)
    lot = {team.id: team.seed for team in teams}
    rounds = {r.number: r for r in tournament.rounds.filter(kind=Round.Kind.REGULAR, number__in=played)}
    return DwzEvent(
        name=tournament.name,
        kind=TEAM_ROUND_ROBIN if tournament_pairing_system(tournament).pairs_ahead else TEAM_SWISS,
        rounds=planned_rounds(tournament=tournament, teams=len(teams)) * legs,
        dates={
            (number - 1) * legs + leg: (rounds[number].date, rounds[number].start_time)
            for number in sorted(rounds)
            for leg in range(1, legs + 1)
        },
        players=tuple(
            DwzPlayer(
                numbers[p.id],
                p.name,
                p.team.name,
                p.birth_date,
                p.federation,
                p.fide_id,
                p.federation_id,
                p.rating or 0,
            )
            for p in players
        ),
        games=tuple(
            DwzGame(
                number,
                numbers[first if white_first else second],
                numbers[second if white_first else first],
                result if white_first else _FLIPPED.get(result, result),
            )
            for number, first, second, result, white_first in games
        ),
        teams=tuple(
            DwzTeam(team.seed, team.name, tuple(numbers[p.id] for p in players if p.team_id == team.id))
            for team in teams
        ),
        encounters=tuple(
            DwzEncounter(number, lot[first], lot[second], home, guest)
            for number, first, second, home, guest in encounters
        ),
    )
