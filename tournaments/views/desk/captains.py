"""Captain codes on the desk (issue 30): per team, issue (or re-issue) and revoke; a new code is
shown once, on the answer to the POST that issued it, and never again."""

from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.models import CaptainCode
from tournaments.services.captain_codes import captain_code_issue, captain_code_revoke

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
