"""The hall screen (issue 30): published data only, the director's panels, the live 304."""

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders import make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Tournament
from tournaments.selectors.hall_screen import hall_screen_for
from tournaments.services.hall_screen import hall_screen_set
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Round 1 of four teams played but not yet published (a fixed schedule: pairings are public)."""
    tournament = make_paired(teams=4, name="Hallenpokal")
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    return tournament


def screen(client, tournament, **headers) -> str:
    response = client.get(f"/t/{tournament.slug}/screen/", HTTP_ACCEPT_LANGUAGE="en", **headers)
    assert response.status_code == 200
    return response.text


def test_an_unpublished_round_shows_only_its_pairings_never_its_results(client, played):
    page = screen(client, played)
    assert "Pairings round 1" in page and "SK Kronach" in page and "Jürgen Müller 1" in page
    assert "No results are published yet." in page
    assert "Results round 1" not in page and "3½" not in page  # the draft's match score stays on the desk
    assert "Standings after round 1" not in page
    assert "<svg" in page and "screen-qr" in page  # the QR code, drawn on the server

    round_publish(round_=played.rounds.get(number=1))
    page = screen(client, played)
    assert "Results round 1" in page and "Standings after round 1" in page
    assert "Pairings round 2" in page  # the round being played moved on


def test_the_directors_panels_and_seconds_are_what_the_screen_rotates(client, played):
    hall_screen_set(tournament=played, panels=["standings", "pairings"], seconds=12, user=None)
    page = screen(client, played)
    assert 'data-seconds="12"' in page
    assert page.index('data-panel="standings"') < page.index('data-panel="pairings"')
    assert 'data-panel="results"' not in page
    entry = AuditEntry.objects.filter(tournament=played, action=AuditEntry.Action.TOURNAMENT).latest("pk")
    assert entry.old_value == {"screen_panels": ["pairings", "results", "standings"], "screen_seconds": 20}
    assert entry.new_value == {"screen_panels": ["standings", "pairings"], "screen_seconds": 12}


@pytest.mark.parametrize(
    ("panels", "seconds", "fields"),
    [
        ([], 20, ["screen_panels"]),
        (["pairings", "adverts"], 20, ["screen_panels"]),
        (["pairings", "pairings"], 20, ["screen_panels"]),
        (["pairings"], 4, ["screen_seconds"]),
        (["pairings"], 301, ["screen_seconds"]),
        ([], 0, ["screen_panels", "screen_seconds"]),
    ],
)
def test_a_bad_choice_is_refused_naming_the_field_and_nothing_is_written(played, panels, seconds, fields):
    audited = AuditEntry.objects.count()
    with pytest.raises(RuleViolation) as refused:
        hall_screen_set(tournament=played, panels=panels, seconds=seconds)
    assert [v.field for v in refused.value.violations] == fields
    played.refresh_from_db()
    assert (played.screen_panels, played.screen_seconds) == (["pairings", "results", "standings"], 20)
    assert AuditEntry.objects.count() == audited


def test_the_live_refresh_gets_304_until_something_is_published(client, played):
    path = f"/t/{played.slug}/screen/"
    part = client.get(path, HTTP_HX_REQUEST="true")
    assert part.status_code == 200 and "screen-qr" not in part.text and 'id="live"' in part.text
    with CaptureQueriesContext(connection) as queries:
        again = client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert len(queries) <= 1  # the version only (none where the cache keeps it)

    hall_screen_set(tournament=played, panels=["results"], seconds=30)  # the director's choice is news too
    changed = client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"])
    assert changed.status_code == 200 and 'data-seconds="30"' in changed.text

    round_publish(round_=played.rounds.get(number=1))
    published = client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=changed["ETag"])
    assert published.status_code == 200 and "Results round 1" in published.text


def test_a_four_player_event_shows_tables_and_seats(client):
    call_command("demo", "--four-player", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug="schach4-demo")
    page = screen(client, tournament)
    assert "Table 1" in page and "Seat" in page and "Schach4 V1" in page
    assert "Board" not in page  # seats at a table, not boards


def test_the_director_chooses_on_the_desk_and_a_bad_value_names_the_field(desk, played):
    client = desk
    path = f"/desk/{played.slug}/screen/"
    page = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and f"/t/{played.slug}/screen/" in page.text
    bad = client.post(path, {"screen_panels": ["standings"], "screen_seconds": "2"}, HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code == 400 and "greater than or equal to 5" in bad.text
    saved = client.post(path, {"screen_panels": ["standings"], "screen_seconds": "8"})
    assert saved.status_code == 302
    played.refresh_from_db()
    assert (played.screen_panels, played.screen_seconds) == (["standings"], 8)
    none = client.post(path, {"screen_seconds": "8"}, HTTP_ACCEPT_LANGUAGE="en")
    assert none.status_code == 400 and "Choose at least one panel." in none.text


def test_the_screens_data_costs_a_fixed_number_of_queries(played, django_assert_num_queries):
    round_publish(round_=played.rounds.get(number=1))
    rounds = list(played.rounds.order_by("number"))
    with django_assert_num_queries(8):  # two rounds' encounters (2 each), the standings (4)
        screen = hall_screen_for(tournament=played, rounds=rounds)
    assert [screen.current.round.number, screen.latest.round.number, screen.standings.after_round] == [2, 1, 1]


def test_only_the_director_changes_the_screen(client, running, named_users):
    path = f"/desk/{running.slug}/screen/"
    client.force_login(named_users["arbiter"])
    assert client.get(path).status_code == 200  # the arbiter finds the address for the projector
    assert client.post(path, {"screen_panels": ["standings"], "screen_seconds": "8"}).status_code == 403
    client.force_login(named_users["outsider"])
    assert client.get(path).status_code == 404
    running.refresh_from_db()
    assert (running.screen_panels, running.screen_seconds) == (["pairings", "results", "standings"], 20)
