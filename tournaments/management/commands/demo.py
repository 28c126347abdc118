import random

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.domain.encounter import ResultEntry
from tournaments.models import Tournament
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import rounds_pair_all
from tournaments.services.publishing import round_publish
from tournaments.services.results import encounter_result_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create, tournament_delete

from ._base import ArbiterCommand
from ._four_player_demo import SCHACH4_SLUG, VIERER_SLUG, load_schach4_demo, load_vierer_demo
from ._swiss_demo import SWISS_ROUNDS, SWISS_ROUNDS_WITH_RESULTS, SWISS_SLUG, load_swiss_demo

SLUG = "frankenwaldpokal-demo"
TANDEM_SLUG = "tandem-demo"
TANDEM_ROUNDS_WITH_RESULTS = 5
DEMO_USER, DEMO_PASSWORD = "td", "arbiter"
ROUNDS_WITH_RESULTS = 6
ROUNDS_PUBLISHED = 5  # the last round with results stays a draft, for the desk's publish step

CLUBS = [
    "SC Höchstadt",
    "SK Kronach",
    "TSV Küps",
    "SF Münchberg",
    "SV Wunsiedel",
    "SG Bad Königshofen",
    "SK Ludwigsstadt",
    "SC Tettau",
    "Schachfreunde Selb",
    "SV Mönchröden",
]
FIRST_NAMES = [
    "Jürgen",
    "Björn",
    "Uwe",
    "Sören",
    "Jörg",
    "Günther",
    "Käthe",
    "Jürgen",
    "Ralf",
    "Lütfiye",
    "Łukasz",
    "Renée",
    "Bärbel",
    "Matthäus",
    "Zoë",
    "Hans-Jörg",
    "Dörte",
    "Özlem",
    "Tomáš",
    "Ines",
]
LAST_NAMES = [
    "Müller",
    "Schäfer",
    "Köhler",
    "Größer",
    "Bäuerle",
    "Weiß",
    "Hübner",
    "Dvořák",
    "Şahin",
    "Nguyễn",
    "Krüger",
    "Fuß",
    "Jäger",
    "Schröder",
    "Löffler",
    "Sommer",
    "Wöhrl",
    "Brückner",
    "Maier",
    "Böhm",
]


class Command(ArbiterCommand):
    help = (
        "Load the demo: a Frankenwald team blitz with 10 teams, all 9 rounds paired and the first "
        f"{ROUNDS_WITH_RESULTS} with results, the first {ROUNDS_PUBLISHED} published; creates the desk "
        f"user “{DEMO_USER}” (password “{DEMO_PASSWORD}”) if missing. Does nothing if the demo is "
        "already there, unless --replace. With --tandem: a tandem tournament instead, 12 teams with "
        f"double rounds, the first {TANDEM_ROUNDS_WITH_RESULTS} rounds with results and published. With "
        "--four-player: a Viererschach team round robin of 8 teams and a Schach4 V1 event of 13 players "
        "(5 rounds, tables of 4 and 3), some rounds with results. With --swiss: a FIDE team Swiss of 13 "
        f"teams and {SWISS_ROUNDS} rounds paired round by round by gacrux, {SWISS_ROUNDS_WITH_RESULTS} with "
        "results and published (a late entry, a requested bye), the next paired for review."
    )

    def add_arguments(self, parser):
        parser.add_argument("--replace", action="store_true", help="delete and load the demo again")
        parser.add_argument(
            "--tandem",
            dest="demo",
            action="store_const",
            const=[(TANDEM_SLUG, _load_tandem_demo)],
            default=[(SLUG, _load_demo)],
            help="load the tandem (bughouse) demo",
        )
        parser.add_argument(
            "--four-player",
            dest="demo",
            action="store_const",
            const=[(VIERER_SLUG, load_vierer_demo), (SCHACH4_SLUG, load_schach4_demo)],
            help="load the four-player demos (Viererschach teams, Schach4 V1)",
        )
        parser.add_argument(
            "--swiss",
            dest="demo",
            action="store_const",
            const=[(SWISS_SLUG, load_swiss_demo)],
            help="load the team Swiss demo (FIDE C.04.6)",
        )
        parser.add_argument(
            "--all",
            dest="demo",
            action="store_const",
            const=[
                (SLUG, _load_demo),
                (TANDEM_SLUG, _load_tandem_demo),
                (VIERER_SLUG, load_vierer_demo),
                (SCHACH4_SLUG, load_schach4_demo),
                (SWISS_SLUG, load_swiss_demo),
            ],
            help="load every demo above (the installed arbiter command's `arbiter demo`)",
        )

    def handle(self, *args, replace: bool, demo, **options):
        for slug, load in demo:
            existing = Tournament.objects.filter(slug=slug).first()
            if existing and not replace:
                self.stdout.write(f"The demo tournament is already loaded: {slug}")
                continue
            with transaction.atomic():
                if existing:
                    tournament_delete(tournament=existing)
                tournament = load(random.Random(2026))
                _ensure_user()
            self.stdout.write(tournament.slug)


def _load_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(name="Frankenwaldpokal 2026 (Demo)", slug=SLUG, venue="Kronach, Schützenhaus")
    names = iter(rng.sample([f"{given} {family}" for given in FIRST_NAMES for family in LAST_NAMES], 50))
    for seed, club in enumerate(CLUBS, start=1):
        base = rng.randint(1500, 2100)
        players = [{"name": next(names), "rating": base - 60 * i + rng.randint(-40, 40)} for i in range(5)]
        team_create(tournament=tournament, name=club, short_name=club.split()[-1][:12], seed=seed, players=players)
    rounds = rounds_pair_all(tournament=tournament)
    for round_ in rounds[:ROUNDS_WITH_RESULTS]:
        for match in round_.matches.with_sides().prefetch_related("boards"):
            if match.table == 2 and round_.number in (2, 5):
                # the substitute stands in on board 4 (Blitz preamble)
                match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 3, 5])
            if match.table == 4 and round_.number == 3:
                match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])
            for board in match.boards.all():
                board.refresh_from_db()
                if not board.result:
                    encounter_result_set(
                        match=match, entry=ResultEntry(board.board, rng.choices(["1-0", "½-½", "0-1"], [4, 3, 4])[0])
                    )
    for round_ in rounds[:ROUNDS_PUBLISHED]:
        round_publish(round_=round_)
    return tournament


TANDEM_TEAMS = [
    "Tandem Kronach",
    "Bughouse Küps",
    "Doppelpack Höchstadt",
    "Selber Springer",
    "Tettauer Türme",
    "Münchberger Damen",
    "Wunsiedler Würfe",
    "Königshofener Könige",
    "Ludwigsstädter Läufer",
    "Mönchrödener Matt",
    "Coburger Einsetzer",
    "Hofer Herauswünscher",
]
# How tandem matches end, weighted roughly as at the board; draws only as Tandem §6 allows.
TANDEM_ENDINGS = [
    ("1-0", 1, "checkmate"),
    ("0-1", 2, "checkmate"),
    ("1-0", 2, "time"),
    ("0-1", 1, "time-neighbour"),
    ("1-0", 1, "resignation"),
    ("0-1", 2, "resignation"),
    ("½-½", None, "agreed-draw"),
    ("½-½", None, "double-mate"),
    ("1-0", 2, "arbiter"),
]


def _load_tandem_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(
        name="Tandem-Open 2026 (Demo)",
        slug=TANDEM_SLUG,
        preset="tandem-dsb",
        venue="Kronach, Schützenhaus",
        double_rounds=True,
    )
    names = iter(
        rng.sample([f"{given} {family}" for given in FIRST_NAMES for family in LAST_NAMES], 2 * len(TANDEM_TEAMS))
    )
    for seed, name in enumerate(TANDEM_TEAMS, start=1):
        base = rng.randint(1500, 2200)
        players = [{"name": next(names), "rating": base - 80 * i + rng.randint(-40, 40)} for i in range(2)]
        team_create(tournament=tournament, name=name, short_name=name.split()[-1][:12], seed=seed, players=players)
    rounds = rounds_pair_all(tournament=tournament)
    for round_ in rounds[:TANDEM_ROUNDS_WITH_RESULTS]:
        for match in round_.matches.all():
            if match.is_bye:
                continue
            if round_.number == 4 and match.table == 6 and match.leg == 2:
                encounter_result_set(match=match, entry=ResultEntry(result="+-"))  # the opponents did not turn up
                continue
            result, board, how = rng.choice(TANDEM_ENDINGS)
            encounter_result_set(match=match, entry=ResultEntry(result=result, deciding_board=board, decided_by=how))
        round_publish(round_=round_)
    return tournament


def _ensure_user() -> None:
    users = get_user_model()
    if not users.objects.filter(username=DEMO_USER).exists():
        users.objects.create_superuser(DEMO_USER, email="", password=DEMO_PASSWORD)
