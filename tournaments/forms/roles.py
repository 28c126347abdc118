"""Granting a role on the desk: a username and director or arbiter."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext, gettext_lazy as _

from tournaments.models import TournamentRole


class RoleForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices)

    def clean_username(self):
        member = get_user_model().objects.filter(username=self.cleaned_data["username"]).first()
        if member is None:
            raise forms.ValidationError(gettext("username: no user with this name."))
        self.member = member
        return member.get_username()
