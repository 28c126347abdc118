"""The team Swiss demo (``demo --swiss``, issue 16): a FIDE C.04.6 team Swiss of 13 teams, 7 rounds.

Round by round as at the desk: pair (gacrux), publish the pairings, enter the results, publish.
It shows what the other demos cannot: a pairing-allocated bye, a late entry from round 3, a
half-point bye requested for round 4, a substitute, an empty board, and round 5 paired but not yet
published, waiting for the director's review. gacrux checks every pairing and the standings after
the demo commits (in a thread without a broker).
"""

import random

from tournaments.domain.encounter import ResultEntry
from tournaments.models import Tournament
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_pairings_publish, round_publish
from tournaments.services.requested_byes import bye_request, team_enter_late
from tournaments.services.results import encounter_result_set
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

SWISS_SLUG = "team-swiss-demo"
SWISS_ROUNDS = 7
SWISS_ROUNDS_WITH_RESULTS = 4  # round 5 is paired and waits for the director to publish it
LATE_FROM_ROUND, REQUESTED_BYE_ROUND = 3, 4

SWISS_TEAMS = [
    "SK Bamberg",
    "SC Bayreuth",
    "Schachfreunde Hof",
    "SK Coburg",
    "SC Forchheim",
    "SV Erlangen",
    "SG Lichtenfels",
    "TSV Naila",
    "SK Kulmbach",
    "SC Marktredwitz",
    "SV Pegnitz",
    "SF Rehau",
    "SK Schwarzenbach",
]
LATE_TEAM = "SV Helmbrechts"
FIRST = ["Jürgen", "Özlem", "Bärbel", "Tomáš", "Zoë", "Sören", "Ines", "Łukasz", "Käthe", "Renée", "Matthäus", "Dörte"]
LAST = ["Müller", "Weiß", "Krüger", "Fuß", "Şahin", "Nguyễn", "Dvořák", "Löffler", "Brückner", "Böhm"]


def load_swiss_demo(rng: random.Random) -> Tournament:
    tournament = tournament_create(
        name="Mannschafts-Open 2026 (Demo)",
        slug=SWISS_SLUG,
        preset="fide-team-swiss",
        rounds=SWISS_ROUNDS,
        venue="Bayreuth, Stadthalle",
    )
    names = iter(rng.sample([f"{given} {family}" for given in FIRST for family in LAST], 5 * (len(SWISS_TEAMS) + 1)))

    def players():
        base = rng.randint(1600, 2300)
        return [{"name": next(names), "rating": base - 60 * i + rng.randint(-30, 30)} for i in range(5)]

    for seed, name in enumerate(SWISS_TEAMS, start=1):
        team_create(tournament=tournament, name=name, short_name=name.split()[-1][:12], seed=seed, players=players())
    for number in range(1, SWISS_ROUNDS_WITH_RESULTS + 2):
        if number == LATE_FROM_ROUND:
            team_enter_late(tournament=tournament, name=LATE_TEAM, from_round=number, players=players())
        if number == REQUESTED_BYE_ROUND:
            bye_request(team=tournament.teams.get(name="SK Coburg"), round_number=number, kind="H")
        round_ = round_pair_next(tournament=tournament)
        if number > SWISS_ROUNDS_WITH_RESULTS:
            break
        round_pairings_publish(round_=round_)
        for match in round_.matches.with_sides().prefetch_related("boards"):
            if match.is_bye:
                continue
            if number == 2 and match.table == 1:
                match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 3, 5])  # the substitute plays
            if number == 3 and match.table == 3:
                match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])  # board 4 left empty
            for board in match.boards.all():
                board.refresh_from_db()
                if not board.result:
                    encounter_result_set(
                        match=match, entry=ResultEntry(board.board, rng.choices(["1-0", "½-½", "0-1"], [4, 3, 4])[0])
                    )
        round_publish(round_=round_)
    return tournament
