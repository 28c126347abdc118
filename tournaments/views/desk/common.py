"""Small helpers of the desk views: flashing a rule violation."""

from django.contrib import messages
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation


def flash_violation(request, error: RuleViolation) -> None:
    messages.error(request, error.text(gettext))
