"""Incidents at the board (Blitz §7, §9a, §11; Tandem §7.4), the arbiter's decision, the claim helper.

The page of a round records an incident, shows the penalty the ladder proposes with its rule and
lets the arbiter confirm or override it; a loss of the game sets the board in the result grid.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tournaments.arbiter_labels import penalty_label
from tournaments.domain.errors import RuleViolation
from tournaments.domain.numbers import whole_number
from tournaments.domain.penalties import PenaltyRules
from tournaments.forms.arbiter import ClaimForm, DecideForm, IncidentForm
from tournaments.forms.errors import add_violation
from tournaments.models import Incident
from tournaments.selectors.incidents import incident_history, incidents_for_round
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.views.lookups import round_or_404

from .access import desk_required


def _matches(round_):
    """The round's encounters with an opponent, for the incident form: two queries."""
    return list(round_.matches.paired().with_sides().order_by("table", "leg"))


def _page(request, tournament, round_, *, form=None, decide=None, status=200):
    """The round's incidents with a decide form for each open one; ``decide`` = (pk, bound form)."""
    incidents = incidents_for_round(round_=round_)
    rules, rule = tournament.penalties
    rows = []
    for incident in incidents:
        bound = decide[1] if decide and decide[0] == incident.pk else None
        rows.append(
            {
                "incident": incident,
                "form": bound or (None if incident.decided else DecideForm(prefix=f"i{incident.pk}")),
            }
        )
    context = {
        "tournament": tournament,
        "round": round_,
        "rows": rows,
        "form": form or IncidentForm(matches=_matches(round_), rules=rules, initial=_board_from_query(request.GET)),
        "claim_form": ClaimForm(),
        "penalty_rules": rules,
        "penalty_rule": rule if rules == PenaltyRules.ARBITER_DISCRETION else "",
        "history": incident_history(tournament=tournament),
    }
    return render(request, "desk/incidents.html", context, status=status)


def _board_from_query(query) -> dict:
    """``?match=…&board=…`` (the result grid's ⚑ link) prefills the incident form."""
    return {name: query[name] for name in ("match", "board") if whole_number(query.get(name, "")) is not None}


@desk_required
def desk_incidents(request, tournament, number: int):
    """GET the round's incident list; POST records an incident and proposes its penalty."""
    round_ = round_or_404(tournament, number)
    if request.method != "POST":
        return _page(request, tournament, round_)
    matches = _matches(round_)
    form = IncidentForm(request.POST, matches=matches, rules=tournament.penalties[0])
    if form.is_valid():
        match = next(m for m in matches if m.pk == form.cleaned_data["match"])
        try:
            incident = incident_record(
                match=match,
                board=form.cleaned_data["board"],
                side=form.cleaned_data["side"],
                kind=form.cleaned_data["kind"],
                note=form.cleaned_data["note"],
                occurred_at=form.occurred_at(),
                opponent_flag_fell=form.cleaned_data["opponent_flag_fell"],
                claimed_in_time=form.cleaned_data["claimed_in_time"],
                user=request.user,
                source="desk",
            )
        except RuleViolation as error:
            add_violation(form, error)
        else:
            if incident.proposed_penalty:
                text = gettext("Incident recorded. Proposed: %(penalty)s (%(rule)s).") % {
                    "penalty": penalty_label(incident.proposed_penalty),
                    "rule": incident.rule,
                }
            else:
                text = gettext("Incident recorded. The rules prescribe no penalty here; the arbiter decides.")
            messages.success(request, text)
            # the form stays on that table and board for the next report (it went back to table 1)
            keep = f"?match={match.pk}&board={incident.board}"
            return redirect(
                reverse("tournaments:desk_incidents", args=[tournament.slug, number])
                + keep
                + f"#incident-{incident.pk}"
            )
    return _page(request, tournament, round_, form=form, status=400)


@require_POST
@desk_required
def desk_incident_decide(request, tournament, number: int, incident_id: int):
    """Confirm the proposed penalty or override it; an override without a reason is refused."""
    round_ = round_or_404(tournament, number)
    incident = Incident.objects.filter(pk=incident_id, match__round=round_).first()
    if incident is None:
        raise Http404
    form = DecideForm(request.POST, prefix=f"i{incident.pk}")
    if form.is_valid():
        try:
            incident = incident_decide(
                incident=incident,
                penalty=form.cleaned_data["penalty"] or None,
                reason=form.cleaned_data["reason"],
                user=request.user,
                source="desk",
            )
        except RuleViolation as error:
            add_violation(form, error)
        else:
            messages.success(
                request, gettext("Decided: %(penalty)s.") % {"penalty": penalty_label(incident.decided_penalty)}
            )
            return redirect(
                reverse("tournaments:desk_incidents", args=[tournament.slug, number]) + f"#incident-{incident.pk}"
            )
    return _page(request, tournament, round_, decide=(incident.pk, form), status=400)


@require_GET
@desk_required
def desk_claim(request, tournament):
    """Flag-fall claim helper: win (Blitz §14c) or draw (§15e); in tandem a flag fall loses (§5.2)."""
    discipline = tournament.discipline_rules
    form = ClaimForm(request.GET or None)
    answer, status = discipline.fixed_claim_answer(), 200  # in tandem a flag fall always loses (§5.2)
    if answer is None and form.is_bound:
        if form.is_valid():
            try:
                answer = discipline.answer_claim(**form.cleaned_data)
            except RuleViolation as error:
                add_violation(form, error)
        if answer is None:
            status = 400
    context = {
        "tournament": tournament,
        "form": form,
        "answer": answer,
        "answer_reason": gettext(answer.reason) if answer else "",
    }
    return render(request, "desk/claim.html", context, status=status)
