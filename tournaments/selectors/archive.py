from tournaments.archive import FORMAT, VERSION
from tournaments.models import Incident, Team, Tournament

from .matches import matches_with_boards


def archive_for_tournament(*, tournament: Tournament) -> dict:
    """The whole tournament as an archive (docs/archive.md); the same input gives the same output."""
    teams = list(Team.objects.filter(tournament=tournament).prefetch_related("players").order_by("seed"))
    names = {team.pk: team.name for team in teams}
    all_rounds = list(tournament.rounds.order_by("number"))
    rounds: dict[int, dict] = {
        r.number: {"number": r.number, "published_at": _iso(r.published_at), "matches": []} for r in all_rounds
    }
    playoff_rounds = {r.number for r in all_rounds if r.is_playoff}
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
            "withdrawal_rule": tournament.withdrawal_rule,
            "playoff_lots": [names[pk] for pk in tournament.playoff_lots],
        },
        "teams": [
            {
                "name": team.name,
                "short_name": team.short_name,
                "seed": team.seed,
                "withdrawn_from_round": team.withdrawn_from_round,
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
        "rounds": [r for number, r in rounds.items() if number not in playoff_rounds],
        "playoffs": [r for number, r in rounds.items() if number in playoff_rounds],
        "incidents": [_incident(tournament, incident) for incident in _incidents(tournament)],
    }


def _incidents(tournament: Tournament):
    return (
        Incident.objects.filter(match__round__tournament=tournament)
        .select_related("match__round")
        .order_by("match__round__number", "match__table", "match__leg", "board", "occurred_at", "id")
    )


def _incident(tournament: Tournament, incident: Incident) -> dict:
    """An incident names its match by round and table, and by ``leg`` only with double rounds."""
    data = {"round": incident.match.round.number, "table": incident.match.table}
    if tournament.double_rounds:
        data["leg"] = incident.match.leg
    return data | {
        "board": incident.board,
        "side": incident.side,
        "kind": incident.kind,
        "occurred_at": _iso(incident.occurred_at),
        "note": incident.note,
        "opponent_flag_fell": incident.opponent_flag_fell,
        "proposed_penalty": incident.proposed_penalty or None,
        "rule": incident.rule,
        "decided_penalty": incident.decided_penalty or None,
        "override_reason": incident.override_reason,
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
    if tournament.discipline_rules.scores_matches and match.second_team_id is not None:
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
