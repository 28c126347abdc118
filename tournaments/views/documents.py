"""PDF downloads: public pairings, standings and crosstable; the TD's forms, rosters and bundle.

Views only fetch through selectors, hand the data to a document class and wrap the bytes; the
public ones read with ``published_only`` so a draft round's results never leave the desk.
"""

from functools import wraps

from django.http import FileResponse, Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tournaments.documents.crosstable import CrosstableDocument
from tournaments.documents.match_report import MatchReportDocument
from tournaments.documents.rosters import RostersDocument
from tournaments.documents.round_lists import round_list
from tournaments.documents.seat_cards import SeatCardsDocument, table_cards
from tournaments.documents.standings import StandingsDocument
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.numbers import whole_number
from tournaments.models import Round, RoundBundle, Tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.documents import round_bundle_for_round
from tournaments.selectors.incidents import incidents_for_round
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.rosters import rosters_for_tournament
from tournaments.selectors.standings import standings_for_tournament
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


def _whole_number(data, name: str, default, allowed=None):
    """A whole-number parameter of the query or form; anything else is a RuleViolation naming it."""
    text = data.get(name, "")
    if text == "":
        return default
    number = whole_number(text)
    if number is None or (allowed is not None and number not in allowed):
        raise RuleViolation(gettext_noop("“%(value)s” is not a valid value here."), field=name, value=text[:20])
    return number


# --- public ----------------------------------------------------------------------------------


@public_page
@require_GET
@rule_errors
def pairings_pdf(request, slug, number):
    tournament = get_object_or_404(Tournament, slug=slug)
    round_ = round_or_404(tournament, number)
    with_boards = _whole_number(request.GET, "boards", 0, allowed=(0, 1)) == 1
    pdf = round_list(round_, published_only=True, with_boards=with_boards).render()
    return pdf_response(pdf, f"{slug}-pairings-{number}.pdf")


@public_page
@require_GET
@rule_errors
def standings_pdf(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    after_round = _whole_number(request.GET, "round", None)
    standings = standings_for_tournament(tournament=tournament, after_round=after_round, published_only=True)
    return pdf_response(StandingsDocument(tournament, standings).render(), f"{slug}-standings.pdf")


@public_page
@require_GET
def crosstable_pdf(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    crosstable = crosstable_for_tournament(tournament=tournament, published_only=True)
    return pdf_response(CrosstableDocument(tournament, crosstable).render(), f"{slug}-crosstable.pdf")


# --- TD desk: the desk's own check, arbiter level (forms, rosters, the round's bundle) --------


@require_GET
@desk_required
@rule_errors
def match_reports_pdf(request, tournament, number):
    per_page = _whole_number(request.GET, "per_page", 2, allowed=(1, 2))
    round_ = round_or_404(tournament, number)
    if "match-reports" not in tournament.discipline_rules.round_prints:
        raise RuleViolation(
            gettext_noop("this tournament plays at tables of seats: print the seat cards instead."), field="round"
        )
    incidents = incidents_for_round(round_=round_)  # printed in the remarks box
    pdf = MatchReportDocument(pairings_for_round(round_=round_), per_page=per_page, incidents=incidents).render()
    return pdf_response(pdf, f"{tournament.slug}-reports-{number}.pdf")


@require_GET
@desk_required
@rule_errors
def seat_cards_pdf(request, tournament, number):
    """A card per four-player table, laid on it before play (issue 15)."""
    round_ = round_or_404(tournament, number)
    if "seat-cards" not in tournament.discipline_rules.round_prints:
        raise RuleViolation(
            gettext_noop("this tournament plays on boards: print the match report forms instead."), field="round"
        )
    cards = table_cards(pairings_for_round(round_=round_).matches)
    pdf = SeatCardsDocument(tournament, round_number=number, cards=cards).render()
    return pdf_response(pdf, f"{tournament.slug}-seat-cards-{number}.pdf")


@require_GET
@desk_required
def rosters_pdf(request, tournament):
    teams = rosters_for_tournament(tournament=tournament)
    return pdf_response(RostersDocument(tournament, teams).render(), f"{tournament.slug}-rosters.pdf")


@require_POST
@desk_required
@rule_errors
def round_bundle_request_view(request, tournament, number):
    round_ = round_or_404(tournament, number)
    per_page = _whole_number(request.POST, "per_page", 2, allowed=(1, 2))
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
