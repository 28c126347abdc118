"""Simultaneous creates and imports with the same slug: one wins, the others get 400 naming the
slug, never a 500 (PostgreSQL: parallel connections; SQLite serialises all writers)."""

import json
import threading
from collections import Counter
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.test import APIClient

from tournaments.models import Tournament
from tournaments.services.tokens import token_create

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "frankenwald-playoff.json"
CLIENTS = 8

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="needs PostgreSQL: SQLite serialises all writers"),
]


def _race(post) -> list:
    """``post(client)`` from CLIENTS threads at once; their responses."""
    user = get_user_model().objects.create_user("td", is_staff=True)
    key = token_create(user=user, name="race")[1]
    barrier = threading.Barrier(CLIENTS)
    responses = []

    def run():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        barrier.wait()
        try:
            responses.append(post(client))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return responses


def test_simultaneous_creates_with_one_slug():
    responses = _race(lambda c: c.post("/api/v1/tournaments/", {"name": "Pokal", "slug": "pokal"}, format="json"))
    assert Counter(r.status_code for r in responses) == {201: 1, 400: CLIENTS - 1}
    assert {r.json()["field"] for r in responses if r.status_code == 400} == {"slug"}
    assert Tournament.objects.filter(slug="pokal").count() == 1


def test_simultaneous_creates_with_one_name_get_numbered_slugs():
    responses = _race(lambda c: c.post("/api/v1/tournaments/", {"name": "Pokal"}, format="json"))
    assert Counter(r.status_code for r in responses) == {201: CLIENTS}
    assert len({r.json()["slug"] for r in responses}) == CLIENTS


def test_simultaneous_imports_with_one_slug():
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["tournament"]["slug"] = "pokal"
    body = json.dumps(archive).encode()
    responses = _race(lambda c: c.generic("POST", "/api/v1/archives/", body, content_type="application/json"))
    statuses = Counter(r.status_code for r in responses)
    assert statuses[201] + statuses[202] == 1 and statuses[400] == CLIENTS - 1
    assert {r.json()["field"] for r in responses if r.status_code == 400} == {"tournament.slug"}
    assert Tournament.objects.filter(slug="pokal").count() == 1
