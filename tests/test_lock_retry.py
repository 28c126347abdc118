"""A write that loses a deadlock is retried once from the start (services/locks.py); a second loss
is a ``WriteConflict`` (409 with Retry-After, to be sent again), never "the database is not reachable";
so is a lock waited for beyond the lock timeout."""

import sqlite3
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
    one PostgreSQL aborts runs again and both commit. Both can be aborted (each backend's deadlock
    check may see the cycle before the other's abort released it): a retry then takes the rows
    in id order, as the lock order would, so the two retries cannot meet in a circle again."""
    one, two = Tournament.objects.bulk_create(
        Tournament(name=name, slug=name, preset="blitz-frankenwald", discipline="blitz", boards=4, colour_pattern="WB")
        for name in ("eins", "zwei")
    )
    both_hold_one = threading.Barrier(2, timeout=10)
    attempts, errors = [], []

    @write_service
    def rename(first: int, second: int, name: str):
        attempts.append(name)
        crossing = attempts.count(name) == 1
        with transaction.atomic(), connection.cursor() as cursor:
            for pk in (first, second) if crossing else sorted((first, second)):
                cursor.execute("UPDATE tournaments_tournament SET name = %s WHERE id = %s", [name, pk])
                if crossing and pk == first:
                    both_hold_one.wait()

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
    assert sorted(attempts) in (["a", "a", "b"], ["a", "b", "b"], ["a", "a", "b", "b"])  # each victim ran twice
    names = set(Tournament.objects.filter(pk__in=[one.pk, two.pk]).values_list("name", flat=True))
    assert len(names) == 1 and names <= {"a", "b"}  # the later writer renamed both


@pytest.mark.django_db
def test_the_api_answers_a_write_conflict_with_409_retry_and_retry_after(monkeypatch, django_user_model):
    tournament = make_paired(teams=4)
    match = Match.objects.filter(round__tournament=tournament).order_by("pk").first()
    user = django_user_model.objects.create_user("td", is_staff=True, is_superuser=True)
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")

    def conflict(**kwargs):
        raise WriteConflict()

    monkeypatch.setattr("tournaments.api.views.matches.encounter_result_set", conflict)
    url = f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/result/"
    response = client.post(url, {"board": 1, "result": "1-0", "version": 1}, content_type="application/json")
    assert response.status_code == 409 and response["Retry-After"] == "1"
    assert response.json()["retry"] is True and "current" not in response.json()
    assert "at the same moment" in response.json()["detail"] and "reachable" not in response.json()["detail"]

    def lost(**kwargs):
        raise deadlock()

    monkeypatch.setattr("tournaments.api.views.matches.encounter_result_set", lost)  # a deadlock outside any service
    response = client.post(url, {"board": 1, "result": "1-0", "version": 1}, content_type="application/json")
    assert response.status_code == 409 and response["Retry-After"] == "1" and response.json()["retry"] is True
    assert "reachable" not in response.json()["detail"]


def test_a_lock_timeout_is_a_write_conflict_at_once_and_sqlite_busy_too():
    """Waiting again for a lock held beyond the timeout would only double the wait: refused at once."""
    calls = []

    def cause(error: Exception) -> OperationalError:
        try:
            raise OperationalError(str(error)) from error
        except OperationalError as wrapped:
            return wrapped

    busy = sqlite3.OperationalError("database is locked")
    busy.sqlite_errorcode = 5
    for error in (psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"), busy):

        @write_service
        def waits_too_long(error=error):
            calls.append(1)
            raise cause(error)

        with pytest.raises(WriteConflict):
            waits_too_long()
        assert len(calls) == 1
        calls.clear()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="row locks: PostgreSQL")
def test_a_row_held_beyond_the_lock_timeout_is_a_write_conflict():
    tournament = make_paired(teams=4)
    holding, release = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT id FROM tournaments_tournament WHERE id = %s FOR UPDATE", [tournament.pk])
            holding.set()
            release.wait(30)
        connection.close()

    @write_service
    def rename():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '200ms'")
            lock_tournament(tournament.pk)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    try:
        with pytest.raises(WriteConflict):
            rename()
    finally:
        release.set()
        holder.join(30)


@pytest.mark.django_db
def test_the_desk_says_a_write_conflict_and_sends_the_director_back(monkeypatch, django_user_model):
    """The desk answered 500 where a director action lost a lock conflict (issue 27 item 2)."""
    tournament = make_paired(teams=4)
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))

    def conflict(**kwargs):
        raise WriteConflict()

    monkeypatch.setattr("tournaments.views.desk.publishing.round_publish", conflict)
    results = f"/desk/{tournament.slug}/rounds/1/results/"
    publish = f"/desk/{tournament.slug}/rounds/1/publish/"
    response = client.post(publish, {"confirm": "yes"}, HTTP_REFERER=f"http://testserver{results}")
    assert response.status_code == 302 and response["Location"] == f"http://testserver{results}"
    assert "at the same moment" in client.get(results, HTTP_ACCEPT_LANGUAGE="en").text
    elsewhere = client.post(publish, {"confirm": "yes"}, HTTP_REFERER="https://evil.example/")
    assert elsewhere["Location"] == f"/desk/{tournament.slug}/"
