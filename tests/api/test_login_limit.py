"""The login limiter (tournaments/ratelimit.py): desk and admin share it, it holds under
simultaneous attempts, and a busy shared address does not lock out other accounts."""

import os
import random
import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache, caches
from django.test import Client

from arbiter.env import env_cache
from tournaments.services.tokens import token_create

PASSWORD = "Schach-2026!"


@pytest.fixture
def users(db, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    model = get_user_model()
    return {
        "admin": model.objects.create_superuser("admin", password=PASSWORD),
        "td": model.objects.create_user("td", password=PASSWORD, is_staff=True),
        "td2": model.objects.create_user("td2", password=PASSWORD, is_staff=True),
    }


def test_the_admin_login_is_limited(users):
    client = Client()
    answers = [client.post("/admin/login/", {"username": "admin", "password": "falsch"}).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    assert client.post("/admin/login/", {"username": "admin", "password": PASSWORD}).status_code == 429


def test_admin_and_desk_logins_share_one_count(users):
    client = Client()
    for _ in range(2):
        assert client.post("/admin/login/", {"username": "td", "password": "falsch"}).status_code == 200
    assert client.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200
    assert client.post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 429
    assert client.post("/admin/login/", {"username": "td", "password": PASSWORD}).status_code == 429


def test_a_correct_admin_login_still_works(users):
    client = Client()
    response = client.post("/admin/login/", {"username": "admin", "password": PASSWORD, "next": "/admin/"})
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200


def test_a_busy_shared_address_does_not_lock_out_another_account(users):
    hall = Client(REMOTE_ADDR="198.51.100.20")
    for _ in range(5):
        hall.post("/accounts/login/", {"username": "td", "password": "falsch"})
    # the address is over its limit, but td2 has not failed from it: the right password gets in
    assert hall.post("/accounts/login/", {"username": "td2", "password": PASSWORD}).status_code == 302
    # td itself stays refused from this address, even with the right password
    assert (
        Client(REMOTE_ADDR="198.51.100.20")
        .post("/accounts/login/", {"username": "td", "password": PASSWORD})
        .status_code
        == 429
    )


def test_an_account_failing_from_many_addresses_is_limited_but_not_locked_out(users, settings):
    """Issue 27 item 8: 50 wrong passwords from anywhere locked the real director out everywhere.
    Beyond the account's limit an address that failed for it is refused; one that has not failed
    gets its try, and the director's correct password gets in."""
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 4
    for number in range(4):
        client = Client(REMOTE_ADDR=f"203.0.113.{number}")
        assert client.post("/accounts/login/", {"username": "TD", "password": "falsch"}).status_code == 200
    guesser = Client(REMOTE_ADDR="203.0.113.0")
    assert guesser.post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 429
    fresh = Client(REMOTE_ADDR="203.0.113.50")
    assert fresh.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200  # its one try
    assert fresh.post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 429
    assert (
        Client(REMOTE_ADDR="203.0.113.99")
        .post("/accounts/login/", {"username": "td", "password": PASSWORD})
        .status_code
        == 302
    )
    assert (
        Client(REMOTE_ADDR="203.0.113.99")
        .post("/accounts/login/", {"username": "td2", "password": PASSWORD})
        .status_code
        == 302
    )


def test_successes_are_not_counted_as_failures(users):
    client = Client()
    for _ in range(5):
        assert Client().post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 302
    assert client.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request, settings, monkeypatch):
    """The limiter's cache: the process's memory, and Redis when CACHE_URL names one (as in
    production). Each call waits a moment first, so simultaneous attempts interleave between
    one attempt's calls as they do across server processes (in one process the GIL would
    mostly run an attempt's calls back to back and hide a read-then-write)."""
    if request.param == "redis":
        if not os.environ.get("CACHE_URL"):
            pytest.skip("CACHE_URL is not set: no Redis to count on")
        settings.CACHES = {"default": env_cache("CACHE_URL")}
    else:
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    backend = type(caches["default"])
    for name in ("get", "add", "incr", "decr"):
        monkeypatch.setattr(backend, name, _after_a_moment(getattr(backend, name)))
    cache.clear()
    return request.param


def _after_a_moment(call):
    def delayed(*args, **kwargs):
        time.sleep(random.uniform(0, 0.004))
        return call(*args, **kwargs)

    return delayed


def at_once(attempts):
    """Run the attempts in threads released together; their answers."""
    barrier = threading.Barrier(len(attempts))
    answers = []

    def run(attempt):
        barrier.wait()
        answers.append(attempt())

    threads = [threading.Thread(target=run, args=(attempt,)) for attempt in attempts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == len(attempts)
    return answers


@pytest.fixture
def checked_passwords(monkeypatch, settings):
    """The passwords the backend checked (one entry each), with a fast hasher for the threads."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from django.contrib.auth.backends import ModelBackend

    checked = []
    real = ModelBackend.authenticate

    def counting_authenticate(self, request, **credentials):
        checked.append(credentials.get("username"))
        return real(self, request, **credentials)

    monkeypatch.setattr(ModelBackend, "authenticate", counting_authenticate)
    return checked


def wrong_password(username, address="192.0.2.1"):
    return lambda: (
        Client(REMOTE_ADDR=address).post("/accounts/login/", {"username": username, "password": "falsch"}).status_code
    )


@pytest.mark.django_db(transaction=True)
def test_simultaneous_wrong_passwords_get_exactly_the_limit_of_checks(shared_cache, settings, checked_passwords):
    """30 attempts at once from one address at one account: each takes its place in the count
    before its password is checked, and one refused at the pair never crowds the address's count."""
    settings.LOGIN_FAILURE_LIMIT = 5
    get_user_model().objects.create_user("td", password=PASSWORD)
    statuses = at_once([wrong_password("td")] * 30)
    assert len(checked_passwords) == 5
    assert sorted(statuses) == [200] * 5 + [429] * 25
    # the window holds exactly five failures: the right password stays refused from here
    assert (
        Client(REMOTE_ADDR="192.0.2.1").post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code
        == 429
    )


@pytest.mark.django_db(transaction=True)
def test_simultaneous_wrong_passwords_from_many_addresses_get_one_check_each_beyond_the_account_limit(
    shared_cache, settings, checked_passwords
):
    """Once the account is over its limit, each address gets exactly one try at it (the one that
    keeps the real director from being locked out), however its guesses interleave."""
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 7
    get_user_model().objects.create_user("td", password=PASSWORD)
    for number in range(7):
        assert wrong_password("td", f"198.51.100.{number}")() == 200
    checked_passwords.clear()
    statuses = at_once([wrong_password("td", f"203.0.113.{number}") for number in range(12) for _ in range(2)])
    assert sorted(checked_passwords) == ["td"] * 12
    assert sorted(statuses) == [200] * 12 + [429] * 12


@pytest.mark.django_db(transaction=True)
def test_simultaneous_token_guesses_get_exactly_the_limit_of_invalid_answers(shared_cache, settings):
    """Read-then-write let every guess at once pass the check before any was counted."""
    settings.LOGIN_FAILURE_LIMIT = 4

    def guess():
        return Client(REMOTE_ADDR="192.0.2.9", HTTP_AUTHORIZATION="Token arb_guess").get("/api/v1/tokens/").status_code

    statuses = at_once([guess] * 20)
    assert sorted(statuses) == [401] * 4 + [429] * 16


@pytest.mark.django_db(transaction=True)
def test_simultaneous_requests_with_a_valid_token_are_never_counted(shared_cache, settings):
    """A script's burst from one address (or from behind one proxy) is not a burst of guesses."""
    settings.LOGIN_FAILURE_LIMIT = 2
    user = get_user_model().objects.create_user("skript")
    key = token_create(user=user, name="load")[1]

    def request():
        return Client(REMOTE_ADDR="192.0.2.10", HTTP_AUTHORIZATION=f"Token {key}").get("/api/v1/tokens/").status_code

    assert at_once([request] * 12) == [200] * 12
