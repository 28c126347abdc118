"""Lookups shared by the public pages: unknown slugs and round numbers are a 404, never a 500."""

from django.shortcuts import get_object_or_404

from tournaments.models import Tournament

# A published round reaches every open page within this many seconds (static/live.js).
LIVE_POLL_SECONDS = 15


def tournament_or_404(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def page_context(request, tournament: Tournament, **context) -> dict:
    """What every public page of a tournament needs: the tournament, its rounds, live refresh.

    The live refresh (``HX-Request``) gets only the data part: halls have bad Wi-Fi. When the
    public saw the last change comes from ``public_page`` (caching.py).
    """
    partial = request.headers.get("HX-Request") == "true"
    return {
        "layout": "public/_live.html" if partial else "public/_tournament.html",
        "tournament": tournament,
        "rounds": list(tournament.rounds.order_by("number")),
        "live": tournament.status == Tournament.Status.RUNNING,
        "poll_seconds": LIVE_POLL_SECONDS,
        "updated_at": request.public_stamp.changed_at,
        **context,
    }
