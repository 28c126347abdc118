from tournaments.domain.trf import write_trf
from tournaments.selectors.trf import trf_event

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Write a tournament as a FIDE TRF-2026 file to standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        self.stdout.write(write_trf(trf_event(tournament=self.tournament(slug))), ending="")
