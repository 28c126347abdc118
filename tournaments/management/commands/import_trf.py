from pathlib import Path

from tournaments.services.trf_import import tournament_import_trf

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Import a FIDE TRF-2026 (or TRF16) team file as a new tournament; prints its slug."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--preset", default="fide-team", help="rules TRF cannot state come from this preset")

    def handle(self, *args, path: str, preset: str, **options):
        tournament = tournament_import_trf(data=Path(path).read_bytes(), preset=preset, source="command")
        self.stdout.write(tournament.slug)
