"""Forms of the desk for creating a tournament and adjusting its rules; the services validate."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.eligibility import Category, Check
from tournaments.domain.numbers import whole_number
from tournaments.domain.penalties import PenaltyRules
from tournaments.domain.presets import (
    PRESETS,
    BoardOrder,
    ByeScoring,
    ColourModel,
    DirectEncounter,
    PairingSystem,
    TiebreakEdition,
)
from tournaments.domain.requested_byes import LateEntryRounds, LateEntrySeeding
from tournaments.domain.rule_set import POINT_KEYS, RULE_SET, Kind, Setting, rule_values
from tournaments.domain.tables.seating import FirstMover
from tournaments.domain.withdrawal import WithdrawalRule
from tournaments.models import Tournament


def _preset_choices():
    return [(key, gettext(preset.name)) for key, preset in PRESETS.items()]


class TournamentCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    preset = forms.ChoiceField(label=_("Rules preset"), choices=_preset_choices)
    slug = forms.SlugField(
        label=_("Address (slug)"), max_length=70, required=False, help_text=_("Leave empty to derive it from the name.")
    )
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    start_date = forms.DateField(
        label=_("Start date"), required=False, widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )

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
_CHECKS = {
    Check.OFF: _("not checked"),
    Check.WARNING: _("saved with a warning"),
    Check.REFUSAL: _("refused"),
}  # what a broken eligibility rule does
OPTION_LABELS = {
    "board_order": {
        BoardOrder.FIXED: _("fixed: a substitute only on the substitute boards"),
        BoardOrder.ASCENDING: _("ascending: reserves move up"),
        BoardOrder.RECORDED: _("as handed in: any registered players in any order (imported line-ups)"),
    },
    "bye_scoring": {
        ByeScoring.NOTHING: _("nothing"),
        ByeScoring.DRAW: _("a drawn match"),
        ByeScoring.WIN: _("a won match"),
    },
    "pairing": {
        PairingSystem.ROUND_ROBIN: _("round robin"),
        PairingSystem.DOUBLE_ROUND_ROBIN: _("double round robin"),
        PairingSystem.TABLES_BY_SCORE: _("tables by score (players grouped into tables each round)"),
        PairingSystem.TABLE_GROUPS: _("fixed groups (a round robin of tables, seats rotated)"),
        PairingSystem.SWISS_FIDE_TEAM: _("team Swiss (FIDE C.04.6)"),
    },
    "colour_model": {
        ColourModel.TYPE_A: _("type A"),
        ColourModel.TYPE_B: _("type B"),
        ColourModel.NONE: _("no colour preferences"),
    },
    "withdrawal_rule": {
        WithdrawalRule.FORFEIT: _("remaining matches lost by forfeit"),
        WithdrawalRule.CANCEL_UNDER_HALF: _("results cancelled if less than half played"),
    },
    "tiebreak_edition": {
        TiebreakEdition.C07_2026: _("2026 edition (caps of Art. 16.4)"),
        TiebreakEdition.C07_2024: _("2024 edition (legacy)"),
    },
    "direct_encounter": {
        DirectEncounter.C07: _("C.07 Art. 6: the encounters so far"),
        DirectEncounter.BLITZ: _("Blitz §16: only once all tied teams have met"),
    },
    "late_entry_rounds": {
        LateEntryRounds.UNPAIRED: _("unpaired (zero points)"),
        LateEntryRounds.HALF_BYE: _("a half-point bye each"),
    },
    "late_entry_seeding": {
        LateEntrySeeding.RANKING: _("its place in the initial ranking (FIDE C.04.2)"),
        LateEntrySeeding.LAST: _("the next number"),
    },
    "penalty_rules": {
        PenaltyRules.BLITZ: _("the Blitz ladders (§7, §9a, §11)"),
        PenaltyRules.ARBITER_DISCRETION: _("at the arbiter's discretion"),
    },
    "rating_cap_check": _CHECKS,
    "average_cap_check": _CHECKS,
    "rating_order_check": _CHECKS,
    "category_limit_check": _CHECKS,
    "limited_category": {
        Category.NO_FEDERATION_ID: _("players without a federation ID"),
        Category.NO_FIDE_ID: _("players without a FIDE ID"),
        Category.UNRATED: _("unrated players"),
    },
    "first_mover": {
        FirstMover.ROTATION: _("seats rotated evenly over the event"),
        FirstMover.LOT: _("drawn by lot each round (Schach4 “Der Spielbeginn”)"),
    },
    "language": dict(settings.LANGUAGES),
}
# The setting whose form fields carry other names, for errors the service raises.
ALIASES = {
    "match_points.win": "mp_win",
    "match_points.draw": "mp_draw",
    "match_points.loss": "mp_loss",
    "match_points": "mp_win",
}


def _codes(text: str) -> list[str]:
    return [code.strip().upper() for code in text.replace(";", ",").split(",") if code.strip()]


def _numbers(text: str) -> list[int]:
    """ASCII digits only: ``int()`` would also take "٤" or "４" and store a board nobody typed."""
    numbers = [whole_number(part.strip()) for part in text.replace(";", ",").split(",") if part.strip()]
    if None in numbers:
        raise forms.ValidationError(
            gettext("Write board numbers separated by commas, e.g. 4 or 1, 2, 3, 4."), code="boards"
        )
    return numbers


class _ListField(forms.CharField):
    """A list written as comma-separated text."""

    def __init__(self, *, parse, **kwargs):
        self.parse = parse
        super().__init__(required=False, **kwargs)

    def prepare_value(self, value):
        return ", ".join(map(str, value)) if isinstance(value, list | tuple) else value

    def to_python(self, value):
        return self.parse(super().to_python(value))


def _form_fields(setting: Setting) -> dict[str, forms.Field]:
    """The desk's fields for one setting (three for the match points)."""
    common = {"label": _(setting.label), "help_text": _(setting.help) if setting.help else ""}
    kind = setting.kind
    if kind == Kind.POINTS:
        labels = {
            "win": _("Match points for a win"),
            "draw": _("Match points for a draw"),
            "loss": _("Match points for a loss"),
        }
        return {
            f"mp_{key}": forms.DecimalField(label=label, max_digits=4, decimal_places=1)
            for key, label in labels.items()
        }
    if kind == Kind.TEXT:
        field = forms.CharField(max_length=setting.maximum, required=setting.name == "colour_pattern", **common)
    elif kind == Kind.DATE:
        # ISO in every language: a type="date" input accepts nothing else (a German 05.12.2026 is dropped)
        field = forms.DateField(
            required=False, widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}), **common
        )
    elif kind == Kind.WHOLE:
        field = forms.IntegerField(min_value=setting.minimum, max_value=setting.maximum, **common)
    elif kind == Kind.BOOL:
        field = forms.BooleanField(required=False, **common)
    elif kind == Kind.CHOICE:
        labels = OPTION_LABELS.get(setting.name, {})
        field = forms.ChoiceField(choices=[(value, labels.get(value, value)) for value in setting.options], **common)
    elif kind == Kind.BOARDS:
        field = _ListField(parse=_numbers, **common)
    else:
        field = _ListField(parse=_codes, **common)
    return {setting.name: field}


class TournamentSettingsForm(forms.Form):
    """The tournament's name and the settings of its rule set it uses (``settings_used``); values go
    to ``tournament_update`` unchanged, so a setting left out keeps its stored value."""

    name = forms.CharField(label=_("Name"), max_length=200)
    ALIASES = ALIASES

    def __init__(self, *args, settings=RULE_SET, **kwargs):
        super().__init__(*args, **kwargs)
        for setting in settings:
            self.fields.update(_form_fields(setting))

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict:
        values = rule_values(tournament)
        points = values.pop("match_points")
        data = {"name": tournament.name, **{f"mp_{key}": value for key, value in points.items()}}
        for name, value in values.items():
            data[name] = ", ".join(map(str, value)) if isinstance(value, list) else value
        return data

    def service_kwargs(self) -> dict:
        data = dict(self.cleaned_data)
        if "mp_win" in data:
            data["match_points"] = {key: data.pop(f"mp_{key}") for key in POINT_KEYS}
        return data
