"""TRF-2026 downloads: the public file holds published rounds only, the desk's every result."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournaments.domain.trf import write_trf
from tournaments.models import Tournament
from tournaments.selectors.trf import trf_event
from tournaments.views.desk.access import desk_required


def trf_response(tournament: Tournament, *, published_only: bool) -> HttpResponse:
    response = HttpResponse(write_trf(trf_event(tournament=tournament, published_only=published_only)), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.trf"'
    return response


@require_GET
def public_trf(request, slug):
    return trf_response(get_object_or_404(Tournament, slug=slug), published_only=True)


@require_GET
@desk_required
def desk_trf(request, tournament):
    return trf_response(tournament, published_only=False)
