"""Pairings and results of one round, as the public may see them."""

from django.shortcuts import render

from tournaments.layouts import layout_of
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.requested_byes import requested_byes_for_round
from tournaments.views.lookups import round_or_404

from .caching import public_page
from .common import page_context, tournament_or_404


@public_page
def round_pairings(request, slug: str, number: int):
    tournament = tournament_or_404(slug)
    round_ = round_or_404(tournament, number)
    context = page_context(request, tournament, round=round_, **_encounters(round_))
    context["requested_byes"] = requested_byes_for_round(round_=round_) if round_.pairings_published_at else []
    return render(request, "public/round_pairings.html", context)


@public_page
def round_results(request, slug: str, number: int):
    """Results appear only once the TD has published the round; until then the page says so."""
    tournament = tournament_or_404(slug)
    round_ = round_or_404(tournament, number)
    context = page_context(request, tournament, round=round_, **_encounters(round_))
    context["requested_byes"] = requested_byes_for_round(round_=round_) if round_.published_at else []
    return render(request, "public/round_results.html", context)


def _encounters(round_) -> dict:
    return {
        "encounters_template": layout_of(round_.tournament.discipline_rules).round_page,
        "pairings": pairings_for_round(round_=round_, published_only=True),
    }
