from tournaments.services.pairing import round_pair_next, rounds_pair_all

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = (
        "Pair the next round as the tournament's pairing system does (round robin: Berger tables), "
        "or with --all every remaining round where the system has a fixed schedule."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--all", action="store_true", help="pair all remaining rounds (round robins only)")

    def handle(self, *args, slug, all, **options):
        tournament = self.tournament(slug)
        rounds = rounds_pair_all(tournament=tournament) if all else [round_pair_next(tournament=tournament)]
        for round_ in rounds:
            pairs = ", ".join(
                f"{m.table}: {m.first_team} – {m.second_team or 'bye'}"
                for m in round_.matches.filter(leg=1).with_sides()
            )
            self.stdout.write(f"Round {round_.number}: {pairs}")
