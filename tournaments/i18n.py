"""Translating the domain's rule violations into the user's language."""

from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation


def violation_text(error: RuleViolation) -> str:
    return error.text(gettext)
