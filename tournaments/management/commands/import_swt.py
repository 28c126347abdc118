from pathlib import Path

from tournaments.services.swt_import import tournament_import_swt

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Import a SwissChess team tournament (.SWT, version 8) as a new tournament; prints its slug."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--preset", default="fide-team", help="rules the file cannot state come from this preset")

    def handle(self, *args, path: str, preset: str, **options):
        tournament = tournament_import_swt(data=Path(path).read_bytes(), preset=preset, source="command")
        self.stdout.write(tournament.slug)
