"""Starting the tournament, pairing rounds, setting the lineups and the date of a round."""

import datetime

from django.contrib import messages
from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.numbers import whole_number
from tournaments.forms.lineup import LineupForm
from tournaments.selectors.lineups import lineup_hand_ins, lineup_sheet, lineups_due
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import rounds_pair_due
from tournaments.services.pairing_jobs import pairs_in_background, rounds_pair_later
from tournaments.services.results import StaleMatch
from tournaments.services.round_dates import round_date_set, round_lineup_deadline_set
from tournaments.services.tournaments import tournament_finish, tournament_reopen, tournament_start
from tournaments.views.lookups import round_or_404

from .access import desk_required, director_required
from .common import flash_violation


@require_POST
@director_required
def desk_start(request, tournament):
    try:
        tournament_start(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(request, gettext("The tournament has started; the rosters are locked."))
    return redirect("tournaments:desk_overview", slug=tournament.slug)


@require_POST
@director_required
def desk_finish(request, tournament):
    """Finish the tournament (final standings, results locked), or with ``reopen`` reopen it."""
    reopen = request.POST.get("reopen") == "yes"
    try:
        if reopen:
            tournament_reopen(tournament=tournament, user=request.user, source="desk")
        else:
            tournament_finish(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        done = gettext("The tournament is reopened; results can be changed again.")
        messages.success(request, done if reopen else gettext("The tournament is finished; its standings are final."))
    return redirect("tournaments:desk_overview", slug=tournament.slug)


@require_POST
@director_required
def desk_pair(request, tournament):
    """One button pairs what the pairing system allows now: every remaining round of a round robin.
    A large Swiss is paired by a task; the overview shows how far it is (issue 27 item 8)."""
    if pairs_in_background(tournament=tournament, teams=tournament.teams.count()):
        try:
            number = rounds_pair_later(tournament=tournament, user=request.user, source="desk")
        except RuleViolation as error:
            flash_violation(request, error)
        else:
            messages.success(request, gettext("Round %(number)d is being paired.") % {"number": number})
        return redirect("tournaments:desk_overview", slug=tournament.slug)
    try:
        rounds = rounds_pair_due(tournament=tournament, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request,
            ngettext("%(count)d round paired.", "%(count)d rounds paired.", len(rounds)) % {"count": len(rounds)},
        )
    return redirect("tournaments:desk_overview", slug=tournament.slug)


@desk_required
def desk_lineups(request, tournament, number: int):
    """A form per team and match; a POST saves one of them and brings it back filled on error.

    The form sends the version of the match it showed: a save based on a lineup someone else has
    changed since is refused (409) and the page shows the current lineups, nothing written.
    """
    if request.method not in ("GET", "POST"):
        return HttpResponseNotAllowed(["GET", "POST"])
    round_ = round_or_404(tournament, number)
    posted = (request.POST.get("match"), request.POST.get("side")) if request.method == "POST" else None
    blocks, bound, due = _lineup_blocks(round_, request.POST if posted else None, posted)
    status = 200
    if request.method == "POST":
        if bound is None:
            return render(request, "bad_request.html", {"message": gettext("Unknown match or side.")}, status=400)
        match, team, form = bound
        version = whole_number(request.POST.get("version", ""))
        if form.is_valid() and version is None:
            form.add_error(
                None,
                gettext("The page did not say which state of the match you saw; reload it and set the lineup again."),
            )
        if form.is_valid():
            try:
                saved = match_lineup_set(
                    match=match,
                    team=team,
                    positions=form.positions(),
                    expected_version=version,
                    user=request.user,
                    source="desk",
                )
            except StaleMatch as error:
                messages.error(
                    request,
                    error.text(gettext) + " " + gettext("The lineups below are the current ones; nothing was saved."),
                )
                blocks, _bound, due = _lineup_blocks(round_, None, None)
                return render(
                    request,
                    "desk/lineups.html",
                    {"tournament": tournament, "round": round_, "blocks": blocks, "due": due},
                    status=409,
                )
            except RuleViolation as error:
                board = form.board_field(error.field)  # at a board's field its label names the board
                form.add_error(board, error.body(gettext) if board else error.text(gettext))
            else:
                messages.success(request, gettext("Lineup of “%(team)s” saved.") % {"team": team.name})
                for warning in saved.warnings:  # an eligibility rule set to warn: saved, and the desk told
                    messages.warning(request, f"{team.name}: {warning.text(gettext)}")
                return redirect("tournaments:desk_lineups", slug=tournament.slug, number=number)
        status = 400
    context = {"tournament": tournament, "round": round_, "blocks": blocks, "due": due}
    return render(request, "desk/lineups.html", context, status=status)


def _lineup_blocks(round_, data, posted):
    """The round's lineup forms, the ``posted`` (match id, side) one bound to ``data``; that one
    as (match, team, form), or None; and the late and missing lineups against the round's
    deadline, from the same sheet and hand-ins (read once: a fixed number of queries)."""
    rules = round_.tournament.lineup_rules
    hand_ins = lineup_hand_ins(round_=round_)
    sheet = lineup_sheet(round_=round_)
    blocks, bound = [], None
    for entry in sheet:
        sides = []
        for side in entry.sides:
            is_posted = posted == (str(entry.line.id), side.side)
            form = LineupForm(
                data if is_posted else None,
                roster=side.roster,
                rules=rules,
                current=side.current,
                words=round_.tournament.discipline_rules.words,
                prefix=f"m{entry.line.id}-{side.side}",
            )
            if is_posted:
                bound = (round_.matches.get(pk=entry.line.id), side.team, form)
            hand_in = hand_ins.get((entry.line.id, side.team.pk))
            sides.append({"side": side.side, "team": side.team, "form": form, "hand_in": hand_in})
        blocks.append({"line": entry.line, "sides": sides})
    return blocks, bound, lineups_due(round_=round_, sheet=sheet, hand_ins=hand_ins)


@require_POST
@director_required
def desk_round_date(request, tournament, number):
    """When a round is played (TRF-2026 132; the DWZ report needs every round's date): a date and,
    optionally, the start time, as the hall's clock says."""
    round_ = round_or_404(tournament, number)
    try:
        date = _parsed(request.POST.get("date", ""), datetime.date.fromisoformat, "date")
        start_time = _parsed(request.POST.get("start_time", ""), datetime.time.fromisoformat, "start_time")
        round_date_set(round_=round_, date=date, start_time=start_time, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(request, gettext("The date of round %(round)d is saved.") % {"round": round_.number})
    return redirect("tournaments:desk_results", slug=tournament.slug, number=round_.number)


@require_POST
@director_required
def desk_lineup_deadline(request, tournament, number):
    """Until when the captains hand in the round's lineups, as the hall's clock says (empty: none)."""
    round_ = round_or_404(tournament, number)
    try:
        moment = _parsed(request.POST.get("deadline", ""), datetime.datetime.fromisoformat, "deadline")
        deadline = timezone.make_aware(moment) if moment and timezone.is_naive(moment) else moment
        round_lineup_deadline_set(round_=round_, deadline=deadline, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    else:
        messages.success(
            request, gettext("The lineup deadline of round %(round)d is saved.") % {"round": round_.number}
        )
    return redirect("tournaments:desk_lineups", slug=tournament.slug, number=round_.number)


def _parsed(text: str, parse, field: str):
    """An ISO date (2026-04-11) or time (19:30), or None for an empty field."""
    if not text.strip():
        return None
    try:
        return parse(text.strip())
    except ValueError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a date (YYYY-MM-DD) or a time (HH:MM)."), field=field, value=text[:20]
        ) from None
