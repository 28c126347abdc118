"""The PDF downloads: public ones respect publishing; the TD's need a staff login."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import RoundBundle
from tournaments.services.publishing import round_publish

from .pdf import text

pytestmark = pytest.mark.django_db


@pytest.fixture
def td(client):
    user = get_user_model().objects.create_user("td", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_public_pairings_show_results_only_once_the_round_is_published(client, played):
    response = client.get(url("pdf_pairings", played, 1))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    draft = text(response.content)
    assert "SK Kronach – Schachfreunde Selb" in draft and "2½ : 1½" not in draft

    round_publish(round_=played.rounds.get(number=1))
    published = text(client.get(url("pdf_pairings", played, 1) + "?boards=1").content)
    assert "2½ : 1½" in published and "Łukasz Dvořák 1" in published


def test_public_standings_and_crosstable_count_published_rounds_only(client, played):
    assert "Standings before the first round" in text(client.get(url("pdf_standings", played)).content)
    round_publish(round_=played.rounds.get(number=1))
    standings = text(client.get(url("pdf_standings", played) + "?round=1").content)
    assert "1.–2. SV Höchstadt 1 2 2½" in standings
    crosstable = text(client.get(url("pdf_crosstable", played)).content)
    assert "1 SK Kronach 2½ 2 2½ 1.–2." in crosstable


def test_bad_parameters_are_a_400_naming_the_field(client, td, played):
    response = client.get(url("pdf_standings", played) + "?round=drei")
    assert response.status_code == 400 and response.content.decode().startswith("round:")
    response = td.get(url("pdf_match_reports", played, 1) + "?per_page=3")
    assert response.status_code == 400 and response.content.decode().startswith("per page:")
    assert client.get(url("pdf_pairings", played, 9)).status_code == 404


def test_td_documents_need_a_login_and_the_td_role(client, played):
    reports = url("pdf_match_reports", played, 1)
    response = client.get(reports)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(get_user_model().objects.create_user("player"))
    assert client.get(reports).status_code == 404  # no role in the tournament: its desk does not exist
    assert client.post(url("round_bundle_request", played, 1)).status_code == 404


def test_td_prints_match_reports_and_rosters(td, played):
    forms = text(td.get(url("pdf_match_reports", played, 1) + "?per_page=1").content)
    assert forms.count("Match report form Round 1") == 2
    rosters = text(td.get(url("pdf_rosters", played)).content)
    assert "Bärbel Weiß 1 1800 Substitute (board 4)" in rosters


def test_td_requests_the_bundle_sees_its_state_and_downloads_it(td, played, django_capture_on_commit_callbacks):
    status_json = url("round_bundle_status_json", played, 2)
    assert td.get(status_json).json()["state"] == "none"
    assert "Not built yet" in td.get(url("round_bundle_status", played, 2)).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        response = td.post(url("round_bundle_request", played, 2), {"per_page": "2"})
    assert response.status_code == 202
    status = td.get(status_json).json()
    assert status["state"] == "ready" and status["download_url"] == url("round_bundle_download", played, 2)
    partial = td.get(url("round_bundle_status", played, 2)).content.decode()
    assert 'data-state="ready"' in partial and status["download_url"] in partial

    download = td.get(status["download_url"])
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    content = text(b"".join(download.streaming_content))
    assert "Pairings – round 2" in content and "Match report form Round 2" in content

    bundle = RoundBundle.objects.get(round__number=2, round__tournament=played)
    bundle.file.storage.delete(bundle.file.name)  # e.g. MEDIA_ROOT wiped on a redeploy
    assert td.get(status["download_url"]).status_code == 404


def test_a_failed_bundle_shows_its_error_on_the_desk(td, played):
    RoundBundle.objects.create(
        round=played.rounds.get(number=1), state=RoundBundle.State.FAILED, error="OSError: disk full"
    )
    partial = td.get(url("round_bundle_status", played, 1)).content.decode()
    assert 'data-state="failed"' in partial and "OSError: disk full" in partial
    assert td.get(url("round_bundle_download", played, 1)).status_code == 404
    assert td.post(url("round_bundle_request", played, 1), {"per_page": "x"}).status_code == 400


def test_every_document_of_the_demo_tournament_prints(td, django_capture_on_commit_callbacks):
    from django.core.management import call_command

    from tournaments.management.commands.demo import SLUG
    from tournaments.models import Tournament

    call_command("demo", stdout=None)
    demo = Tournament.objects.get(slug=SLUG)
    for name, args in [
        ("pdf_pairings", [1]),
        ("pdf_standings", []),
        ("pdf_crosstable", []),
        ("pdf_match_reports", [7]),
        ("pdf_rosters", []),
        ("round_bundle_download", [1]),
    ]:
        if name == "round_bundle_download":
            with django_capture_on_commit_callbacks(execute=True):
                td.post(url("round_bundle_request", demo, 1))
        response = td.get(url(name, demo, *args))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf", name
