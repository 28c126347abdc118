"""Small helpers of the desk views: round lookup, and flashing a rule violation."""

from django.contrib import messages
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.models import Round, Tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament=tournament, number=number)


def flash_violation(request, error: RuleViolation) -> None:
    messages.error(request, error.text(gettext))
