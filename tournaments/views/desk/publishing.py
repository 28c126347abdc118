"""Publishing a round to the public pages, with a confirm step while results are missing."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.selectors.pairings import round_missing_results
from tournaments.services.exchange import WARNING, round_teams_exchange
from tournaments.services.pairing_check import round_pairing_check_request
from tournaments.services.publishing import round_pairings_publish, round_publish, round_unpublish
from tournaments.views.lookups import round_or_404

from .access import director_required
from .common import flash_violation


@require_POST
@director_required
def desk_publish(request, tournament, number: int):
    """Without ``confirm``, a round with missing results is not published: the TD is asked first."""
    round_ = round_or_404(tournament, number)
    missing = round_missing_results(round_=round_)
    if missing and request.POST.get("confirm") != "yes":
        context = {"tournament": tournament, "round": round_, "missing": missing}
        return render(request, "desk/publish_confirm.html", context)
    round_publish(round_=round_, user=request.user, source="desk")
    messages.success(request, gettext("Round %(number)d is published.") % {"number": number})
    return redirect("tournaments:desk_results", slug=tournament.slug, number=number)


@require_POST
@director_required
def desk_unpublish(request, tournament, number: int):
    round_ = round_or_404(tournament, number)
    round_unpublish(round_=round_, user=request.user, source="desk")
    messages.warning(
        request,
        gettext("Round %(number)d is back to draft; the public no longer sees its results.") % {"number": number},
    )
    return redirect("tournaments:desk_results", slug=tournament.slug, number=number)


@require_POST
@director_required
def desk_publish_pairings(request, tournament, number: int):
    """A Swiss round's pairings reach the public once the director has reviewed them (issue 16)."""
    round_ = round_or_404(tournament, number)
    round_pairings_publish(round_=round_, user=request.user, source="desk")
    messages.success(request, gettext("The pairings of round %(number)d are published.") % {"number": number})
    return redirect("tournaments:desk_results", slug=tournament.slug, number=number)


@require_POST
@director_required
def desk_exchange_teams(request, tournament, number: int):
    """Exchange two teams between matches of an unpublished round; the form states the warning
    and the director ticks it (``confirm``) before anything changes (issue 16)."""
    round_ = round_or_404(tournament, number)
    teams = {str(team.pk): team for team in tournament.teams.all()}
    first, second = teams.get(request.POST.get("first", "")), teams.get(request.POST.get("second", ""))
    if request.POST.get("confirm") != "yes" or first is None or second is None:
        messages.error(request, gettext("Choose two teams and confirm: %(warning)s") % {"warning": gettext(WARNING)})
    else:
        try:
            round_teams_exchange(round_=round_, first=first, second=second, user=request.user, source="desk")
        except RuleViolation as error:
            flash_violation(request, error)
        else:
            messages.warning(request, gettext(WARNING))
    return redirect("tournaments:desk_results", slug=tournament.slug, number=number)


@require_POST
@director_required
def desk_pairing_check(request, tournament, number: int):
    """Ask gacrux's pairing checker again, after it failed or its worker stopped (issue 27 item 4)."""
    round_pairing_check_request(round_=round_or_404(tournament, number))
    messages.success(request, gettext("The pairing checker has been asked again."))
    return redirect("tournaments:desk_results", slug=tournament.slug, number=number)
