"""Realistic tournaments of any size, built through the services as a desk would build them.

Seeded, so every run measures the same event: teams with rosters (umlauts and other
diacritics, a few short rosters and substitutes), 11 paired rounds, results drawn from the
players' ratings with draws, forfeits and whole-match no-shows, each round published.
Until a Swiss system exists, the rounds are the first rounds of the Berger round robin, which
for 16 teams is the real schedule and for 200 or 2,000 teams a valid paired schedule.
Byes occur with an odd number of teams.
"""

import random

from tournaments.models import Round, Tournament
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_publish
from tournaments.services.results import round_results_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

CLUBS = ["SK", "SV", "TSV", "SG", "SC", "Schachfreunde", "Schachklub", "SF", "FC", "Post-SV"]
TOWNS = [
    "Kronach",
    "Küps",
    "Höchstadt",
    "Selb",
    "Tettau",
    "Mönchröden",
    "Lörrach",
    "Fürth",
    "Würzburg",
    "Saßnitz",
    "Lüneburg",
    "Göttingen",
    "Düsseldorf",
    "Übersee",
    "Bad Königshofen",
    "Nürnberg",
    "Zürich",
    "Gröbenzell",
    "Jüterbog",
    "Öhringen",
    "Mühlhausen",
    "Kraków",
    "Łódź",
    "Brno",
    "Plzeň",
    "Székesfehérvár",
    "Reykjavík",
    "Tromsø",
    "Malmö",
    "Århus",
    "Besançon",
    "Coruña",
    "İzmir",
    "Cluj",
]
FIRST = [
    "Jürgen",
    "Bärbel",
    "Sören",
    "Käthe",
    "Łukasz",
    "Ayşe",
    "Renée",
    "Jörg",
    "Zoë",
    "Ünal",
    "Øystein",
    "Małgorzata",
    "Dvořák",
    "Björn",
    "Ángel",
    "Françoise",
    "Nguyễn",
    "Gülşen",
    "Jiří",
    "Ömer",
]
LAST = [
    "Müller",
    "Schäfer",
    "Köhler",
    "Größer",
    "Bäuerle",
    "Hübner",
    "Weiß",
    "Şahin",
    "Krüger",
    "Dvořák",
    "Nowak",
    "Løvås",
    "Sánchez",
    "Lefèvre",
    "Jovanović",
    "Öztürk",
    "Horváth",
    "Strauß",
]

SHORT_ROSTER = 0.03  # teams that register only three players for four boards
SUBSTITUTE_PLAYS = 0.03  # matches in which a team fields its substitute on board 4
FORFEIT = 0.01  # boards lost by forfeit (a player did not turn up)
NO_SHOW = 0.002  # matches a team does not turn up to at all
DOUBLE_FORFEIT = 0.001  # boards where neither player turned up


def generate(*, teams: int, rounds: int = 11, seed: int = 7, name: str | None = None) -> Tournament:
    """A Frankenwald-rules event (full tie-break chain) of ``teams`` teams and ``rounds`` rounds."""
    rng = random.Random(seed)
    tournament = tournament_create(
        name=name or f"Benchmark {teams} teams (seed {seed})", preset="blitz-frankenwald", source="bench"
    )
    strength, with_substitute = {}, set()
    for index in range(teams):
        roster = _roster(rng)
        team = team_create(tournament=tournament, name=_team_name(index), players=roster, source="bench")
        strength[team.pk] = rng.gauss(0, 150)
        if len(roster) > tournament.boards:
            with_substitute.add(team.pk)
    for _ in range(min(rounds, teams - 1 + teams % 2)):
        round_ = round_pair_next(tournament=tournament, source="bench")
        _substitutes(rng, round_, with_substitute)
        round_results_set(round_=round_, results=_results(rng, round_, strength), source="bench")
        round_publish(round_=round_, source="bench")
    tournament.refresh_from_db()
    return tournament


def _team_name(index: int) -> str:
    club = CLUBS[index % len(CLUBS)]
    town = TOWNS[(index // len(CLUBS)) % len(TOWNS)]
    number = index // (len(CLUBS) * len(TOWNS))
    return f"{club} {town}" + (f" {number + 1}" if number else "")


def _roster(rng: random.Random) -> list[dict]:
    size = 3 if rng.random() < SHORT_ROSTER else 5
    base = rng.randint(1700, 2500)
    names = rng.sample([f"{first} {last}" for first in FIRST for last in LAST], size)
    return [{"name": name, "rating": max(0, base - 40 * position)} for position, name in enumerate(names)]


def _substitutes(rng: random.Random, round_: Round, with_substitute: set[int]) -> None:
    """Now and then a team puts its substitute on board 4 (Blitz preamble), through the lineup service."""
    for match in round_.matches.paired().with_sides():
        for team in (match.first_team, match.second_team):
            if team.pk in with_substitute and rng.random() < SUBSTITUTE_PLAYS:
                match_lineup_set(match=match, team=team, positions=[1, 2, 3, 5], source="bench")


def _results(rng: random.Random, round_: Round, strength: dict[int, float]) -> dict[tuple[int, int], str]:
    """Each game from the rating difference (Elo expectation, about a third drawn)."""
    results = {}
    matches = round_.matches.paired().with_sides().with_games()
    for match in matches:
        no_show = rng.choice(["+-", "-+"]) if rng.random() < NO_SHOW else None
        for board in match.boards.all():
            if board.result:  # an empty seat: the forfeit is already recorded
                continue
            if no_show:
                results[(match.table, board.board)] = no_show
                continue
            results[(match.table, board.board)] = _game(
                rng,
                board.first_player.rating + strength[match.first_team_id],
                board.second_player.rating + strength[match.second_team_id],
            )
    return results


def _game(rng: random.Random, first: float, second: float) -> str:
    roll = rng.random()
    if roll < DOUBLE_FORFEIT:
        return "--"
    if roll < FORFEIT:
        return rng.choice(["+-", "-+"])
    expected = 1 / (1 + 10 ** ((second - first) / 400))
    draw = 0.35 * (1 - abs(2 * expected - 1))
    roll = rng.random()
    if roll < draw:
        return "½-½"
    return "1-0" if roll < draw + (1 - draw) * expected else "0-1"
