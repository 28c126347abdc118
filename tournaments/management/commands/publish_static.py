from pathlib import Path

from tournaments.services.publication import publication_build

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = (
        "Write the public view of every tournament (or with --tournament of those named) into DIR as static "
        "files (a web space needs no Arbiter): pages in German and English, PDFs, the TRF, the API's public JSON "
        "and version.json. Prints the version."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)
        parser.add_argument(
            "--tournament", action="append", metavar="SLUG", help="only this tournament (repeat for several)"
        )

    def handle(self, *args, directory: Path, tournament: list[str] | None, **options):
        for slug in tournament or ():
            self.tournament(slug)  # a clear message for a slug that names none
        directory.mkdir(parents=True, exist_ok=True)
        self.stdout.write(publication_build(target=directory, tournaments=tournament))
