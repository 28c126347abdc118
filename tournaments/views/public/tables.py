"""Standings, crosstable and team pages: published rounds only."""

from django.core.paginator import InvalidPage, Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from tournaments.layouts import layout_of
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_check_for, standings_for_tournament

from .caching import public_page
from .common import page_context, tournament_or_404

CROSSTABLE_PAGE_ROWS = 200


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
        standings_check=standings_check_for(tournament=tournament),
    )
    return render(request, "public/standings.html", context)


@public_page
def crosstable(request, slug: str):
    """Beyond ``CROSSTABLE_PAGE_ROWS`` teams the table comes in pages (``?page=2``): a phone
    should not fetch 1.5 MB for 2,000 teams. Rows keep their number in the whole table."""
    tournament = tournament_or_404(slug)
    table = crosstable_for_tournament(tournament=tournament, published_only=True)
    opponents = [row.team for row in table.rows] if table.grid else []
    try:
        part = Paginator(table.rows, CROSSTABLE_PAGE_ROWS).page(request.GET.get("page") or 1)
    except InvalidPage:
        raise Http404("No such page of the crosstable.") from None
    context = page_context(request, tournament, crosstable=table, opponents=opponents, part=part)
    return render(request, "public/crosstable.html", context)


@public_page
def team(request, slug: str, team_id: int):
    """The entrant's roster and every encounter it played, laid out as the discipline lays one out."""
    tournament = tournament_or_404(slug)
    team = get_object_or_404(tournament.teams.select_related("tournament"), pk=team_id)
    layout = layout_of(tournament.discipline_rules)
    context = page_context(
        request,
        tournament,
        team=team,
        players=list(team.players.order_by("position")),
        rounds_template=layout.entrant_page,
        **layout.entrant_rounds(team),
    )
    return render(request, "public/team.html", context)
