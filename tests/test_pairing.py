import pytest

from tests.builders import make_paired, make_tournament, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Match, Tournament
from tournaments.services.pairing import round_pair_next, round_unpair, rounds_pair_all
from tournaments.services.teams import team_roster_set

pytestmark = pytest.mark.django_db


def pairs(round_):
    return [
        (m.table, m.first_team.seed, m.second_team.seed if m.second_team else None) for m in round_.matches.with_sides()
    ]


def test_pairs_the_whole_round_robin_from_the_berger_table():
    tournament = make_tournament(teams=6)
    rounds = rounds_pair_all(tournament=tournament)
    assert len(rounds) == 5
    assert pairs(rounds[0]) == [(1, 1, 6), (2, 2, 5), (3, 3, 4)]
    assert pairs(rounds[1]) == [(1, 6, 4), (2, 5, 3), (3, 1, 2)]
    assert pairs(rounds[4]) == [(1, 3, 6), (2, 4, 2), (3, 5, 1)]
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert AuditEntry.objects.filter(tournament=tournament, action="pairing").count() == 5


def test_odd_number_of_teams_lists_the_bye_last():
    tournament = make_tournament(teams=5)
    first = round_pair_next(tournament=tournament)
    assert pairs(first) == [(1, 2, 5), (2, 3, 4), (3, 1, None)]
    assert not Match.objects.get(round=first, table=3).boards.exists()


def test_double_round_robin_has_two_cycles():
    tournament = make_tournament(teams=4, pairing="double-round-robin")
    rounds = rounds_pair_all(tournament=tournament)
    assert [pairs(r) for r in rounds] == [
        [(1, 1, 4), (2, 2, 3)],
        [(1, 2, 4), (2, 3, 1)],
        [(1, 4, 3), (2, 1, 2)],
        [(1, 4, 1), (2, 3, 2)],
        [(1, 3, 4), (2, 2, 1)],
        [(1, 4, 2), (2, 1, 3)],
    ]


def test_boards_get_the_roster_players_and_the_colours_of_the_pattern():
    tournament = make_tournament(teams=2)
    match = round_pair_next(tournament=tournament).matches.get()
    boards = list(match.boards.prefetch_related("seats__player"))
    assert [b.first_player.position for b in boards] == [1, 2, 3, 4]
    assert [b.second_player.position for b in boards] == [1, 2, 3, 4]
    # Blitz §18: the first-named team has Black on boards 1 and 3
    assert [(b.seat(1).colour, b.seat(2).colour) for b in boards] == [("B", "W"), ("W", "B"), ("B", "W"), ("W", "B")]


def test_a_team_short_of_players_forfeits_its_empty_board():
    tournament = make_tournament(teams=2, players=3)
    match = round_pair_next(tournament=tournament).matches.get()
    assert [b.result for b in match.boards.all()] == ["", "", "", "--"]


def test_pairing_beyond_the_schedule_is_refused():
    tournament = make_tournament(teams=3)
    rounds_pair_all(tournament=tournament)
    with pytest.raises(RuleViolation) as error:
        round_pair_next(tournament=tournament)
    assert error.value.text() == "round: all 3 rounds of the round robin are already paired."


def test_rosters_lock_when_play_starts():
    tournament = make_tournament(teams=2)
    round_pair_next(tournament=tournament)
    team = tournament.teams.first()
    with pytest.raises(RuleViolation) as error:
        team_roster_set(team=team, players=[{"name": "Neu"}])
    assert "rosters are locked" in error.value.text() and "(Blitz preamble)" in error.value.text()


def test_a_round_with_results_is_unpaired_only_when_the_results_are_deleted_explicitly():
    tournament = make_paired(teams=4)
    with pytest.raises(RuleViolation) as error:
        round_unpair(round_=tournament.rounds.get(number=1))
    assert error.value.text() == "round: only the last paired round (round 3) can be paired again."
    last = tournament.rounds.get(number=3)
    play_round(last, {1: "1-0 0-1 ½-½ 1-0"})
    with pytest.raises(RuleViolation) as error:
        round_unpair(round_=last)
    assert (
        error.value.text() == "delete_results: round 3 already has 4 results; delete them explicitly to pair it again."
    )
    round_unpair(round_=last, delete_results=True)
    assert tournament.rounds.count() == 2
    entry = AuditEntry.objects.filter(action="pairing").latest("id")
    assert entry.old_value["results"] == {"T1 B1": "1-0", "T1 B2": "0-1", "T1 B3": "½-½", "T1 B4": "1-0"}
