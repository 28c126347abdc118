"""Dates and times outside 1800–2199 are refused with a field error wherever they come in
(archive, API, desk form), so nothing is stored that lists, exports and PDFs cannot read back."""

import datetime
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.builders import make_paired
from tournaments.domain.errors import RuleViolation
from tournaments.domain.moments import moment_in_range
from tournaments.models import Incident, Tournament
from tournaments.services.archive import tournament_import
from tournaments.services.tokens import token_create

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "frankenwald-playoff.json"
FAR_OFF = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00", "1799-12-31T23:00:00"]


def test_the_range_is_checked_in_one_place():
    assert moment_in_range(datetime.date(1800, 1, 1), field="d") == datetime.date(1800, 1, 1)
    assert moment_in_range(datetime.datetime(2199, 12, 31, 23, 59), field="d").year == 2199
    with pytest.raises(RuleViolation) as error:
        moment_in_range(datetime.date(2200, 1, 1), field="start_date")
    assert error.value.text() == "start_date: give a date between 1800-01-01 and 2199-12-31."


@pytest.mark.parametrize("moment", FAR_OFF)
def test_an_archive_incident_far_off_in_time_is_refused(moment):
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["incidents"] = [
        {"round": 1, "table": 1, "board": 1, "side": "first", "kind": "other", "occurred_at": moment}
    ]
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.field == "incidents[0].occurred_at"
    assert not Tournament.objects.exists() and not Incident.objects.exists()


def test_archive_publication_times_and_start_dates_are_bounded():
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["rounds"][0]["published_at"] = "0001-01-01T00:00:00+14:00"
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.field == "round 1, published_at"
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["tournament"]["start_date"] = "0001-01-01"
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.field == "tournament.start_date"


@pytest.mark.parametrize("moment", FAR_OFF)
def test_an_api_incident_far_off_in_time_is_a_field_error(moment):
    tournament = make_paired(teams=2)
    user = get_user_model().objects.create_superuser("td")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")
    match = tournament.rounds.get(number=1).matches.get(table=1)
    body = {"match": match.pk, "board": 1, "side": "first", "kind": "other", "occurred_at": moment}
    response = client.post(f"/api/v1/tournaments/{tournament.slug}/incidents/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "occurred_at"
    assert not Incident.objects.exists()
    assert client.get(f"/api/v1/tournaments/{tournament.slug}/incidents/").status_code == 200


def test_api_and_desk_start_dates_are_bounded(client):
    user = get_user_model().objects.create_superuser("td")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=user, name='t')[1]}")
    response = api.post("/api/v1/tournaments/", {"name": "Uralt", "start_date": "0001-01-01"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "start_date"
    client.force_login(user)
    page = client.post("/desk/new/", {"name": "Uralt", "preset": "blitz-frankenwald", "start_date": "0001-01-01"})
    assert page.status_code in (200, 400) and "give a date between 1800-01-01 and 2199-12-31." in page.text
    assert not Tournament.objects.filter(name="Uralt").exists()
