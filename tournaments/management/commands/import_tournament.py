import sys
from pathlib import Path

from django.core.management.base import CommandError

from tournaments.services.archive import MAX_ARCHIVE_BYTES, tournament_import

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Import a tournament archive (JSON, docs/archive.md) as a new tournament; prints its slug."

    def add_arguments(self, parser):
        parser.add_argument("path", help="archive file, or - for standard input")

    def handle(self, *args, path, **options):
        if path == "-":
            text = sys.stdin.buffer.read(MAX_ARCHIVE_BYTES + 1)
        else:
            try:
                with Path(path).open("rb") as archive:
                    text = archive.read(MAX_ARCHIVE_BYTES + 1)
            except OSError as error:
                raise CommandError(f"{path}: {error.strerror}") from None
        tournament = tournament_import(archive=text, source="command")
        self.stdout.write(tournament.slug)
