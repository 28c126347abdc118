"""The record on the desk: roles (who runs the tournament), the audit trail with reverts, unpairing.

Every write goes through its service (``role_grant``/``role_revoke``, ``result_revert``,
``round_unpair``), so the desk and the API refuse the same things with the same messages.
"""

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.domain.numbers import whole_number
from tournaments.forms.errors import add_violation
from tournaments.forms.roles import RoleForm
from tournaments.models import AuditEntry, Match, TournamentRole
from tournaments.permissions import can_direct
from tournaments.selectors.audit import AuditLine, audit_for_match, audit_for_tournament, revert_effects
from tournaments.selectors.audit_text import audit_texts, match_words
from tournaments.services.pairing import round_unpair
from tournaments.services.results import result_revert
from tournaments.services.roles import member_named, role_grant, role_revoke
from tournaments.views.lookups import round_or_404

from .access import DIRECTOR, desk_required, director_required
from .common import flash_violation

AUDIT_PAGE_SIZE = 100


@director_required
def desk_roles(request, tournament):
    """GET lists directors and arbiters; POST grants (``username``, ``role``) or revokes (``revoke``)."""
    form = RoleForm(request.POST if request.method == "POST" and "revoke" not in request.POST else None)
    status = 200
    if request.method == "POST":
        try:
            if "revoke" in request.POST:
                member = member_named(request.POST["revoke"], field="revoke")
                role_revoke(tournament=tournament, member=member, user=request.user, source="desk")
                messages.success(
                    request, gettext("“%(user)s” no longer has a role here.") % {"user": member.get_username()}
                )
                return redirect("tournaments:desk_roles", slug=tournament.slug)
            if form.is_valid():
                role_grant(
                    tournament=tournament,
                    member=form.member,
                    role=form.cleaned_data["role"],
                    user=request.user,
                    source="desk",
                )
                messages.success(request, gettext("Role of “%(user)s” saved.") % {"user": form.member.get_username()})
                return redirect("tournaments:desk_roles", slug=tournament.slug)
        except RuleViolation as error:
            if form.is_bound:
                add_violation(form, error)
            else:
                flash_violation(request, error)
        status = 400
    roles = (
        TournamentRole.objects.filter(tournament=tournament).select_related("user").order_by("role", "user__username")
    )
    return render(request, "desk/roles.html", {"tournament": tournament, "roles": roles, "form": form}, status=status)


@desk_required(writes=DIRECTOR)
def desk_match_audit(request, tournament, match_id: int):
    """A match's history (who, when, source, old → new); the director POSTs ``revert`` = entry id.

    A revert that reaches beyond its board (a published round, a play-off, later rounds paired
    from the standings) is confirmed first, naming each (issue 28 item 1)."""
    match = get_object_or_404(
        Match.objects.select_related("round").with_sides(), round__tournament=tournament, pk=match_id
    )
    if request.method == "POST":
        revert = request.POST.get("revert", "")
        entry_id = whole_number(revert) if len(revert) < 19 else None
        entries = AuditEntry.objects.select_related("match__round__tournament")
        entry = entries.filter(match=match, pk=entry_id).first() if entry_id is not None else None
        if entry is None:
            message = gettext("revert: choose one of the recorded changes of this match.")
            return render(request, "bad_request.html", {"message": message}, status=400)
        effects = revert_effects(entry=entry)
        if effects.any and request.POST.get("confirm") != "yes":
            context = {"tournament": tournament, "match": match, "entry": entry, "effects": effects}
            context["label"] = match_words(match.round.number, match.table, match.leg)
            context["line"] = audit_texts(tournament, [AuditLine(entry, True)])[0]
            return render(request, "desk/revert_confirm.html", context)
        try:
            result_revert(audit_entry=entry, user=request.user, source="desk")
        except RuleViolation as error:
            flash_violation(request, error)
        else:
            messages.success(request, gettext("Change reverted; the revert is recorded below."))
        return redirect("tournaments:desk_match_audit", slug=tournament.slug, match_id=match.pk)
    context = {
        "tournament": tournament,
        "match": match,
        "label": match_words(match.round.number, match.table, match.leg),
        "lines": audit_texts(tournament, audit_for_match(match=match)),
        "may_revert": can_direct(request.user, tournament),
    }
    return render(request, "desk/match_audit.html", context)


@director_required
def desk_audit(request, tournament):
    """Every recorded change of the tournament, newest first, ``?action=`` narrows, ``?page=`` pages."""
    action = request.GET.get("action", "")
    action = action if action in AuditEntry.Action.values else ""
    page = Paginator(audit_for_tournament(tournament=tournament, action=action or None), AUDIT_PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {
        "tournament": tournament,
        "page": page,
        "lines": audit_texts(tournament, page),
        "action": action,
        "actions": _actions(tournament.discipline_rules.words),
    }
    return render(request, "desk/audit.html", context)


def _actions(words) -> list[tuple[str, str]]:
    """The audit's actions to choose from, named as the discipline names its entrants."""
    return [
        (value, gettext(words.audit_actions[value]) if value in words.audit_actions else name)
        for value, name in AuditEntry.Action.choices
    ]


@require_POST
@director_required
def desk_unpair(request, tournament, number: int):
    """Unpair the last round; a round with results needs ``delete_results=yes`` (recorded)."""
    round_ = round_or_404(tournament, number)
    try:
        round_unpair(
            round_=round_, delete_results=request.POST.get("delete_results") == "yes", user=request.user, source="desk"
        )
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request, gettext("Round %(number)d is unpaired; pair it again from the overview.") % {"number": number}
        )
    return redirect("tournaments:desk_overview", slug=tournament.slug)
