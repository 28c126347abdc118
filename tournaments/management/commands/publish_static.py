from pathlib import Path

from tournaments.services.publication import publication_build

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = (
        "Write the public view of every tournament into DIR as static files (a web space needs no Arbiter): "
        "pages in German and English, PDFs, the TRF, the API's public JSON and version.json. Prints the version."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)

    def handle(self, *args, directory: Path, **options):
        directory.mkdir(parents=True, exist_ok=True)
        self.stdout.write(publication_build(target=directory))
