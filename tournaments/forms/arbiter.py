"""Forms of the arbiter's desk: incidents and decisions, the flag-fall claim helper, withdrawals.

They only parse input; the services and the domain apply the rules (and name them on error).
"""

import datetime

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.arbiter_labels import PENALTY_LABELS, kind_choices, with_blitz_rule
from tournaments.models import Incident


class IncidentForm(forms.Form):
    """One incident at one board of a match of the round; ``side`` is the player it is against.

    ``rules`` (the tournament's ``PenaltyRules``) decides whether the labels cite the Blitz rules."""

    match = forms.TypedChoiceField(label=_("Table"), coerce=int)
    board = forms.IntegerField(label=_("Board"), min_value=1)
    side = forms.ChoiceField(
        label=_("Against the player of"),
        choices=Incident.Side.choices,
        help_text=_("The player who broke the rule, or for a claim the one claimed against."),
    )
    kind = forms.ChoiceField(label=_("Kind"))
    time = forms.TimeField(
        label=_("Time"), required=False, help_text=_("Empty: now."), widget=forms.TimeInput(attrs={"type": "time"})
    )
    opponent_flag_fell = forms.BooleanField(label=_("It made the opponent's flag fall"), required=False)
    claimed_in_time = forms.NullBooleanField(
        label=_("An illegal-move claim: made before the claimant completed a move"),
        required=False,
        widget=forms.Select(choices=[("unknown", _("not said")), ("true", _("yes")), ("false", _("no, too late"))]),
    )
    note = forms.CharField(label=_("Note"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, matches=(), rules: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = kind_choices(rules)
        flag = self.fields["opponent_flag_fell"]
        flag.label = with_blitz_rule(str(flag.label), "Blitz §11a", rules)
        claim = self.fields["claimed_in_time"]
        claim.label = with_blitz_rule(str(claim.label), "Blitz §14d", rules)
        double = any(m.leg != 1 for m in matches)  # double rounds: each table is played in two legs
        self.fields["match"].choices = [
            (m.pk, f"{_table(m, double)}: {m.first_team.name} – {m.second_team.name}") for m in matches
        ]

    def occurred_at(self):
        """Today at the time given (in the server's time zone), or ``None`` for now."""
        time = self.cleaned_data.get("time")
        if time is None:
            return None
        return timezone.make_aware(datetime.datetime.combine(timezone.localdate(), time))


def _table(match, double: bool) -> str:
    """The table, with the leg where a round has two matches of the same teams (double rounds)."""
    if not double:
        return str(match.table)
    return gettext("%(table)d, leg %(leg)d") % {"table": match.table, "leg": match.leg}


class DecideForm(forms.Form):
    """Confirm the proposal (penalty left empty or equal) or override it with a reason."""

    penalty = forms.ChoiceField(
        label=_("Penalty"), required=False, choices=[("", _("as proposed"))] + list(PENALTY_LABELS.items())
    )
    reason = forms.CharField(label=_("Reason for overriding"), required=False, max_length=2000)


class ClaimForm(forms.Form):
    """Blitz §14c II / §15e: the material the claimant has left, typed or as a FEN."""

    claimant = forms.CharField(
        label=_("Claimant's material"), required=False, max_length=60, help_text=_("e.g. K+N, K+2B, K+Bl")
    )
    opponent = forms.CharField(
        label=_("Opponent's material"), required=False, max_length=60, help_text=_("e.g. K, K+P")
    )
    fen = forms.CharField(label=_("or a FEN position"), required=False, max_length=100)
    side = forms.ChoiceField(
        label=_("Claimant plays"), required=False, choices=[("", "—"), ("white", _("White")), ("black", _("Black"))]
    )

    def clean(self):
        data = super().clean()
        if not data.get("fen") and not data.get("claimant"):
            raise forms.ValidationError(_("claimant: enter the claimant's material, or a FEN position (Blitz §14c)."))
        return data


class WithdrawForm(forms.Form):
    team = forms.TypedChoiceField(coerce=int)  # labelled by the discipline (__init__)
    from_round = forms.IntegerField(label=_("Withdrawn from round"), min_value=1)

    def __init__(self, *args, teams=(), discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [(t.pk, t.name) for t in teams]
        self.fields["team"].label = gettext(discipline.entrant_label)
