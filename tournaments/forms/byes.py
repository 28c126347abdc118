"""Forms of the desk's byes page: a bye asked for in advance, a late entry (issue 16).

They only parse input; ``services/requested_byes.py`` applies the rules and names them on error.
"""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.requested_byes import ByeKind

BYE_KINDS = [
    (ByeKind.HALF.value, _("H – half point")),
    (ByeKind.FULL.value, _("F – full point")),
    (ByeKind.ZERO.value, _("Z – zero points")),
]


class ByeRequestForm(forms.Form):
    team = forms.TypedChoiceField(coerce=int)  # labelled by the discipline (__init__)
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=1000)
    kind = forms.ChoiceField(label=_("Bye"), choices=BYE_KINDS)
    version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1
    )  # the byes' version the page showed

    def __init__(self, *args, teams=(), discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [(t.pk, t.name) for t in teams]
        self.fields["team"].label = gettext(discipline.entrant_label)


class LateEntryForm(forms.Form):
    name = forms.CharField(max_length=120)  # labelled by the discipline (__init__)
    from_round = forms.IntegerField(label=_("Paired from round"), min_value=1, max_value=1000)
    players = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
    )

    def __init__(self, *args, discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = gettext(discipline.entrant_label)
        self.fields["players"].help_text = gettext(discipline.words.late_players_help)

    def clean_players(self) -> list[dict]:
        """ "Anna Roth, 1850" → {"name": "Anna Roth", "rating": 1850}; the service checks the rest."""
        players = []
        for line in self.cleaned_data["players"].splitlines():
            if not line.strip():
                continue
            name, _comma, rating = line.partition(",")
            rating = rating.strip()
            if rating and not rating.isdigit():
                raise forms.ValidationError(
                    _("“%(value)s”: the rating after the comma must be a whole number."), params={"value": line.strip()}
                )
            players.append({"name": name.strip(), **({"rating": int(rating)} if rating else {})})
        return players
