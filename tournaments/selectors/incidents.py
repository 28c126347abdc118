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
