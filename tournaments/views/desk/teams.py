"""Teams and rosters on the desk: one by form, or many from a CSV file with a preview first."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.domain.numbers import whole_number
from tournaments.domain.roster_csv import parse_roster_csv
from tournaments.domain.roster_warnings import roster_warnings
from tournaments.forms.teams import RosterForm, RosterImportForm, TeamForm, TeamNameForm
from tournaments.models import Player
from tournaments.selectors.incidents import incident_history
from tournaments.services.player_details import player_details_set
from tournaments.services.roster_import import teams_import
from tournaments.services.teams import (
    UnconfirmedRoster,
    team_create,
    team_delete,
    team_rename,
    team_roster_set,
    teams_seed,
)

from .access import DIRECTOR, desk_required, director_required
from .common import flash_violation
from .submissions import claim_submission, release_submission, submission_token


def _roster_field(error: RuleViolation) -> str:
    """``players[3].rating`` and ``roster`` (locked) belong to the players box of the form."""
    return "players" if error.field.startswith("players") or error.field == "roster" else error.field


@desk_required(writes=DIRECTOR)
def desk_teams(request, tournament):
    words = tournament.discipline_rules.words
    form = TeamForm(request.POST or None, discipline=tournament.discipline_rules)
    warnings = []
    if request.method == "POST" and form.is_valid():
        if not claim_submission(request):
            messages.info(request, gettext(words.sent_twice))
            return redirect("tournaments:desk_teams", slug=tournament.slug)
        try:
            confirmed = bool(request.POST.get("confirm"))
            team = team_create(
                tournament=tournament, **form.cleaned_data, user=request.user, source="desk", confirmed=confirmed
            )
        except RuleViolation as error:
            release_submission(request)
            for each in error.violations:
                field = _roster_field(each)
                at_field = field == each.field and field in form.fields  # its label names it already
                form.add_error(
                    field if field in form.fields else None, each.body(gettext) if at_field else each.text(gettext)
                )
        except UnconfirmedRoster as unconfirmed:
            release_submission(request)
            warnings = [warning.text(gettext) for warning in unconfirmed.warnings]
        else:
            messages.success(request, gettext(words.registered) % {"name": team.name})
            return redirect("tournaments:desk_teams", slug=tournament.slug)
    teams = tournament.teams.prefetch_related("players").order_by("seed")
    context = {
        "tournament": tournament,
        "form": form,
        "teams": teams,
        "import_form": RosterImportForm(discipline=tournament.discipline_rules),
        "submission": submission_token(request),
        "warnings": warnings,
    }
    return render(request, "desk/teams.html", context, status=400 if form.errors else 200)


@desk_required(writes=DIRECTOR)
def desk_team(request, tournament, team_id: int):
    """The roster (before the start), the name and short name (any time), and removing the team
    (before the start): POST ``action`` = roster, name or delete."""
    team = get_object_or_404(tournament.teams, pk=team_id)
    roster = list(team.players.order_by("position"))
    players = [{"name": p.name, "rating": p.rating, "fide_id": p.fide_id} for p in roster]
    action = request.POST.get("action", "roster") if request.method == "POST" else ""
    discipline = tournament.discipline_rules
    form = RosterForm(request.POST if action == "roster" else None, initial={"players": players}, discipline=discipline)
    initial = {"name": team.name, "short_name": team.short_name}
    name_form = TeamNameForm(request.POST if action == "name" else None, initial=initial, discipline=discipline)
    try:
        if action == "roster" and form.is_valid():
            team_roster_set(
                team=team,
                players=_keeping_details(roster, form.cleaned_data["players"]),
                user=request.user,
                source="desk",
            )
            messages.success(request, gettext(discipline.words.roster_saved) % {"name": team.name})
            return redirect("tournaments:desk_teams", slug=tournament.slug)
        if action == "name" and name_form.is_valid():
            team = team_rename(team=team, **name_form.cleaned_data, user=request.user, source="desk")
            messages.success(request, gettext("Saved: “%(name)s”.") % {"name": team.name})
            return redirect("tournaments:desk_teams", slug=tournament.slug)
        if action == "delete":
            team_delete(team=team, user=request.user, source="desk")
            messages.success(request, gettext("“%(name)s” is removed; the seeds below moved up.") % {"name": team.name})
            return redirect("tournaments:desk_teams", slug=tournament.slug)
    except RuleViolation as error:
        target = {"roster": form, "name": name_form}.get(action)
        if target is None:
            flash_violation(request, error)
            return redirect("tournaments:desk_team", slug=tournament.slug, team_id=team.pk)
        field = "players" if action == "roster" else error.field
        target.add_error(field if field in target.fields else None, error.text(gettext))
    context = {
        "tournament": tournament,
        "team": team,
        "form": form,
        "name_form": name_form,
        "roster": roster,
        "history": incident_history(tournament=tournament, team=team),
        "penalty_rules": tournament.penalty_rules,
    }
    return render(request, "desk/team.html", context, status=400 if form.errors or name_form.errors else 200)


@require_POST
@director_required
def desk_seeds(request, tournament):
    """Order the seeds before the first pairing: POST ``order`` = rating or lots, or ``given`` with
    a ``seed-<team id>`` number per team (the teams sorted by those numbers)."""
    order = request.POST.get("order", "")
    teams = list(tournament.teams.all())
    given = []
    if order == "given":
        numbers = {team: whole_number(request.POST.get(f"seed-{team.pk}", "")) for team in teams}
        if any(number is None for number in numbers.values()):
            messages.error(request, gettext("seed: give every entrant a whole number."))
            return redirect("tournaments:desk_teams", slug=tournament.slug)
        given = sorted(teams, key=lambda team: (numbers[team], team.seed))
    try:
        teams_seed(tournament=tournament, order=order, teams=given, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(request, gettext("The seeds are set; the audit trail records the order and how it was made."))
    return redirect("tournaments:desk_teams", slug=tournament.slug)


@director_required
def desk_import(request, tournament):
    """POST ``preview`` shows every row with its problems; POST ``import`` writes all teams or none."""
    if request.method != "POST":
        return redirect("tournaments:desk_teams", slug=tournament.slug)
    form = RosterImportForm(request.POST, request.FILES, discipline=tournament.discipline_rules)
    roster = None
    if form.is_valid():
        text = form.cleaned_data["text"]
        if request.POST.get("action") == "import":
            try:
                teams = teams_import(tournament=tournament, text=text, user=request.user, source="desk")
            except RuleViolation as error:
                form.add_error(None, error.text(gettext))
            else:
                imported = tournament.discipline_rules.words.imported
                messages.success(
                    request, gettext(imported[0] if len(teams) == 1 else imported[1]) % {"count": len(teams)}
                )
                return redirect("tournaments:desk_teams", slug=tournament.slug)
        registered = set(tournament.teams.values_list("name", flat=True))
        roster = parse_roster_csv(
            text,
            boards=tournament.boards,
            max_substitutes=tournament.max_substitutes,
            existing_teams=registered,
            words=tournament.discipline_rules.words,
        )
    context = {
        "tournament": tournament,
        "form": form,
        "roster": roster,
        "text": form.cleaned_data.get("text", "") if form.is_valid() else "",
        "row_problems": [(row, [p.text(gettext) for p in row.problems]) for row in roster.rows] if roster else [],
        "file_problems": [p.text(gettext) for p in roster.problems] if roster else [],
        "warnings": _import_warnings(roster, tournament, registered) if roster else [],
    }
    ok = roster is not None and roster.valid and not form.errors
    return render(request, "desk/import_preview.html", context, status=200 if ok else 400)


def _import_warnings(roster, tournament, registered: set[str]) -> list[str]:
    """The add form's warnings for every entrant of the file, each named by its entrant."""
    texts = []
    for name, players in roster.teams.items():
        others = registered | set(roster.teams)
        for warning in roster_warnings(name=name, players=len(players), boards=tournament.boards, registered=others):
            warning.field = f"{tournament.discipline_rules.words.field} “{name}”"
            texts.append(warning.text(gettext))
    return texts


def _keeping_details(roster, players: list[dict]) -> list[dict]:
    """The roster form shows name, rating and FIDE ID: a player it keeps keeps the details it does
    not show (federation, date of birth, DSB record)."""
    details = {
        p.name: {"federation_id": p.federation_id, "federation": p.federation, "birth_date": p.birth_date}
        for p in roster
    }
    return [details.get(player["name"], {}) | player for player in players]


@require_POST
@director_required
def desk_player_details(request, tournament, team_id: int, player_id: int):
    """A player's federation, date of birth and national record (the DWZ report's data), also
    once rosters are locked."""
    player = get_object_or_404(
        Player.objects.select_related("team"), pk=player_id, team__tournament=tournament, team_id=team_id
    )
    try:
        player_details_set(
            player=player,
            federation=request.POST.get("federation", ""),
            born=request.POST.get("birth_date", ""),
            federation_id=request.POST.get("federation_id", ""),
            user=request.user,
            source="desk",
        )
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(request, gettext("The details of %(name)s are saved.") % {"name": player.name})
    return redirect("tournaments:desk_team", slug=tournament.slug, team_id=team_id)
