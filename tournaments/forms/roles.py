"""Granting a role on the desk: a username and director or arbiter."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.errors import RuleViolation
from tournaments.models import TournamentRole
from tournaments.services.roles import member_named


class RoleForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices)

    def clean_username(self):
        try:
            self.member = member_named(self.cleaned_data["username"], field="username")
        except RuleViolation as error:
            raise forms.ValidationError(error.body(gettext)) from None
        return self.member.get_username()
