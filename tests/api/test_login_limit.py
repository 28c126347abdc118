"""The login limiter (tournaments/ratelimit.py): desk and admin share it, it holds under
simultaneous attempts, and a busy shared address does not lock out other accounts."""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

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
    assert Client(REMOTE_ADDR="198.51.100.20").post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 429


def test_an_account_failing_from_many_addresses_is_limited(users, settings):
    settings.LOGIN_ACCOUNT_FAILURE_LIMIT = 4
    for number in range(4):
        client = Client(REMOTE_ADDR=f"203.0.113.{number}")
        assert client.post("/accounts/login/", {"username": "TD", "password": "falsch"}).status_code == 200
    assert Client(REMOTE_ADDR="203.0.113.99").post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 429
    assert Client(REMOTE_ADDR="203.0.113.99").post("/accounts/login/", {"username": "td2", "password": PASSWORD}).status_code == 302


def test_successes_are_not_counted_as_failures(users):
    client = Client()
    for _ in range(5):
        assert Client().post("/accounts/login/", {"username": "td", "password": PASSWORD}).status_code == 302
    assert client.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_simultaneous_wrong_passwords_get_no_more_checks_than_the_limit(settings, monkeypatch):
    """60 attempts at once: each takes its place in the count before its password is checked."""
    settings.LOGIN_FAILURE_LIMIT = 5
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("td", password=PASSWORD)
    from django.contrib.auth.backends import ModelBackend

    checked = []
    barrier = threading.Barrier(30)
    real = ModelBackend.authenticate

    def slow_authenticate(self, request, **credentials):
        checked.append(1)
        return real(self, request, **credentials)

    monkeypatch.setattr(ModelBackend, "authenticate", slow_authenticate)
    statuses = []

    def attempt():
        barrier.wait()
        statuses.append(Client().post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code)

    threads = [threading.Thread(target=attempt) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(statuses) == 30
    assert len(checked) == 5
    assert statuses.count(200) == 5 and statuses.count(429) == 25
