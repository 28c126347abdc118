"""What every Arbiter command shares: a rule violation becomes a clear message and exit code 1."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.models import Tournament


class ArbiterCommand(BaseCommand):
    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except RuleViolation as error:
            raise CommandError(error.text(gettext)) from error

    @staticmethod
    def tournament(slug: str) -> Tournament:
        try:
            return Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with the slug “{slug}”") from None
