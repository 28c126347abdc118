"""TRF-2026 downloads (the public file holds published rounds only, the desk's every result) and
the desk's DWZ rating report.

An event TRF cannot hold (four-player tables) is answered with 400 and the reason; its pages
offer no link (the discipline's ``exports``)."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from tournaments.domain.dwz_report import dewis_xml, dsb_text
from tournaments.domain.errors import RuleViolation
from tournaments.domain.trf import write_trf
from tournaments.models import Tournament
from tournaments.selectors.dwz import dwz_event
from tournaments.selectors.trf import trf_event
from tournaments.views.desk.access import desk_required, director_required
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


DWZ_FORMATS = {"xml": (dewis_xml, "application/xml"), "txt": (dsb_text, "text/plain")}


@require_GET
@director_required
def desk_dwz(request, tournament, format):
    """The DWZ rating report (DeWIS XML, or the DSB text for a round robin), for the director: it
    holds dates of birth. While data the DSB-Wertungsordnung asks for is missing, a page lists
    all of it, per round and player (400)."""
    if format not in DWZ_FORMATS:
        raise Http404
    writer, content_type = DWZ_FORMATS[format]
    try:
        text = writer(dwz_event(tournament=tournament))
    except RuleViolation as error:
        problems = [violation.text(gettext) for violation in error.violations]
        return render(request, "desk/dwz_missing.html", {"tournament": tournament, "problems": problems}, status=400)
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-dwz.{format}"'
    return response
