"""The one lock order (services/locks.py) on PostgreSQL: a result write and a director action never
deadlock (issue 27 item 2).

Each test forces the interleaving that deadlocked: a writer has written its result and moved the
public version but not committed yet; the director's action starts and waits; then the writer
commits. Before the lock order, the director's action held the tournament row ``FOR UPDATE`` while
it waited for the public version, and the writer's commit waited for the tournament row (the
audit entry's foreign key takes ``FOR KEY SHARE`` there): PostgreSQL aborted one of them.
"""

import pytest
from django.db import connection  # noqa: F401 - read by the skipif condition

from tests.builders import enter_board, make_paired, make_tournament, play_round
from tests.concurrency import held_then
from tournaments.models import Match, Round
from tournaments.services.documents import round_bundle_request
from tournaments.services.exchange import round_teams_exchange
from tournaments.services.pairing import round_pair_next, round_unpair
from tournaments.services.publishing import round_pairings_publish, round_publish, round_unpublish
from tournaments.services.requested_byes import bye_request
from tournaments.services.withdrawals import team_withdraw

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks: PostgreSQL"),
]


def correction(match: Match):
    board = match.boards.get(board=1)

    def correct_a_result():
        enter_board(board=board, result="0-1" if board.result == "1-0" else "1-0")

    return correct_a_result


@pytest.fixture
def published():
    """A round robin of four teams, round 1 played and published, round 2 paired."""
    tournament = make_paired(teams=4)
    first, second = tournament.rounds.order_by("number")[:2]
    play_round(first, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 1-0 ½-½"})
    round_publish(round_=first)
    return tournament, first, second


def test_a_correction_in_a_published_round_and_publishing_another_round(published):
    tournament, first, second = published
    match = first.matches.get(table=1)

    def publish_round_two():
        round_publish(round_=second)

    def unpublish_round_two():
        round_unpublish(round_=second)

    assert held_then(correction(match), publish_round_two) == []
    assert held_then(correction(match), unpublish_round_two) == []
    assert Round.objects.get(pk=second.pk).published_at is None
    assert tournament.audit_entries.filter(action="result").count() == 8 + 2


def test_a_correction_and_a_withdrawal(published):
    tournament, first, _ = published
    team = tournament.teams.get(seed=4)

    def withdraw():
        team_withdraw(team=team, from_round=3)

    assert held_then(correction(first.matches.get(table=1)), withdraw) == []
    assert tournament.teams.get(seed=4).withdrawn_from_round == 3


@pytest.fixture
def swiss():
    """A team Swiss of eight teams: round 1 played and published, round 2 paired, pairings private."""
    tournament = make_tournament(teams=8, preset="fide-team-swiss", name="Mannschafts-Open", rounds=5)
    first = round_pair_next(tournament=tournament)
    round_pairings_publish(round_=first)
    play_round(first, {m.table: "1-0 ½-½ 0-1 1-0" for m in first.matches.all()})
    round_publish(round_=first)
    second = round_pair_next(tournament=tournament)
    return tournament, first, second


def test_a_correction_and_a_bye_request(swiss):
    tournament, first, _ = swiss
    team = tournament.teams.get(seed=3)

    def ask_for_a_bye():
        bye_request(team=team, round_number=4, kind="H")

    assert held_then(correction(first.matches.get(table=1)), ask_for_a_bye) == []
    assert tournament.requested_byes.filter(team=team, round_number=4).exists()


def test_a_result_entry_and_an_exchange(swiss):
    tournament, first, second = swiss
    one, two = (m.first_team for m in second.matches.with_sides().order_by("table")[:2])

    def exchange():
        round_teams_exchange(round_=second, first=one, second=two)

    assert held_then(correction(first.matches.get(table=2)), exchange) == []
    assert Round.objects.get(pk=second.pk).pairing_departures


def test_a_print_bundle_requested_while_its_round_is_unpaired(published):
    """The request locked only the bundle: unpairing deleted the round under the new bundle, whose
    foreign key then failed the request's commit (a 500). Now it holds the round, and the
    unpairing waits for it."""
    tournament, _, _ = published
    last = tournament.rounds.order_by("-number").first()

    def request_the_bundle():
        round_bundle_request(round_=last)

    def unpair():
        round_unpair(round_=last)

    assert held_then(request_the_bundle, unpair) == []
    assert not tournament.rounds.filter(pk=last.pk).exists()
