"""The desk's byes page (team Swiss, issue 16): byes requested in advance and late entries.

Each form calls its service (``services/requested_byes.py``), as the API does. The page shows
the byes at one version; a request or withdrawal sent from an older page is answered 409 with the
list as it is now (``StaleByes``).
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.domain.numbers import whole_number
from tournaments.forms.byes import ByeRequestForm, LateEntryForm
from tournaments.forms.errors import add_violation
from tournaments.models import Round, Team
from tournaments.selectors.requested_byes import requested_byes_for_tournament
from tournaments.selectors.schedule import planned_rounds, tournament_pairing_system
from tournaments.services.requested_byes import StaleByes, bye_request, bye_withdraw, check_in_set, team_enter_late

from .access import desk_required, director_required
from .common import flash_violation


def _page(request, tournament, *, bye_form=None, late_form=None, status=200):
    """A request can be withdrawn until its round is paired; a system that fixes every round from
    the start takes none, and the page says why instead of offering forms that would be refused."""
    teams = tournament.teams.order_by("seed")
    refusal = tournament_pairing_system(tournament).requested_byes_refusal()
    context = {
        "tournament": tournament,
        "refusal": refusal.body(gettext) if refusal else "",  # about the page as a whole: no field to name
        "paired_rounds": tournament.rounds.filter(kind=Round.Kind.REGULAR).count(),
        "byes": requested_byes_for_tournament(tournament=tournament),
        "bye_form": bye_form
        or ByeRequestForm(
            teams=teams, initial={"version": tournament.byes_version}, discipline=tournament.discipline_rules
        ),
        "late_form": late_form or LateEntryForm(discipline=tournament.discipline_rules),
    }
    upcoming = context["paired_rounds"] + 1
    context["check_in_round"] = (
        upcoming if upcoming <= planned_rounds(tournament=tournament, teams=len(teams)) else None
    )
    away = {bye.team.pk for bye in context["byes"] if bye.round_number == context["check_in_round"]}
    context["check_in"] = [(team, team.pk not in away) for team in teams.filter(withdrawn_from_round=None)]
    return render(request, "desk/byes.html", context, status=status)


@require_POST
@director_required
def desk_check_in(request, tournament):
    """POST ``round`` and one ``present`` per entrant checked in; every other one is absent."""
    number = whole_number(request.POST.get("round", ""))
    present = set(request.POST.getlist("present"))
    absent = [team for team in tournament.teams.filter(withdrawn_from_round=None) if str(team.pk) not in present]
    try:
        changed = check_in_set(
            tournament=tournament, round_number=number, absent=absent, user=request.user, source="desk"
        )
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request,
            gettext("Check-in for round %(round)d saved: %(absent)d absent, %(changed)d changed.")
            % {"round": number, "absent": len(absent), "changed": len(changed)},
        )
    return redirect("tournaments:desk_byes", slug=tournament.slug)


@desk_required
def desk_byes(request, tournament):
    return _page(request, tournament)


@require_POST
@director_required
def desk_bye_request(request, tournament):
    form = ByeRequestForm(request.POST, teams=tournament.teams.order_by("seed"), discipline=tournament.discipline_rules)
    if not form.is_valid():
        return _page(request, tournament, bye_form=form, status=400)
    team = tournament.teams.get(pk=form.cleaned_data["team"])
    try:
        bye_request(
            team=team,
            round_number=form.cleaned_data["round_number"],
            kind=form.cleaned_data["kind"],
            expected_version=form.cleaned_data["version"],
            user=request.user,
            source="desk",
        )
    except StaleByes as error:
        # the TD's choice stays in the form, now at the version the page shows: look, then send again
        form = ByeRequestForm(
            {**request.POST.dict(), "version": error.current},
            teams=tournament.teams.order_by("seed"),
            discipline=tournament.discipline_rules,
        )
        add_violation(form, error, aliases={"version": ""})
        tournament.byes_version = error.current
        return _page(request, tournament, bye_form=form, status=409)
    except RuleViolation as error:
        add_violation(form, error, aliases={"round": "round_number"})
        return _page(request, tournament, bye_form=form, status=400)
    messages.success(
        request,
        gettext("“%(team)s” is not paired in round %(round)d.")
        % {"team": team.name, "round": form.cleaned_data["round_number"]},
    )
    return redirect("tournaments:desk_byes", slug=tournament.slug)


@require_POST
@director_required
def desk_bye_withdraw(request, tournament, team_id: int, number: int):
    team = get_object_or_404(Team, tournament=tournament, pk=team_id)
    try:
        bye_withdraw(
            team=team,
            round_number=number,
            expected_version=whole_number(request.POST.get("version", "")),
            user=request.user,
            source="desk",
        )
    except StaleByes as error:
        flash_violation(request, error)
        tournament.byes_version = error.current
        return _page(request, tournament, status=409)
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request,
            gettext("“%(team)s” is paired in round %(round)d after all.") % {"team": team.name, "round": number},
        )
    return redirect("tournaments:desk_byes", slug=tournament.slug)


@require_POST
@director_required
def desk_late_entry(request, tournament):
    form = LateEntryForm(request.POST, discipline=tournament.discipline_rules)
    if not form.is_valid():
        return _page(request, tournament, late_form=form, status=400)
    try:
        team = team_enter_late(tournament=tournament, user=request.user, source="desk", **form.cleaned_data)
    except RuleViolation as error:
        add_violation(form, error, aliases={"roster": "players"})
        return _page(request, tournament, late_form=form, status=400)
    messages.success(
        request,
        gettext("“%(team)s” enters late, seeded %(seed)d, paired from round %(round)d.")
        % {"team": team.name, "seed": team.seed, "round": form.cleaned_data["from_round"]},
    )
    return redirect("tournaments:desk_byes", slug=tournament.slug)
