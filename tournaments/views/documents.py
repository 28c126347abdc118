"""PDF downloads: every registered document (``documents/registry.py``) through one public and one
desk view, and the round's bundle.

The public view reads with ``published_only`` so a draft round's results never leave the desk;
the desk view checks the arbiter's role first. The registry renders and says what is available.
"""

from functools import wraps

from django.conf import settings
from django.http import FileResponse, Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tournaments.documents.match_report import FORMS_PER_PAGE
from tournaments.documents.registry import DOCUMENTS, PrintDocument, PrintJob, whole_number_option
from tournaments.domain.errors import RuleViolation
from tournaments.models import Round, RoundBundle, Tournament
from tournaments.selectors.documents import round_bundle_for_round
from tournaments.services.documents import round_bundle_request
from tournaments.views.desk.access import desk_required
from tournaments.views.lookups import round_or_404
from tournaments.views.public.caching import public_page


def rule_errors(view):
    """Bad query parameters are answered with 400 and the message naming the field, never a 500."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except RuleViolation as error:
            return HttpResponseBadRequest(error.text(gettext), content_type="text/plain; charset=utf-8")

    return wrapper


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _download(document: PrintDocument, tournament, number: int | None, options, *, published_only: bool, site: str):
    """``document`` of ``tournament`` (of its round ``number``, for a round's document), refused
    where it is not available (``PrintDocument.refusal``)."""
    round_ = round_or_404(tournament, number) if document.per_round else None
    pdf = document.pdf(PrintJob(tournament, round_, options, published_only=published_only, site=site))
    return pdf_response(pdf, document.filename.format(slug=tournament.slug, number=number))


def _site(request) -> str:
    """The address the QR codes point to: ``SITE_URL``, else the one this request was made at."""
    return settings.SITE_URL or request.build_absolute_uri("/")


@public_page
@require_GET
@rule_errors
def public_pdf(request, slug, number=None, *, document: str):
    """A public document (``Audience.PUBLIC``): results of published rounds only."""
    tournament = get_object_or_404(Tournament, slug=slug)
    return _download(DOCUMENTS[document], tournament, number, request.GET, published_only=True, site=_site(request))


@require_GET
@desk_required
@rule_errors
def desk_pdf(request, tournament, number=None, *, document: str):
    """A desk document (``Audience.DESK``: forms, rosters, incidents), for the tournament's arbiters."""
    return _download(DOCUMENTS[document], tournament, number, request.GET, published_only=False, site=_site(request))


# --- the round's bundle, built by a worker (services/documents.py) -----------------------------


@require_POST
@desk_required
@rule_errors
def round_bundle_request_view(request, tournament, number):
    round_ = round_or_404(tournament, number)
    per_page = whole_number_option(request.POST, "per_page", 2, allowed=FORMS_PER_PAGE)
    round_bundle_request(round_=round_, per_page=per_page, user=request.user, source="desk")
    return _bundle_partial(request, round_, status=202)


@require_GET
@desk_required
def round_bundle_status(request, tournament, number):
    return _bundle_partial(request, round_or_404(tournament, number))


@require_GET
@desk_required
def round_bundle_status_json(request, tournament, number):
    round_ = round_or_404(tournament, number)
    bundle = round_bundle_for_round(round_=round_)
    return JsonResponse(
        {
            "round": round_.number,
            "state": bundle.state if bundle else "none",
            "error": bundle.error if bundle else "",
            "updated_at": bundle.updated_at.isoformat() if bundle else None,
            "download_url": _download_url(round_) if bundle and bundle.state == RoundBundle.State.READY else None,
        }
    )


@require_GET
@desk_required
def round_bundle_download(request, tournament, number):
    bundle = round_bundle_for_round(round_=round_or_404(tournament, number))
    if bundle is None or bundle.state != RoundBundle.State.READY or not bundle.file:
        raise Http404("no bundle ready for this round")
    if not bundle.file.storage.exists(bundle.file.name):
        raise Http404("the bundle's file is gone; build it again")
    filename = f"{tournament.slug}-round-{number}.pdf"
    return FileResponse(bundle.file.open("rb"), content_type="application/pdf", filename=filename)


def _download_url(round_: Round) -> str:
    return reverse("tournaments:round_bundle_download", args=[round_.tournament.slug, round_.number])


def _bundle_partial(request, round_: Round, status: int = 200):
    bundle = round_bundle_for_round(round_=round_)
    context = {
        "tournament": round_.tournament,
        "round": round_,
        "bundle": bundle,
        "download_url": _download_url(round_),
    }
    return render(request, "documents/_round_bundle.html", context, status=status)
