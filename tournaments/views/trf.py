"""TRF-2026 downloads: the public file holds published rounds only, the desk's every result.

An event TRF cannot hold (four-player tables) is answered with 400 and the reason; its pages
offer no link (the discipline's ``exports``)."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournaments.domain.trf import write_trf
from tournaments.models import Tournament
from tournaments.selectors.trf import trf_event
from tournaments.views.desk.access import desk_required
from tournaments.views.documents import rule_errors


def trf_response(tournament: Tournament, *, published_only: bool) -> HttpResponse:
    """The file, or RuleViolation (the API answers 400) where the discipline has none."""
    response = HttpResponse(
        write_trf(trf_event(tournament=tournament, published_only=published_only)),
        content_type="text/plain; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response


@require_GET
@rule_errors
def public_trf(request, slug):
    return trf_response(get_object_or_404(Tournament, slug=slug), published_only=True)


@require_GET
@desk_required
@rule_errors
def desk_trf(request, tournament):
    return trf_response(tournament, published_only=False)
