from tournaments.archive import FORMAT, VERSION
from tournaments.domain.results import BoardResult
from tournaments.domain.rule_set import RULE_SET
from tournaments.domain.seats import seat_results
from tournaments.models import Incident, Team, Tournament

from .matches import matches_with_boards


def archive_for_tournament(*, tournament: Tournament) -> dict:
    """The whole tournament as an archive (docs/archive.md); the same input gives the same output."""
    teams = list(
        Team.objects.filter(tournament=tournament).prefetch_related("players", "requested_byes").order_by("seed")
    )
    names = {team.pk: team.name for team in teams}
    all_rounds = list(tournament.rounds.order_by("number"))
    rounds: dict[int, dict] = {
        r.number: {"number": r.number, "published_at": _iso(r.published_at), "encounters": []} for r in all_rounds
    }
    playoff_rounds = {r.number for r in all_rounds if r.is_playoff}
    for match in matches_with_boards(tournament=tournament, with_players=True):
        rounds[match.round.number]["encounters"].append(_encounter(tournament, match))
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            "name": tournament.name,
            "preset": tournament.preset,
            "discipline": tournament.discipline,
            **{setting.name: setting.as_json(setting.read(tournament)) for setting in RULE_SET},
            "status": tournament.status,
            "playoff_lots": [names[pk] for pk in tournament.playoff_lots],
        },
        "teams": [
            {
                "name": team.name,
                "short_name": team.short_name,
                "seed": team.seed,
                "withdrawn_from_round": team.withdrawn_from_round,
                **_byes(team),
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


def _byes(team: Team) -> dict:
    """``byes`` only where the team has any: archives of events without them stay as they were."""
    byes = sorted(team.requested_byes.all(), key=lambda bye: bye.round_number)
    if not byes:
        return {}
    return {
        "byes": [
            {"round": b.round_number, "kind": b.kind, **({"late_entry": True} if b.late_entry else {})} for b in byes
        ]
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


def _encounter(tournament: Tournament, match) -> dict:
    """A match as an encounter of its sides; ``leg`` only with double rounds, the sides' results
    only where a match has one result (tandem, Viererschach), each board a game of its seats."""
    data = {"table": match.table}
    if tournament.double_rounds:
        data["leg"] = match.leg
    sides = list(match.sides.all())
    data["sides"] = [{"entrant": side.team.name} for side in sides]
    if len(sides) < 2:
        data["games"] = []
        return data
    data["games"] = [_game(board, sides) for board in match.boards.all()]
    # Where the match has one result (Tandem §1.3), the discipline adds each side's and where and
    # how it was decided; where boards carry the results, it adds nothing.
    discipline = tournament.discipline_rules
    for side, result in zip(data["sides"], discipline.side_results(match.result)):
        side["result"] = result
    data |= discipline.decision_fields(deciding_board=match.deciding_board, decided_by=match.decided_by)
    return data


def _game(board, sides) -> dict:
    """Each seat with its side, player and the colour played. At a board of two seats, each
    seat's own score; at a table whose sides have places (Schach4), the seat's side's place,
    an absent side (stored 0) at the first of the last places (docs/archive.md)."""
    seats = list(board.seats.all())
    position = {side.pk: side.position for side in sides}
    stored = {side.pk: side.place for side in sides}
    results = (
        seat_results(BoardResult(board.result) if board.result else None) if len(seats) == 2 else (None,) * len(seats)
    )
    placed = any(place is not None for place in stored.values())
    absent = sum(1 for place in stored.values() if place == 0)
    entries = []
    for seat, result in zip(seats, results):
        entry = {"side": position[seat.side_id], "player": _name(seat.player), "colour": seat.colour}
        if placed:
            entry["place"] = stored[seat.side_id] or len(sides) - absent + 1
        else:
            entry["result"] = result
        entries.append(entry)
    return {"board": board.board, "seats": entries}


def _name(player):
    return player.name if player is not None else None


def _iso(moment):
    return moment.isoformat() if moment else None
