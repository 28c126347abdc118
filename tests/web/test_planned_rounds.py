"""The planned rounds are stored at the start; standings, withdrawals and the desk ask the system."""

import pytest

from tests.builders import make_paired, make_tournament, play_round
from tournaments.domain.berger import Pair
from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import _SYSTEMS, PairingStrategy, RoundToPair
from tournaments.selectors.schedule import planned_rounds, rounds_to_pair
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import round_pair_next, rounds_pair_all
from tournaments.services.tournaments import tournament_start
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "teams, pairing, rounds", [(4, "round-robin", 3), (5, "round-robin", 5), (4, "double-round-robin", 6)]
)
def test_the_start_stores_the_rounds_the_system_plans(teams, pairing, rounds):
    tournament = make_tournament(teams=teams, pairing=pairing)
    assert tournament.planned_rounds is None
    assert planned_rounds(tournament=tournament, teams=teams) == rounds  # before the start: what it would plan
    tournament = tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    assert tournament.planned_rounds == rounds


def test_standings_are_final_after_the_stored_planned_rounds():
    tournament = make_paired(teams=2)
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 1
    assert standings_for_tournament(tournament=tournament).final is False
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 1-0 1-0"})
    assert standings_for_tournament(tournament=tournament).final is True


class OneAtATime(PairingStrategy):
    """A stand-in for Swiss: four rounds, paired one at a time, the seeds in order."""

    key = "test-one-at-a-time"
    pairs_ahead = False

    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        return 4

    def pair_round(self, round_: RoundToPair) -> list[Pair]:
        return [(seed, seed + 1) for seed in range(1, round_.teams, 2)]

    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
        return [1, 2, 3, 4]


@pytest.fixture
def one_at_a_time(monkeypatch):
    monkeypatch.setitem(_SYSTEMS, "round-robin", OneAtATime())


def test_a_system_that_pairs_round_by_round_offers_one_round_and_refuses_pair_all(one_at_a_time, desk):
    tournament = make_tournament(teams=4)
    assert rounds_to_pair(tournament=tournament, teams=4, paired=0) == 1
    page = desk.get(f"/desk/{tournament.slug}/").text
    assert "Pair 1 round" in page and "Pair all" not in page
    with pytest.raises(RuleViolation) as error:
        rounds_pair_all(tournament=tournament)
    assert error.value.field == "round"
    assert tournament.rounds.count() == 0
    desk.post(f"/desk/{tournament.slug}/pair/")  # the desk's button pairs the next round only
    assert tournament.rounds.count() == 1
    tournament.refresh_from_db()
    assert tournament.planned_rounds == 4
    assert rounds_to_pair(tournament=tournament, teams=4, paired=1) == 1
    # round 2 waits for round 1's results: the desk says so instead of offering a button that fails
    page = desk.get(f"/desk/{tournament.slug}/").text
    assert "Pair 1 round" not in page
    assert "round 2 is paired from the standings, so round 1 needs all its results first." in page
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    assert "Pair 1 round" in desk.get(f"/desk/{tournament.slug}/").text


def test_withdrawals_count_the_matches_the_system_plans(one_at_a_time):
    tournament = make_tournament(teams=4)
    round_pair_next(tournament=tournament)
    team = tournament.teams.get(seed=1)
    with pytest.raises(RuleViolation):
        team_withdraw(team=team, from_round=5)  # the system plans 4 rounds, not Berger's 3
    team_withdraw(team=team, from_round=4)
    withdrawal = standings_for_tournament(tournament=tournament).withdrawals[0]
    assert (withdrawal.note.scheduled, withdrawal.note.played) == (4, 3)
