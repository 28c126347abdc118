"""The desk's standings: the play-off for first place (Blitz §16) and withdrawn teams.

The desk reads every round, published or not, so the director sees the tie for first before the
public does and can pair the play-off at once.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.domain.withdrawal import WithdrawalRule
from tournaments.forms.arbiter import WithdrawForm
from tournaments.forms.errors import add_violation
from tournaments.models import Round
from tournaments.selectors.reference_checks import standings_differences
from tournaments.selectors.standings import standings_check_for, standings_for_tournament
from tournaments.selectors.withdrawals import teams_staying, withdrawal_preview
from tournaments.services.playoff import playoff_create, playoff_lots_record, playoff_remove
from tournaments.services.standings_check import CHECK_AGAIN, standings_check_request
from tournaments.services.withdrawals import team_withdraw

from .access import desk_required, director_required
from .common import flash_violation


def _page(request, tournament, *, withdraw_form=None, status=200):
    standings = standings_for_tournament(tournament=tournament)
    check = standings_check_for(tournament=tournament)
    context = {
        "standings_check": check,
        "check_again_notes": CHECK_AGAIN,
        "standings_differences": standings_differences(tournament=tournament, check=check),
        "tournament": tournament,
        "standings": standings,
        "playoff_paired": tournament.rounds.filter(kind=Round.Kind.PLAYOFF).exists(),
        "withdraw_form": withdraw_form
        or WithdrawForm(teams=teams_staying(tournament=tournament), discipline=tournament.discipline_rules),
        "withdrawal_rule": gettext(
            tournament.discipline_rules.words.withdrawal_rules[WithdrawalRule(tournament.withdrawal_rule)]
        ),
    }
    return render(request, "desk/standings.html", context, status=status)


@desk_required
def desk_standings(request, tournament):
    return _page(request, tournament)


@require_POST
@director_required
def desk_playoff_create(request, tournament):
    """One action pairs the whole play-off among the teams tied for first (Blitz §16)."""
    try:
        rounds = playoff_create(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request,
            ngettext(
                "Play-off paired: %(count)d round (Blitz §16).",
                "Play-off paired: %(count)d rounds (Blitz §16).",
                len(rounds),
            )
            % {"count": len(rounds)},
        )
    return redirect("tournaments:desk_standings", slug=tournament.slug)


@require_POST
@director_required
def desk_playoff_lots(request, tournament):
    """POST ``lot`` once per still tied team, in the order drawn (first drawn = better place)."""
    teams = {str(team.pk): team for team in tournament.teams.all()}
    drawn = request.POST.getlist("lot")
    try:
        order = [teams[value] for value in drawn]
    except KeyError:
        messages.error(request, gettext("order: choose each place's team from the list (Blitz §16)."))
        return redirect("tournaments:desk_standings", slug=tournament.slug)
    try:
        playoff_lots_record(tournament=tournament, order=order, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request, gettext("The drawing of lots is recorded; the standings show those places as drawn by lot.")
        )
    return redirect("tournaments:desk_standings", slug=tournament.slug)


@require_POST
@director_required
def desk_playoff_remove(request, tournament):
    """Delete a void play-off (its tie is gone), so the tie the standings have now can be played off."""
    try:
        playoff_remove(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(request, gettext("The void play-off is removed; the audit trail keeps its results."))
    return redirect("tournaments:desk_standings", slug=tournament.slug)


@require_POST
@director_required
def desk_withdraw(request, tournament):
    """Without ``confirm`` the desk says what the withdrawal will do (or refuses it as the confirmation would);
    with it the team is withdrawn."""
    form = WithdrawForm(
        request.POST, teams=teams_staying(tournament=tournament), discipline=tournament.discipline_rules
    )
    if not form.is_valid():
        return _page(request, tournament, withdraw_form=form, status=400)
    team = tournament.teams.get(pk=form.cleaned_data["team"])
    from_round = form.cleaned_data["from_round"]
    try:
        if request.POST.get("confirm") != "yes":
            preview = withdrawal_preview(team=team, from_round=from_round)
            context = {
                "tournament": tournament,
                "team": team,
                "from_round": from_round,
                "applied": gettext(preview.note.applied.description),
                "reason": preview.note.text(gettext),
                "forfeited": preview.forfeited,
            }
            return render(request, "desk/withdraw_confirm.html", context)
        team_withdraw(team=team, from_round=from_round, user=request.user, source="desk")
    except RuleViolation as error:
        add_violation(form, error)
        return _page(request, tournament, withdraw_form=form, status=400)
    messages.success(
        request, gettext("“%(team)s” is withdrawn from round %(round)d on.") % {"team": team.name, "round": from_round}
    )
    return redirect("tournaments:desk_standings", slug=tournament.slug)


@require_POST
@director_required
def desk_standings_check(request, tournament):
    """Check the published standings again, after the check failed or its worker stopped (issue 27 item 4)."""
    standings_check_request(tournament=tournament)
    messages.success(request, gettext("The published standings are being checked again."))
    return redirect("tournaments:desk_standings", slug=tournament.slug)
