from django.core.management.base import CommandError
from django.utils.translation import gettext

from tournaments.domain.dwz_report import dewis_xml, dsb_text
from tournaments.domain.errors import RuleViolations
from tournaments.selectors.dwz import dwz_event

from ._base import ArbiterCommand

WRITERS = {"xml": dewis_xml, "dsb": dsb_text}


class Command(ArbiterCommand):
    help = (
        "Write a team event's DWZ rating report to standard output: DeWIS XML (the default) or the DSB text "
        "format; refused, listing what is missing per round and player, while the DSB-Wertungsordnung's data "
        "is incomplete."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=sorted(WRITERS), default="xml")

    def handle(self, *args, slug, format, **options):
        try:
            self.stdout.write(WRITERS[format](dwz_event(tournament=self.tournament(slug))), ending="")
        except RuleViolations as error:  # every missing item, one a line
            raise CommandError("\n".join(violation.text(gettext) for violation in error.violations)) from error
