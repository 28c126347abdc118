from django.db.models import Prefetch

from tournaments.models import Incident, Match, MatchSide, Round


def incidents_for_round(*, round_: Round) -> list[Incident]:
    """The arbiter's incident list of a round, by table, board and time: two queries (the second for the sides)."""
    return list(_incidents().filter(match__round=round_).order_by("match__table", "board", "occurred_at", "id"))


def incidents_for_match(*, match: Match) -> list[Incident]:
    """The incidents of one match, for the remarks of its match report form: two queries."""
    return list(_incidents().filter(match=match).order_by("board", "occurred_at", "id"))


def _incidents():
    return Incident.objects.select_related("match__round", "player", "user", "decided_by").prefetch_related(
        Prefetch("match__sides", MatchSide.objects.select_related("team"))
    )


def incident_history(*, tournament, team=None) -> list[tuple[object, list[Incident]]]:
    """Each player's incidents over the event (Blitz §11d: the arbiter judges the player's record),
    players by name, their incidents by round, table and board; of one ``team``'s players if given.
    One query."""
    incidents = Incident.objects.filter(match__round__tournament=tournament, player__isnull=False).select_related(
        "match__round", "player__team"
    )
    if team is not None:
        incidents = incidents.filter(player__team=team)
    history: dict[int, list[Incident]] = {}
    order = ("player__name", "player_id", "match__round__number", "match__table", "board", "occurred_at", "id")
    for incident in incidents.order_by(*order):
        history.setdefault(incident.player_id, []).append(incident)
    return [(rows[0].player, rows) for rows in history.values()]
