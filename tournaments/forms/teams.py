"""Forms for teams: one team typed in, or a roster file for the import with preview."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.errors import RuleViolation
from tournaments.domain.roster_csv import decode, parse_player_lines

MAX_FILE_BYTES = 512 * 1024


class RosterField(forms.CharField):
    """One player per line in board order, ``name, rating, FIDE ID``; substitutes last."""

    widget = forms.Textarea(attrs={"rows": 6})

    def to_python(self, value):
        text = super().to_python(value)
        try:
            return parse_player_lines(text)
        except RuleViolation as error:
            raise forms.ValidationError([each.text(gettext) for each in error.violations]) from None

    def prepare_value(self, value):
        if isinstance(value, list):
            return "\n".join(
                ", ".join(str(p.get(k) or "") for k in ("name", "rating", "fide_id")).rstrip(", ") for p in value
            )
        return value


class RosterForm(forms.Form):
    """An entrant's players, typed as the discipline's ``words`` say (a team's roster, or the one player)."""

    players = RosterField(label=_("Players"))

    def __init__(self, *args, discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].help_text = gettext(discipline.words.players_help)


class TeamForm(RosterForm):
    name = forms.CharField(max_length=120)  # labelled by the discipline (__init__)
    short_name = forms.CharField(label=_("Short name"), max_length=40, required=False)
    field_order = ("name", "short_name", "players")

    def __init__(self, *args, discipline, **kwargs):
        super().__init__(*args, discipline=discipline, **kwargs)
        self.fields["name"].label = gettext(discipline.words.name_label)


class TeamNameForm(forms.Form):
    """A registered entrant's name and short name, corrected at any time (issue 28 item 2)."""

    name = forms.CharField(max_length=120)  # labelled by the discipline (__init__)
    short_name = forms.CharField(label=_("Short name"), max_length=40, required=False)

    def __init__(self, *args, discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = gettext(discipline.words.name_label)


class RosterImportForm(forms.Form):
    """Either a file or the text of a previous preview (so confirming needs no stored upload)."""

    file = forms.FileField(label=_("CSV file"), required=False)
    text = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, discipline, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = gettext(discipline.words.csv_help)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_FILE_BYTES:
                raise forms.ValidationError(_("The file is too large (at most 512 KB)."))
            try:
                data["text"] = decode(upload.read())
            except RuleViolation as error:
                raise forms.ValidationError(error.text(gettext)) from None
        if not data.get("text"):
            raise forms.ValidationError(_("Choose a CSV file."))
        return data
