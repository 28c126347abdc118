"""Probe (issue 27 item 2): result writes and director actions at the same moment never deadlock.

The scenarios that deadlocked before the one lock order (services/locks.py) — a correction in a
published round against publishing or unpublishing another round, against a requested bye or a
withdrawal, and a result entry against an exchange — each run as two real clients (threads with
their own database connections) through the API and the desk, started together with a random
offset of up to 30 ms, ``iterations(ci=3, full=40)`` times. ``tests/test_lock_order.py`` forces
the one interleaving that deadlocked; this probe tries many.

Every run must show: no deadlock at all (not even one the services retried: the lock order
leaves none), no answer of 500 or 503, and every write either applied or refused as a conflict
to be sent again (409 ``retry``) with nothing of it saved.
"""

import logging
import random
import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from tests.builders import make_paired, make_tournament, play_round
from tests.probes import iterations
from tournaments.models import BoardGame, Match, RequestedBye, Round, Team
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_pairings_publish, round_publish
from tournaments.services.tokens import token_create

pytestmark = [
    pytest.mark.probe,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks and deadlocks: PostgreSQL"),
]

RUNS = iterations(ci=3, full=40)
APPLIED = (200, 201, 204, 302)


class Retries(logging.Handler):
    """The deadlocks the services lost and retried (services/locks.py logs each)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.lost: list[str] = []

    def emit(self, record):
        self.lost.append(record.getMessage())


@pytest.fixture
def retries():
    handler, logger = Retries(), logging.getLogger("tournaments.services.locks")
    logger.addHandler(handler)
    yield handler.lost
    logger.removeHandler(handler)


@pytest.fixture
def clients(django_user_model):
    """An API client (token) and a desk client (session) of one director, made once per test."""
    user = get_user_model().objects.create_user("td", is_staff=True, is_superuser=True)
    api = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='p')[1]}")
    desk = Client(raise_request_exception=False)
    desk.force_login(user)
    return api, desk


def together(*actions, seed: int) -> list:
    """Run ``actions`` at once, each in a thread of its own (its own connection), after a random
    offset; returns their answers (or the exception one raised) in order."""
    rng = random.Random(seed)
    offsets = [rng.uniform(0, 0.03) for _ in actions]
    start = threading.Barrier(len(actions), timeout=30)
    answers: list = [None] * len(actions)

    def run(index):
        try:
            start.wait()
            time.sleep(offsets[index])
            answers[index] = actions[index]()
        except Exception as error:  # noqa: BLE001 - every failure is the finding
            answers[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return answers


def correction(api, match_id: int):
    """Board 1 of the match turned round, through the API on the version just read; returns the
    answer and the result sent."""
    board = BoardGame.objects.get(match_id=match_id, board=1)
    version = Match.objects.get(pk=match_id).version
    result = "0-1" if board.result == "1-0" else "1-0"
    slug = Match.objects.get(pk=match_id).round.tournament.slug

    def correct():
        url = f"/api/v1/tournaments/{slug}/matches/{match_id}/result/"
        return api.post(url, {"board": 1, "result": result, "version": version}, content_type="application/json")

    return correct, result


def applied_or_conflict(response, applied: bool) -> None:
    """A write's answer is 2xx (and it is stored) or a 409 to send again (and nothing is)."""
    assert not isinstance(response, Exception), response
    assert response.status_code in (*APPLIED, 409), (response.status_code, response.content[:300])
    if response.status_code == 409:
        assert response.json().get("retry") is True, response.content[:300]
    assert applied == (response.status_code in APPLIED), (response.status_code, response.content[:300])


def check_correction(response, match_id: int, result: str) -> None:
    applied_or_conflict(response, BoardGame.objects.get(match_id=match_id, board=1).result == result)


@pytest.fixture
def published():
    """A round robin of four teams, round 1 played and published, rounds 2 and 3 paired."""
    tournament = make_paired(teams=4)
    first = tournament.rounds.get(number=1)
    play_round(first, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 1-0 ½-½"})
    round_publish(round_=first)
    return tournament


def test_corrections_against_publishing_and_unpublishing_another_round(published, clients, retries):
    api, _ = clients
    match = published.rounds.get(number=1).matches.get(table=1)
    for run in range(RUNS):
        publish = run % 2 == 0
        correct, result = correction(api, match.pk)
        url = f"/api/v1/tournaments/{published.slug}/rounds/2/{'publish' if publish else 'unpublish'}/"
        answers = together(correct, lambda url=url: api.post(url), seed=run)
        check_correction(answers[0], match.pk, result)
        applied_or_conflict(
            answers[1], (Round.objects.get(tournament=published, number=2).published_at is not None) == publish
        )
    assert retries == []


def test_corrections_against_withdrawals(clients, retries):
    api, _ = clients
    for run in range(RUNS):
        tournament = make_paired(teams=4, name=f"Pokal {run}")
        first = tournament.rounds.get(number=1)
        play_round(first, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 1-0 ½-½"})
        round_publish(round_=first)
        match = first.matches.get(table=1 + run % 2)
        team = tournament.teams.get(seed=1 + run % 4)
        correct, result = correction(api, match.pk)
        url = f"/api/v1/tournaments/{tournament.slug}/teams/{team.pk}/withdraw/"
        answers = together(
            correct, lambda url=url: api.post(url, {"from_round": 3}, content_type="application/json"), seed=run
        )
        check_correction(answers[0], match.pk, result)
        applied_or_conflict(answers[1], Team.objects.get(pk=team.pk).withdrawn_from_round == 3)
    assert retries == []


@pytest.fixture
def swiss():
    """A team Swiss of eight teams: round 1 played and published, round 2 paired, pairings private."""
    tournament = make_tournament(teams=8, preset="fide-team-swiss", name="Mannschafts-Open", rounds=5)
    first = round_pair_next(tournament=tournament)
    round_pairings_publish(round_=first)
    play_round(first, {m.table: "1-0 ½-½ 0-1 1-0" for m in first.matches.all()})
    round_publish(round_=first)
    round_pair_next(tournament=tournament)
    return tournament


def test_corrections_against_requested_byes(swiss, clients, retries):
    api, _ = clients
    match = swiss.rounds.get(number=1).matches.get(table=1)
    team = swiss.teams.get(seed=3)
    byes = f"/api/v1/tournaments/{swiss.slug}/byes/"
    for run in range(RUNS):
        asking = run % 2 == 0
        correct, result = correction(api, match.pk)

        def bye(asking=asking):
            if asking:
                return api.post(byes, {"team": team.pk, "round": 4, "kind": "H"}, content_type="application/json")
            return api.delete(f"{byes}{team.pk}/4/")

        answers = together(correct, bye, seed=run)
        check_correction(answers[0], match.pk, result)
        asked = RequestedBye.objects.filter(tournament=swiss, team=team, round_number=4).exists()
        applied_or_conflict(answers[1], asked == asking)
    assert retries == []


def test_result_entries_against_exchanges(swiss, clients, retries):
    """The exchange is the desk's (a form, answered with a redirect and a message)."""
    api, desk = clients
    match = swiss.rounds.get(number=1).matches.get(table=2)
    second = swiss.rounds.get(number=2)
    one, two = (m.first_team for m in second.matches.with_sides().order_by("table")[:2])

    def tables() -> dict[int, int]:
        return {side.team_id: m.table for m in second.matches.with_sides() for side in m.sides.all()}

    url = f"/desk/{swiss.slug}/rounds/2/exchange/"
    for run in range(RUNS):
        before = tables()
        correct, result = correction(api, match.pk)
        answers = together(
            correct,
            lambda: desk.post(url, {"first": one.pk, "second": two.pk, "confirm": "yes"}, follow=True),
            seed=run,
        )
        check_correction(answers[0], match.pk, result)
        page = answers[1]
        assert not isinstance(page, Exception) and page.status_code == 200, page
        after = tables()
        exchanged = after[one.pk] == before[two.pk] and after[two.pk] == before[one.pk]
        assert exchanged != ("at the same moment" in page.content.decode()), page.content.decode()[:500]
        assert exchanged or after == before
    assert retries == []
