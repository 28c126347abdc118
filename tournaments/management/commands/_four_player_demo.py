"""The four-player demo (``demo --four-player``, issue 15): a Viererschach team round robin of 8
teams and a Schach4 V1 individual event of 13 players over 5 rounds (tables of 4 and 3).

Everything goes through the services, as at the desk: create from the preset, register, pair,
enter results, publish.
"""

import random

from tournaments.domain.encounter import ResultEntry
from tournaments.models import Tournament
from tournaments.services.pairing import round_pair_next, rounds_pair_all
from tournaments.services.publishing import round_publish
from tournaments.services.results import encounter_result_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

VIERER_SLUG = "viererschach-demo"
SCHACH4_SLUG = "schach4-demo"
VIERER_ROUNDS_WITH_RESULTS = 4
SCHACH4_ROUNDS = 5
SCHACH4_ROUNDS_WITH_RESULTS = 3  # round 4 is paired and waits for its results at the desk

VIERER_TEAMS = [
    "Kronacher Kreuz",
    "Küpser Quartett",
    "Höchstadter Hälften",
    "Selber Seiten",
    "Tettauer Tandem",
    "Münchberger Mitte",
    "Wunsiedler Winkel",
    "Coburger Ecken",
]
# How Viererschach matches end (Vierer §2, §12, §13), weighted roughly as at the table.
VIERER_ENDINGS = [
    ("1-0", "kings"),
    ("0-1", "kings"),
    ("1-0", "kings"),
    ("0-1", "time"),
    ("½-½", "stalemate"),
    ("½-½", "material"),
    ("1-0", "arbiter"),
]
SCHACH4_PLAYERS = [
    "Anna Weiß",
    "Bernd Schäfer",
    "Cem Şahin",
    "Dora Köhler",
    "Emil Dvořák",
    "Frieda Hübner",
    "Gökhan Yıldız",
    "Heike Löffler",
    "Ivo Nguyễn",
    "Jana Brückner",
    "Kai Größer",
    "Lea Böhm",
    "Mats Jäger",
]
# Finishing orders as typed per seat (``2 1 4 3``); a few draws share the first places (Schach4 "Ende des Spiels").
FOUR_SEATS = ["2 1 4 3", "1 2 3 4", "4 3 1 2", "1 4 3 1", "3 1 2 4", "2 4 1 3"]
THREE_SEATS = ["1 2 3", "3 1 2", "2 3 1", "1 1 3", "2 1 3"]


def load_vierer_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(
        name="Viererschach-Mannschaftsturnier 2026 (Demo)",
        slug=VIERER_SLUG,
        preset="vierer-team",
        venue="Kronach, Schützenhaus",
    )
    first, last = (
        ["Jürgen", "Özlem", "Bärbel", "Tomáš", "Zoë", "Sören", "Ines", "Łukasz"],
        ["Müller", "Weiß", "Krüger", "Fuß"],
    )
    names = iter(rng.sample([f"{given} {family}" for given in first for family in last], 2 * len(VIERER_TEAMS)))
    for seed, name in enumerate(VIERER_TEAMS, start=1):
        base = rng.randint(1500, 2100)
        players = [{"name": next(names), "rating": base - 70 * i} for i in range(2)]
        team_create(tournament=tournament, name=name, short_name=name.split()[-1][:12], seed=seed, players=players)
    rounds = rounds_pair_all(tournament=tournament)
    for round_ in rounds[:VIERER_ROUNDS_WITH_RESULTS]:
        for match in round_.matches.all():
            if match.is_bye:
                continue
            if round_.number == 3 and match.table == 4:
                encounter_result_set(
                    match=match, entry=ResultEntry(result="-+")
                )  # the first-named team did not turn up
                continue
            result, how = rng.choice(VIERER_ENDINGS)
            encounter_result_set(match=match, entry=ResultEntry(result=result, decided_by=how))
        round_publish(round_=round_)
    return tournament


def load_schach4_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(
        name="Schach4-Open 2026 (Demo)", slug=SCHACH4_SLUG, preset="schach4-v1", venue="Kronach, Schützenhaus"
    )
    for seed, name in enumerate(SCHACH4_PLAYERS, start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 1900 - 40 * seed}])
    for number in range(1, SCHACH4_ROUNDS_WITH_RESULTS + 2):
        round_ = round_pair_next(tournament=tournament)
        if number > SCHACH4_ROUNDS_WITH_RESULTS:
            break
        for match in round_.matches.all():
            if match.is_bye:
                continue
            seats = len(match.sides.all())
            typed = rng.choice(FOUR_SEATS if seats == 4 else THREE_SEATS)
            if number == 2 and match.table == 1:
                typed = "1 - 3 2"  # seat 2 did not turn up: last, no points
            encounter_result_set(match=match, entry=ResultEntry(places=typed))
        round_publish(round_=round_)
    return tournament
