from tournaments.services.reaper import background_reap

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = (
        "End background work (round bundles, pairing and standings checks, archive imports, publication sends) "
        "whose worker died: what is unfinished for longer than it can take, or with --all everything unfinished "
        "(only when no worker runs, e.g. before starting the servers that run tasks in threads)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="end every unfinished task: no worker is running")

    def handle(self, *args, all, **options):
        for kind, count in background_reap(everything=all).items():
            self.stdout.write(f"{kind}: {count} interrupted")
