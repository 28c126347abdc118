"""The director's choice for the hall screen: which panels, how many seconds each."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain.hall_screen import MAX_SECONDS, MIN_SECONDS, PANELS


class HallScreenForm(forms.Form):
    """Checked by the service (domain/hall_screen.py); the panels keep their fixed order."""

    screen_panels = forms.MultipleChoiceField(
        label=_("Panels"),
        choices=[(key, _(label)) for key, label in PANELS.items()],
        widget=forms.CheckboxSelectMultiple,
        required=False,  # none chosen: the service says why, at this field
    )
    screen_seconds = forms.IntegerField(label=_("Seconds per panel"), min_value=MIN_SECONDS, max_value=MAX_SECONDS)

    @classmethod
    def initial_for(cls, tournament) -> dict:
        return {"screen_panels": tournament.screen_panels, "screen_seconds": tournament.screen_seconds}
