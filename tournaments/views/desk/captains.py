"""Captains on the desk (issue 30): per team, issue (or re-issue) and revoke a captain code (a new
code is shown once, on the answer to the POST that issued it); a round's captains' reports, accepted
with one key; whether confirmed reports are accepted without it."""

from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.documents.captain_cards import CaptainCardsDocument
from tournaments.domain.errors import RuleViolation
from tournaments.models import CaptainCode, CaptainReport
from tournaments.selectors.captain_reports import round_reports
from tournaments.services.captain_codes import captain_code_issue, captain_code_revoke, captain_codes_issue_all
from tournaments.services.captain_reports import captain_report_accept, captain_reports_accepting_set
from tournaments.views.documents import pdf_response

from .access import DIRECTOR, desk_required
from .common import flash_violation


def _page(request, tournament, *, issued=None):
    in_force = CaptainCode.objects.filter(team=OuterRef("pk"), revoked_at__isnull=True)
    teams = tournament.teams.annotate(has_code=Exists(in_force)).order_by("seed")
    context = {"tournament": tournament, "teams": teams, "issued": issued}
    return render(request, "desk/captains.html", context)


@desk_required(reads=DIRECTOR)
def desk_captains(request, tournament):
    return _page(request, tournament)


@require_POST
@desk_required(reads=DIRECTOR)
def desk_captain_cards(request, tournament):
    """New codes for every team, answered with their cards (the one time the codes can be printed)."""
    try:
        issued = captain_codes_issue_all(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
        return redirect("tournaments:desk_captains", slug=tournament.slug)
    pdf = CaptainCardsDocument(tournament, [(team.name, code) for team, code in issued]).render()
    return pdf_response(pdf, f"{tournament.slug}-captain-cards.pdf")


@require_POST
@desk_required(reads=DIRECTOR)
def desk_captain_code(request, tournament, team_id: int):
    """POST ``action`` = issue (a new code, revoking the old one) or revoke."""
    team = get_object_or_404(tournament.teams, pk=team_id)
    try:
        if request.POST.get("action") == "revoke":
            captain_code_revoke(team=team, user=request.user, source="desk")
            messages.success(request, gettext("The captain code of %(team)s is revoked.") % {"team": team.name})
        else:
            _, code = captain_code_issue(team=team, user=request.user, source="desk")
            return _page(request, tournament, issued={"team": team, "code": code})
    except RuleViolation as error:
        flash_violation(request, error)
    return redirect("tournaments:desk_captains", slug=tournament.slug)


@desk_required
def desk_captain_reports(request, tournament, number: int):
    """The round's captains' reports with their state; a confirmed one is accepted with one key,
    a dispute or a report differing from the desk's results is flagged (issue 30)."""
    round_ = get_object_or_404(tournament.rounds, number=number)
    if request.method == "POST":
        report_id = request.POST.get("report", "")
        report = get_object_or_404(CaptainReport, pk=report_id if report_id.isdigit() else 0, match__round=round_)
        try:
            captain_report_accept(report=report, replace=request.POST.get("replace") == "yes", user=request.user)
        except RuleViolation as error:
            flash_violation(request, error)
        else:
            messages.success(
                request, gettext("The report of table %(table)d is accepted.") % {"table": report.match.table}
            )
        return redirect("tournaments:desk_captain_reports", slug=tournament.slug, number=number)
    rows = round_reports(tournament=tournament, number=number)
    context = {"tournament": tournament, "round": round_, "rows": rows}
    return render(request, "desk/captain_reports.html", context)


@require_POST
@desk_required(reads=DIRECTOR)
def desk_captain_reports_accepting(request, tournament):
    captain_reports_accepting_set(
        tournament=tournament, accepted=request.POST.get("accepted") == "yes", user=request.user, source="desk"
    )
    return redirect("tournaments:desk_captains", slug=tournament.slug)
