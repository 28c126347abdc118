from pathlib import Path

from django.core.management.base import CommandError

from tournaments.documents.match_report import FORMS_PER_PAGE
from tournaments.documents.registry import PrintJob
from tournaments.documents.round_bundle import RoundBundleDocument
from tournaments.models import Round

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Write a round's print bundle (pairing list + match report forms) as a PDF, without a worker."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("number", type=int, help="round number")
        parser.add_argument("--out", help="file to write (default: SLUG-round-N.pdf in the current directory)")
        parser.add_argument(
            "--per-page", type=int, choices=FORMS_PER_PAGE, default=2, help="match report forms per page"
        )

    def handle(self, *args, slug, number, out, per_page, **options):
        tournament = self.tournament(slug)
        round_ = Round.objects.filter(tournament=tournament, number=number).select_related("tournament").first()
        if round_ is None:
            raise CommandError(f"round {number}: not paired yet")
        path = Path(out or f"{slug}-round-{number}.pdf")
        path.write_bytes(RoundBundleDocument(PrintJob(tournament, round_, {"per_page": per_page})).render())
        self.stdout.write(str(path))
