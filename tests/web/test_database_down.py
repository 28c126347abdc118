"""While the database is down, every page answers 503 with Retry-After (issue 27 item 8), as the
API does: a spectator's browser and a proxy retry, where a 500 says the server is broken."""

import pytest
from django.db import OperationalError, connection
from django.test import Client


@pytest.fixture
def database_down(monkeypatch):
    """The database is stopped."""
    _stop(monkeypatch)
    yield
    monkeypatch.undo()


def _stop(monkeypatch):
    """Every new connection is refused, as when the server is stopped. SQLite's in-memory test
    database keeps its one connection open (closing it would lose the database): every use of it
    is refused instead."""
    connection.close()
    monkeypatch.setattr(connection, "get_new_connection", _refused)
    if connection.vendor == "sqlite":
        monkeypatch.setattr(connection, "ensure_connection", _refused_by_django)


def _refused(*args, **kwargs):
    raise connection.Database.OperationalError("connection refused: is the server running?")


def _refused_by_django(*args, **kwargs):
    raise OperationalError("connection refused: is the server running?")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/", "/t/frankenwaldpokal/", "/t/frankenwaldpokal/standings/"])
def test_pages_answer_503_with_retry_after_while_the_database_is_down(database_down, path):
    response = Client(raise_request_exception=False).get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert response["Content-Type"].startswith("text/html")
    assert "Datenbank ist gerade nicht erreichbar" in response.text


@pytest.mark.django_db(transaction=True)
def test_the_desk_of_a_signed_in_director_too(django_user_model, monkeypatch):
    client = Client(raise_request_exception=False)
    client.force_login(django_user_model.objects.create_user("td"))
    _stop(monkeypatch)
    response = client.get("/desk/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 503 and "database is not reachable" in response.text


@pytest.mark.django_db(transaction=True)
def test_the_api_too(database_down):
    response = Client(raise_request_exception=False).get("/api/v1/tournaments/")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "database" in response.json()["detail"]
