"""Lookups shared by the public pages: unknown slugs and round numbers are a 404, never a 500."""

from django.shortcuts import get_object_or_404

from tournaments.models import Tournament

REFRESH_SECONDS = 60


def tournament_or_404(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def page_context(request, tournament: Tournament, **context) -> dict:
    """What every public page of a tournament needs: the tournament, its rounds, live refresh.

    An htmx refresh (``HX-Request``) gets only the data part: halls have bad Wi-Fi.
    """
    partial = request.headers.get("HX-Request") == "true"
    return {
        "layout": "public/_live.html" if partial else "public/_tournament.html",
        "tournament": tournament,
        "rounds": list(tournament.rounds.order_by("number")),
        "live": tournament.status == Tournament.Status.RUNNING,
        "refresh_seconds": REFRESH_SECONDS,
        **context,
    }
