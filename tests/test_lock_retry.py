"""A write that loses a deadlock is retried once from the start (services/locks.py); a second loss
is a ``WriteConflict`` (503 with Retry-After), never "the database is not reachable"."""

import threading

import psycopg
import pytest
from django.db import OperationalError, connection, transaction
from django.test import Client

from tests.builders import make_paired
from tournaments.models import Match, Tournament
from tournaments.services.locks import (
    SHARE,
    LockOrderError,
    WriteConflict,
    lock_match,
    lock_round,
    lock_tournament,
    write_service,
)
from tournaments.services.tokens import token_create


def deadlock() -> OperationalError:
    """What Django raises when PostgreSQL picks the transaction as a deadlock's victim."""
    try:
        raise OperationalError("deadlock detected") from psycopg.errors.DeadlockDetected("deadlock detected")
    except OperationalError as error:
        return error


def test_a_lost_deadlock_is_tried_once_more_and_a_second_one_is_a_write_conflict():
    calls = []

    @write_service
    def unlucky(*, losses: int) -> str:
        calls.append(1)
        if len(calls) <= losses:
            raise deadlock()
        return "saved"

    assert unlucky(losses=1) == "saved" and len(calls) == 2
    calls.clear()
    with pytest.raises(WriteConflict) as refused:
        unlucky(losses=2)
    assert len(calls) == 2 and "nothing was saved" in str(refused.value)
    calls.clear()

    @write_service
    def unreachable():
        calls.append(1)
        raise OperationalError("server closed the connection unexpectedly")

    with pytest.raises(OperationalError):  # not a conflict: not retried, not renamed
        unreachable()
    assert len(calls) == 1


@pytest.mark.django_db
def test_inside_a_callers_transaction_nothing_is_retried():
    """Only the outermost transaction can be run again: inside another, the caller decides."""
    calls = []

    @write_service
    def unlucky():
        calls.append(1)
        raise deadlock()

    with pytest.raises(WriteConflict):
        unlucky()  # the test's own transaction is open
    assert len(calls) == 1


@pytest.mark.django_db
def test_locks_out_of_order_are_a_programming_error():
    tournament = make_paired(teams=4)
    first, second = tournament.rounds.order_by("number")[:2]
    low, high = sorted(Match.objects.filter(round=first).values_list("pk", flat=True))[:2]

    @write_service
    def round_after_match():
        lock_match(high)
        lock_round(second.pk)

    @write_service
    def lower_match_after_higher():
        lock_match(high)
        lock_match(low)

    @write_service
    def in_order():
        lock_tournament(tournament.pk)
        lock_round(first.pk, mode=SHARE)
        lock_match(low)
        lock_match(high)
        lock_match(low)  # held already: a re-lock takes nothing new
        return "ok"

    for wrong in (round_after_match, lower_match_after_higher):
        with pytest.raises(LockOrderError):
            wrong()
    with pytest.raises(LockOrderError):  # a lock outside a write service would go unchecked
        lock_tournament(tournament.pk)
    assert in_order() == "ok"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="a real deadlock: PostgreSQL")
def test_a_real_deadlock_costs_one_retry_and_both_writes_succeed():
    """Two writers lock two tournaments in opposite orders (what the lock order forbids); the
    one PostgreSQL aborts runs again and both commit."""
    one, two = Tournament.objects.bulk_create(
        Tournament(name=name, slug=name, preset="blitz-frankenwald", discipline="blitz", boards=4, colour_pattern="WB")
        for name in ("eins", "zwei")
    )
    both_hold_one = threading.Barrier(2, timeout=10)
    attempts, errors = [], []

    @write_service
    def rename(first: int, second: int, name: str):
        attempts.append(name)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE tournaments_tournament SET name = %s WHERE id = %s", [name, first])
            if attempts.count(name) == 1:
                both_hold_one.wait()
            cursor.execute("UPDATE tournaments_tournament SET name = %s WHERE id = %s", [name, second])

    def run(*args):
        try:
            rename(*args)
        except Exception as error:  # noqa: BLE001 - the finding
            errors.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=args) for args in ((one.pk, two.pk, "a"), (two.pk, one.pk, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    assert sorted(attempts) in (["a", "a", "b"], ["a", "b", "b"])  # the victim ran twice
    names = set(Tournament.objects.filter(pk__in=[one.pk, two.pk]).values_list("name", flat=True))
    assert len(names) == 1 and names <= {"a", "b"}  # the later writer renamed both


@pytest.mark.django_db
def test_the_api_answers_a_write_conflict_with_503_and_retry_after(monkeypatch, django_user_model):
    tournament = make_paired(teams=4)
    match = Match.objects.filter(round__tournament=tournament).order_by("pk").first()
    user = django_user_model.objects.create_user("td", is_staff=True, is_superuser=True)
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")

    def conflict(**kwargs):
        raise WriteConflict()

    monkeypatch.setattr("tournaments.api.views.matches.encounter_result_set", conflict)
    url = f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/result/"
    response = client.post(url, {"board": 1, "result": "1-0", "version": 1}, content_type="application/json")
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert "at the same moment" in response.json()["detail"] and "reachable" not in response.json()["detail"]

    def lost(**kwargs):
        raise deadlock()

    monkeypatch.setattr("tournaments.api.views.matches.encounter_result_set", lost)  # a deadlock outside any service
    response = client.post(url, {"board": 1, "result": "1-0", "version": 1}, content_type="application/json")
    assert response.status_code == 503 and response["Retry-After"] == "1"
    assert "reachable" not in response.json()["detail"]
