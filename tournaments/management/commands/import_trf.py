from pathlib import Path

from tournaments.services.trf_import import tournament_import_trf

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Import a FIDE TRF-2026 (or TRF16) team file as a new tournament; prints its slug."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--preset", default="fide-team", help="rules TRF cannot state come from this preset")
        parser.add_argument(
            "--tiebreaks",
            help="rank by this comma-separated list of C.07 codes (e.g. BH:MP/C1,EMGSB) instead of the file's 202 list",
        )

    def handle(self, *args, path: str, preset: str, tiebreaks: str | None, **options):
        chain = [code.strip() for code in tiebreaks.split(",") if code.strip()] if tiebreaks else None
        tournament = tournament_import_trf(
            data=Path(path).read_bytes(), preset=preset, tiebreaks=chain, source="command"
        )
        self.stdout.write(tournament.slug)
