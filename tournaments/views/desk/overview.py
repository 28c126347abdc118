"""The desk's list of tournaments, creating one from a preset, and a tournament's overview + settings."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.domain.rule_set import change_warnings, rule_values, settings_used
from tournaments.forms.errors import add_violation
from tournaments.forms.tournament import TournamentCreateForm, TournamentSettingsForm
from tournaments.layouts import layout_of
from tournaments.permissions import may_create_tournaments, tournaments_visible_privately
from tournaments.selectors.documents import round_bundles_for_tournament
from tournaments.selectors.pairings import pairings_for_tournament
from tournaments.selectors.schedule import next_pairing_refusal, rounds_to_pair, tournament_pairing_system
from tournaments.services.pairing_jobs import pairing_job
from tournaments.services.tournaments import tournament_create, tournament_update

from .access import DIRECTOR, desk_required
from .submissions import claim_submission, release_submission, submission_token


@desk_required
def desk_list(request):
    """Only the tournaments where the user has a role (all of them for a superuser)."""
    tournaments = tournaments_visible_privately(request.user).order_by("-created_at")
    context = {"tournaments": tournaments, "may_create": may_create_tournaments(request.user)}
    return render(request, "desk/tournament_list.html", context)


@desk_required
def desk_new(request):
    """Staff create tournaments; ``tournament_create`` makes the creator its director."""
    if not may_create_tournaments(request.user):
        raise PermissionDenied
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not claim_submission(request):
            messages.info(request, gettext("This form was sent twice; the tournament is created only once."))
            return redirect("tournaments:desk")
        try:
            tournament = tournament_create(**form.service_kwargs(), user=request.user, source="desk")
        except RuleViolation as error:
            release_submission(request)
            add_violation(form, error)
        else:
            messages.success(request, gettext("Tournament “%(name)s” created.") % {"name": tournament.name})
            return redirect("tournaments:desk_overview", slug=tournament.slug)
    context = {"form": form, "submission": submission_token(request)}
    return render(request, "desk/tournament_new.html", context, status=400 if form.errors else 200)


@desk_required(writes=DIRECTOR)
def desk_overview(request, tournament):
    """Status, next steps, every round's pairings, and the settings form (POST saves it).

    Once play started, a change with a warning (the match points re-rank played rounds) is
    saved only when the director confirms it.
    """
    warnings = []
    if request.method == "POST":
        form = TournamentSettingsForm(request.POST, settings=_settings(tournament))
        if form.is_valid():
            changes = form.service_kwargs()
            if tournament.rosters_locked and not request.POST.get("confirmed"):
                warnings = change_warnings(rule_values(tournament), changes)
        if form.is_valid() and not warnings:
            try:
                tournament = tournament_update(tournament=tournament, **changes, user=request.user, source="desk")
            except RuleViolation as error:
                add_violation(form, error, TournamentSettingsForm.ALIASES)
            else:
                messages.success(request, gettext("Settings saved."))
                return redirect("tournaments:desk_overview", slug=tournament.slug)
    else:
        form = TournamentSettingsForm(
            initial=TournamentSettingsForm.initial_for(tournament), settings=_settings(tournament)
        )
    teams = list(tournament.teams.order_by("seed"))
    rounds = pairings_for_tournament(tournament=tournament)
    context = {
        "tournament": tournament,
        "form": form,
        "warnings": [gettext(setting.warning) for setting in warnings],
        "teams": teams,
        "withdrawn": sum(team.withdrawn_from_round is not None for team in teams),
        "staying": sum(team.withdrawn_from_round is None for team in teams),
        "rounds": rounds,
        "round_template": layout_of(tournament.discipline_rules).overview_round,
        "bundles": round_bundles_for_tournament(tournament=tournament),
        "current": next((r.round.number for r in rounds if r.round.published_at is None), None),
        "to_pair": rounds_to_pair(tournament=tournament, teams=len(teams), paired=len(rounds)),
        "pairing_waits": _pairing_waits(tournament, paired=len(rounds)),
        "pairing_job": _pairing_job(tournament),
    }
    return render(request, "desk/overview.html", context, status=400 if form.errors or warnings else 200)


def _settings(tournament):
    """The settings the desk offers: those the tournament's discipline and pairing system read."""
    return settings_used(tournament.discipline_rules, tournament_pairing_system(tournament))


def _pairing_job(tournament) -> dict | None:
    """A large Swiss's pairing queued from here: under way, or why it failed (a done one is the round)."""
    job = pairing_job(tournament=tournament)
    if job is None or job["state"] == "done":
        return None
    return {**job, "error": job["error"].text(gettext) if job.get("error") else ""}


def _pairing_waits(tournament, *, paired: int) -> str:
    refusal = next_pairing_refusal(tournament=tournament, paired=paired)
    return refusal.body(gettext) if refusal else ""  # a notice about the next round, not a field
