import json

from tournaments.selectors.archive import archive_for_tournament

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = "Print a tournament's archive (JSON, docs/archive.md) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        archive = archive_for_tournament(tournament=self.tournament(slug))
        self.stdout.write(json.dumps(archive, ensure_ascii=False, indent=2))
