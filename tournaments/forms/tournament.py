"""Forms of the desk for creating a tournament and adjusting its rules; the services validate."""

from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from tournaments.domain.presets import PRESETS, BoardOrder, ByeScoring, PairingSystem
from tournaments.models import Tournament


def _preset_choices():
    return [(key, gettext(preset.name)) for key, preset in PRESETS.items()]


class TournamentCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    preset = forms.ChoiceField(label=_("Rules preset"), choices=_preset_choices)
    slug = forms.SlugField(label=_("Address (slug)"), max_length=70, required=False, help_text=_("Leave empty to derive it from the name."))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    start_date = forms.DateField(label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def service_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "preset": data["preset"],
            "slug": data["slug"] or None,
            "venue": data["venue"],
            "start_date": data["start_date"],
        }


# Labels for the rule values the presets store (the values themselves stay English keys).
BOARD_ORDER_LABELS = {
    BoardOrder.FIXED: _("fixed: a substitute only on the substitute boards"),
    BoardOrder.ASCENDING: _("ascending: reserves move up"),
}
BYE_LABELS = {ByeScoring.NOTHING: _("nothing"), ByeScoring.DRAW: _("a drawn match"), ByeScoring.WIN: _("a won match")}
PAIRING_LABELS = {PairingSystem.ROUND_ROBIN: _("round robin"), PairingSystem.DOUBLE_ROUND_ROBIN: _("double round robin")}


def _labelled(enum, labels: dict) -> list[tuple[str, str]]:
    """Every value of ``enum``; one added later without a label shows its key."""
    return [(member.value, labels.get(member, member.value)) for member in enum]


def _codes(text: str) -> list[str]:
    return [code.strip().upper() for code in text.replace(";", ",").split(",") if code.strip()]


def _numbers(text: str, field: str) -> list[int]:
    try:
        return [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError:
        raise forms.ValidationError(gettext("Write board numbers separated by commas, e.g. 4 or 1, 2, 3, 4."), code=field) from None


class TournamentSettingsForm(forms.Form):
    """Every adjustable rule of a tournament; values go to ``tournament_update`` unchanged."""

    name = forms.CharField(label=_("Name"), max_length=200)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    start_date = forms.DateField(label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    boards = forms.IntegerField(label=_("Boards"), min_value=1)
    colour_pattern = forms.CharField(label=_("Colour pattern"), max_length=32, help_text=_("Colour of the first-named team on each board, e.g. BWBW."))
    substitute_boards = forms.CharField(label=_("Boards a substitute may play"), required=False, help_text=_("Board numbers separated by commas."))
    max_substitutes = forms.IntegerField(label=_("Substitutes per match"), min_value=0)
    board_order = forms.ChoiceField(label=_("Board order"), choices=_labelled(BoardOrder, BOARD_ORDER_LABELS))
    mp_win = forms.DecimalField(label=_("Match points for a win"), max_digits=4, decimal_places=1)
    mp_draw = forms.DecimalField(label=_("Match points for a draw"), max_digits=4, decimal_places=1)
    mp_loss = forms.DecimalField(label=_("Match points for a loss"), max_digits=4, decimal_places=1)
    bye_scoring = forms.ChoiceField(label=_("Bye scores"), choices=_labelled(ByeScoring, BYE_LABELS))
    pairing = forms.ChoiceField(label=_("Pairing system"), choices=_labelled(PairingSystem, PAIRING_LABELS))
    tiebreaks_first = forms.CharField(label=_("Tie-breaks for first place"), required=False, help_text=_("Codes separated by commas, e.g. DE."))
    tiebreaks_other = forms.CharField(label=_("Tie-breaks for other places"), required=False, help_text=_("Codes separated by commas, e.g. BP, DE, BW, FWB."))
    playoff_for_first = forms.BooleanField(label=_("Play-off for first place"), required=False)

    # service field name -> form field name, for errors the service raises
    ALIASES = {"match_points.win": "mp_win", "match_points.draw": "mp_draw", "match_points.loss": "mp_loss", "tiebreaks": "tiebreaks_other"}

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict:
        return {
            "name": tournament.name,
            "venue": tournament.venue,
            "start_date": tournament.start_date,
            "boards": tournament.boards,
            "colour_pattern": tournament.colour_pattern,
            "substitute_boards": ", ".join(map(str, tournament.substitute_boards)),
            "max_substitutes": tournament.max_substitutes,
            "board_order": tournament.board_order,
            "mp_win": tournament.mp_win,
            "mp_draw": tournament.mp_draw,
            "mp_loss": tournament.mp_loss,
            "bye_scoring": tournament.bye_scoring,
            "pairing": tournament.pairing_system,
            "tiebreaks_first": ", ".join(tournament.tiebreaks_first),
            "tiebreaks_other": ", ".join(tournament.tiebreaks_other),
            "playoff_for_first": tournament.playoff_for_first,
        }

    def clean_substitute_boards(self):
        return _numbers(self.cleaned_data["substitute_boards"], "substitute_boards")

    def clean_tiebreaks_first(self):
        return _codes(self.cleaned_data["tiebreaks_first"])

    def clean_tiebreaks_other(self):
        return _codes(self.cleaned_data["tiebreaks_other"])

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        data["match_points"] = {
            "win": data.pop("mp_win"),
            "draw": data.pop("mp_draw"),
            "loss": data.pop("mp_loss"),
        }
        return data
