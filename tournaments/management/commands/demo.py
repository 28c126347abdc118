import random

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.models import Tournament
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import rounds_pair_all
from tournaments.services.publishing import round_publish
from tournaments.services.results import board_result_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

from ._base import ArbiterCommand

SLUG = "frankenwaldpokal-demo"
DEMO_USER, DEMO_PASSWORD = "td", "arbiter"
ROUNDS_WITH_RESULTS = 6
ROUNDS_PUBLISHED = 5  # the last round with results stays a draft, for the desk's publish step

CLUBS = [
    "SC Höchstadt", "SK Kronach", "TSV Küps", "SF Münchberg", "SV Wunsiedel",
    "SG Bad Königshofen", "SK Ludwigsstadt", "SC Tettau", "Schachfreunde Selb", "SV Mönchröden",
]
FIRST_NAMES = [
    "Jürgen", "Björn", "Uwe", "Sören", "Jörg", "Günther", "Käthe", "Jürgen", "Ralf", "Lütfiye",
    "Łukasz", "Renée", "Bärbel", "Matthäus", "Zoë", "Hans-Jörg", "Dörte", "Özlem", "Tomáš", "Ines",
]
LAST_NAMES = [
    "Müller", "Schäfer", "Köhler", "Größer", "Bäuerle", "Weiß", "Hübner", "Dvořák", "Şahin", "Nguyễn",
    "Krüger", "Fuß", "Jäger", "Schröder", "Löffler", "Sommer", "Wöhrl", "Brückner", "Maier", "Böhm",
]


class Command(ArbiterCommand):
    help = (
        "Load the demo: a Frankenwald team blitz with 10 teams, all 9 rounds paired and the first "
        f"{ROUNDS_WITH_RESULTS} with results, the first {ROUNDS_PUBLISHED} published; creates the desk user “{DEMO_USER}” (password "
        f"“{DEMO_PASSWORD}”) if missing. Does nothing if the demo is already there, unless --replace."
    )

    def add_arguments(self, parser):
        parser.add_argument("--replace", action="store_true", help="delete and load the demo again")

    def handle(self, *args, replace: bool, **options):
        existing = Tournament.objects.filter(slug=SLUG)
        if existing.exists() and not replace:
            self.stdout.write(f"The demo tournament is already loaded: {SLUG}")
            return
        with transaction.atomic():
            existing.delete()
            tournament = _load_demo(random.Random(2026))
            _ensure_user()
        self.stdout.write(tournament.slug)


def _load_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(name="Frankenwaldpokal 2026 (Demo)", slug=SLUG, venue="Kronach, Schützenhaus")
    names = iter(rng.sample([f"{f} {l}" for f in FIRST_NAMES for l in LAST_NAMES], 50))
    for seed, club in enumerate(CLUBS, start=1):
        base = rng.randint(1500, 2100)
        players = [{"name": next(names), "rating": base - 60 * i + rng.randint(-40, 40)} for i in range(5)]
        team_create(tournament=tournament, name=club, short_name=club.split()[-1][:12], seed=seed, players=players)
    rounds = rounds_pair_all(tournament=tournament)
    for round_ in rounds[:ROUNDS_WITH_RESULTS]:
        for match in round_.matches.select_related("first_team", "second_team").prefetch_related("boards"):
            if match.table == 2 and round_.number in (2, 5):
                # the substitute stands in on board 4 (Blitz preamble)
                match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 3, 5])
            if match.table == 4 and round_.number == 3:
                match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])
            for board in match.boards.all():
                board.refresh_from_db()
                if not board.result:
                    board_result_set(board=board, result=rng.choices(["1-0", "½-½", "0-1"], [4, 3, 4])[0])
    for round_ in rounds[:ROUNDS_PUBLISHED]:
        round_publish(round_=round_)
    return tournament


def _ensure_user() -> None:
    users = get_user_model()
    if not users.objects.filter(username=DEMO_USER).exists():
        users.objects.create_superuser(DEMO_USER, email="", password=DEMO_PASSWORD)
