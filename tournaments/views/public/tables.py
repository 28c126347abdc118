"""Standings, crosstable and team pages: published rounds only."""

from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.team_card import team_card

from .caching import public_page
from .common import page_context, tournament_or_404


@public_page
def standings(request, slug: str):
    tournament = tournament_or_404(slug)
    table = standings_for_tournament(tournament=tournament, published_only=True)
    context = page_context(
        request,
        tournament,
        standings=table,
        extra_codes=[tb for tb in table.tiebreaks if tb.code not in ("MP", "BP")],
        legend=[(tb.code, gettext(tb.name), gettext(tb.description)) for tb in table.tiebreaks],
        chain_first=" → ".join(tournament.tiebreaks_first),
        chain_other=" → ".join(tournament.tiebreaks_other),
    )
    return render(request, "public/standings.html", context)


@public_page
def crosstable(request, slug: str):
    tournament = tournament_or_404(slug)
    table = crosstable_for_tournament(tournament=tournament, published_only=True)
    opponents = [row.team for row in table.rows] if table.grid else []
    context = page_context(request, tournament, crosstable=table, opponents=opponents)
    return render(request, "public/crosstable.html", context)


@public_page
def team(request, slug: str, team_id: int):
    tournament = tournament_or_404(slug)
    team = get_object_or_404(tournament.teams.select_related("tournament"), pk=team_id)
    context = page_context(request, tournament, team=team, card=team_card(team=team, published_only=True))
    return render(request, "public/team.html", context)
