"""Under /api/ every error keeps the JSON shape, also those Django answers before or after a view."""

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError
from django.test import Client

from tournaments.api.views.tournaments import TournamentList
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db


def _shape(response) -> dict:
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"field", "detail", "errors"}
    return body


def _staff_token_client() -> Client:
    user = get_user_model().objects.create_user("staff", is_staff=True)
    return Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")


def test_an_over_long_json_body_is_a_json_400(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = _staff_token_client().post("/api/v1/tournaments/", {"name": "x" * 5000}, content_type="application/json")
    assert response.status_code == 400
    assert "too large" in _shape(response)["detail"]


def _list_failing_with(monkeypatch, error: Exception):
    """The tournament list, its query raising ``error``."""

    def failing(self):
        raise error

    monkeypatch.setattr(TournamentList, "get_queryset", failing)
    return Client(raise_request_exception=False).get("/api/v1/tournaments/")


def test_a_dropped_database_connection_is_a_json_503(monkeypatch):
    response = _list_failing_with(monkeypatch, OperationalError("server closed the connection unexpectedly"))
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "database" in _shape(response)["detail"]


def test_a_crash_is_a_json_500_and_pages_keep_their_html(monkeypatch):
    response = _list_failing_with(monkeypatch, RuntimeError("bug"))
    assert response.status_code == 500
    assert "logged" in _shape(response)["detail"]
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
