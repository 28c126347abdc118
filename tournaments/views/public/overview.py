"""The public list of tournaments and a tournament's home page."""

from django.core.paginator import Paginator
from django.db.models import F
from django.shortcuts import render

from tournaments.layouts import layout_of
from tournaments.models import Tournament
from tournaments.selectors.pairings import pairings_for_round

from .caching import public_page
from .common import page_context, tournament_or_404

LIST_PAGE_SIZE = 50


def tournament_list(request):
    """Every tournament, newest first (by start date, else by when it was entered), a page at a time:
    a public server that many halls push to holds hundreds of events. Two queries whatever their number."""
    tournaments = Tournament.objects.order_by(F("start_date").desc(nulls_last=True), "-created_at", "-id")
    page = Paginator(tournaments, LIST_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "public/tournament_list.html", {"tournaments": page.object_list, "page": page})


@public_page
def tournament_home(request, slug: str):
    """Next round's pairings and the latest published results."""
    tournament = tournament_or_404(slug)
    context = page_context(request, tournament)
    rounds = context["rounds"]
    published = [r for r in rounds if r.published_at is not None]
    upcoming = next((r for r in rounds if r.published_at is None), None)
    latest = published[-1] if published else None
    context.update(
        teams=tournament.teams.order_by("seed"),
        next_round=pairings_for_round(round_=upcoming, published_only=True) if upcoming else None,
        latest=pairings_for_round(round_=latest, published_only=True) if latest else None,
        encounters_template=layout_of(tournament.discipline_rules).round_page,
    )
    return render(request, "public/tournament_home.html", context)
