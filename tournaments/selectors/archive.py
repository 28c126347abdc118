from tournaments.archive import FORMAT, VERSION
from tournaments.models import Team, Tournament

from .matches import matches_with_boards


def archive_for_tournament(*, tournament: Tournament) -> dict:
    """The whole tournament as an archive (docs/archive.md); the same input gives the same output."""
    teams = Team.objects.filter(tournament=tournament).prefetch_related("players").order_by("seed")
    rounds: dict[int, dict] = {
        r.number: {"number": r.number, "published_at": _iso(r.published_at), "matches": []}
        for r in tournament.rounds.order_by("number")
    }
    for match in matches_with_boards(tournament=tournament, with_players=True):
        rounds[match.round.number]["matches"].append(_match(tournament, match))
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": tournament.name,
            "preset": tournament.preset,
            "discipline": tournament.discipline,
            "venue": tournament.venue,
            "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
            "boards": tournament.boards,
            "colour_pattern": tournament.colour_pattern,
            "substitute_boards": list(tournament.substitute_boards),
            "max_substitutes": tournament.max_substitutes,
            "board_order": tournament.board_order,
            "match_points": {
                "win": _number(tournament.mp_win),
                "draw": _number(tournament.mp_draw),
                "loss": _number(tournament.mp_loss),
            },
            "bye_scoring": tournament.bye_scoring,
            "pairing": tournament.pairing_system,
            "tiebreaks_first": list(tournament.tiebreaks_first),
            "tiebreaks_other": list(tournament.tiebreaks_other),
            "playoff_for_first": tournament.playoff_for_first,
            "double_rounds": tournament.double_rounds,
            "status": tournament.status,
        },
        "teams": [
            {
                "name": team.name,
                "short_name": team.short_name,
                "seed": team.seed,
                "players": [
                    {
                        "name": player.name,
                        "rating": player.rating,
                        "fide_id": player.fide_id,
                        "federation_id": player.federation_id,
                    }
                    for player in team.players.all()
                ],
            }
            for team in teams
        ],
        "rounds": list(rounds.values()),
    }


def _match(tournament: Tournament, match) -> dict:
    """A match; ``leg`` only with double rounds, the match result only where a match has one."""
    data = {"table": match.table}
    if tournament.double_rounds:
        data["leg"] = match.leg
    data |= {
        "first": match.first_team.name,
        "second": match.second_team.name if match.second_team else None,
        "boards": [
            {
                "board": board.board,
                "first_player": _name(board.first_player),
                "second_player": _name(board.second_player),
                "result": board.result or None,
            }
            for board in match.boards.all()
        ],
    }
    if tournament.match_level_result and match.second_team_id is not None:
        data |= {
            "result": match.result or None,
            "deciding_board": match.deciding_board,
            "decided_by": match.decided_by or None,
        }
    return data


def _name(player):
    return player.name if player is not None else None


def _number(value):
    return int(value) if value == int(value) else float(value)


def _iso(moment):
    return moment.isoformat() if moment else None
