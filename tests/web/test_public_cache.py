"""Cached public pages: never stale after a change the public can see; ETag, 304, no cookies.

Each kind of change is made through its service after the page was cached; the next request
must show it. Runs on SQLite + local memory here and on PostgreSQL + Redis in CI (CACHE_URL).
"""

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils.html import escape

from tests.builders import enter_board, make_paired, make_tournament, play_round
from tournaments.models import Match
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import round_pair_next
from tournaments.services.playoff import playoff_create
from tournaments.services.publishing import round_publish, round_unpublish
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_start, tournament_update
from tournaments.services.withdrawals import team_withdraw
from tournaments.views.public import tables

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def shown(client, path) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode("latin-1") if path.endswith(".pdf") else response.text


def test_publishing_a_round_shows_its_results_at_the_next_request(client, running):
    path = url("results", running, 2)
    assert "not published yet" in shown(client, path)
    round_publish(round_=running.rounds.get(number=2))
    assert "not published yet" not in shown(client, path)
    assert "Standings after round 2" in shown(client, url("standings", running))


def test_unpublishing_hides_the_results_again(client, running):
    assert "Standings after round 1" in shown(client, url("standings", running))
    round_unpublish(round_=running.rounds.get(number=1))
    assert "Standings after round 1" not in shown(client, url("standings", running))
    assert "not published yet" in shown(client, url("results", running, 1))


def test_a_corrected_result_in_a_published_round_shows_at_once(client, running):
    path = url("results", running, 1)
    assert "2½ : 1½" in shown(client, path)
    board = Match.objects.get(round__tournament=running, round__number=1, table=1).boards.get(board=4)
    enter_board(board=board, result="1-0")  # 0-1 → 1-0: 2½ : 1½ becomes 3½ : ½
    assert "3½ : ½" in shown(client, path)


def test_a_changed_lineup_shows_at_once(client, running):
    path = url("pairings", running, 3)
    match = Match.objects.get(round__tournament=running, round__number=3, table=1)
    substitute = match.first_team.players.get(position=5).name
    assert substitute not in shown(client, path)
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])  # the substitute on board 4
    assert substitute in shown(client, path)


def test_changed_settings_show_at_once(client, running):
    assert "Frankenwaldpokal" in shown(client, url("standings", running))
    tournament_update(tournament=running, name="Frankenwaldpokal 2026")
    assert "Frankenwaldpokal 2026" in shown(client, url("standings", running))


def test_a_new_team_and_the_start_show_at_once(client):
    tournament = make_tournament(teams=2)
    assert "SV Höchstadt" not in shown(client, url("home", tournament))
    team_create(tournament=tournament, name="SV Höchstadt")
    assert "SV Höchstadt" in shown(client, url("home", tournament))
    tournament_start(tournament=tournament)
    assert "data-live-poll" in shown(client, url("home", tournament))


def test_a_withdrawal_shows_at_once(client, running):
    path = url("standings", running)
    assert "Withdrawn teams" not in shown(client, path)
    team_withdraw(team=running.teams.get(seed=4), from_round=3)
    assert "Withdrawn teams" in shown(client, path)


def test_new_pairings_and_a_playoff_show_at_once(client):
    tournament = make_tournament(teams=2)
    tournament_start(tournament=tournament)
    assert "Round 1" not in shown(client, url("home", tournament))
    round_ = round_pair_next(tournament=tournament)
    assert "Round 1" in shown(client, url("home", tournament))
    play_round(round_, {1: "1-0 0-1 ½-½ ½-½"})
    round_publish(round_=round_)
    assert "Round 2" not in shown(client, url("home", tournament))
    playoff_create(tournament=tournament)
    assert "Round 2" in shown(client, url("home", tournament))


def test_a_public_pdf_is_never_stale(client, running):
    path = url("pdf_standings", running)
    before = client.get(path)
    assert before.status_code == 200 and before["Content-Type"] == "application/pdf"
    assert client.get(path).content == before.content  # the cached copy
    round_publish(round_=running.rounds.get(number=2))
    after = client.get(path)
    assert after.content != before.content
    assert after["ETag"] != before["ETag"]


def test_a_draft_result_leaves_the_cached_page_and_its_etag_alone(client, running):
    first = client.get(url("standings", running))
    board = Match.objects.get(round__tournament=running, round__number=2, table=1).boards.get(board=1)
    enter_board(board=board, result="0-1")  # round 2 is a draft
    again = client.get(url("standings", running), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_anonymous_pages_are_public_cacheable_and_set_no_cookie(client, running):
    for path in (
        url("home", running),
        url("standings", running),
        url("crosstable", running),
        url("pdf_standings", running),
    ):
        response = client.get(path)
        assert response.status_code == 200
        assert response.cookies == {}, path
        assert "Cookie" not in response.get("Vary", ""), path
        assert response["Cache-Control"] == "public, max-age=10", path
        assert response["ETag"].startswith('"') and response["Last-Modified"].endswith("GMT"), path


def test_a_conditional_get_answers_304_without_a_query_or_rendering(
    client, running, monkeypatch, django_assert_num_queries
):
    path = url("standings", running)
    first = client.get(path)
    assert first.status_code == 200
    # The version is read from the database once (a process that has not seen the tournament
    # yet reads it twice), then from the cache.
    assert client.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304

    def refuse(**kwargs):
        raise AssertionError("the selector ran for a 304")

    monkeypatch.setattr(tables, "standings_for_tournament", refuse)
    with django_assert_num_queries(0):
        revalidated = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert revalidated.status_code == 304
    assert revalidated.content == b""
    assert revalidated["ETag"] == first["ETag"]
    with django_assert_num_queries(0):
        cached = client.get(path)  # another visitor: the cached page, no selector either
    assert cached.status_code == 200 and cached.content == first.content
    with django_assert_num_queries(0):
        since = client.get(path, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304


def test_the_live_refresh_gets_the_data_part_with_its_own_etag(client, running):
    path = url("standings", running)
    page = client.get(path)
    part = client.get(path, HTTP_HX_REQUEST="true")
    assert part.status_code == 200
    assert "<html" not in part.text and 'id="live"' in part.text
    assert part["ETag"] != page["ETag"]
    assert f'data-etag="{escape(part["ETag"])}"' in page.text  # where static/live.js starts from
    assert "HX-Request" in part["Vary"]
    assert client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"]).status_code == 304


def test_pages_in_another_language_are_cached_apart(client, running):
    path = url("standings", running)
    english = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    german = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="en">' in english.text and '<html lang="de">' in german.text
    assert english["ETag"] != german["ETag"]


def test_a_logged_in_director_gets_a_private_page_with_the_desk_link(desk, running):
    response = desk.get(url("standings", running))
    assert response.status_code == 200
    assert 'href="/desk/"' in response.text
    assert "private" in response["Cache-Control"] and "public" not in response["Cache-Control"]


def test_a_visitor_with_a_flash_message_gets_it_alone_and_nobody_else_does(client, running):
    storage = CookieStorage(RequestFactory().get("/"))
    storage.add(messages.INFO, "Round 3 published.")
    response = HttpResponse()
    storage.update(response)
    client.cookies[CookieStorage.cookie_name] = response.cookies[CookieStorage.cookie_name].value
    page = client.get(url("standings", running))
    assert "Round 3 published." in page.text and "private" in page["Cache-Control"]
    client.cookies.clear()
    assert "Round 3 published." not in client.get(url("standings", running)).text


def test_the_language_links_switch_without_a_form(client, running):
    path = url("standings", running)
    page = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert "csrfmiddlewaretoken" not in page.text
    switched = client.get(f"/language/en/?next={path}")
    assert switched.status_code == 302 and switched.url == path
    assert switched.cookies["django_language"].value == "en"
    assert '<html lang="en">' in client.get(path).text
    assert client.get("/language/en/?next=https://evil.example/").url == "/"
    assert client.get("/language/xx/").status_code == 404


def test_two_events_are_cached_apart(client):
    first, second = make_paired(teams=2, name="Erstes Turnier"), make_paired(teams=2, name="Zweites Turnier")
    assert "Erstes Turnier" in shown(client, url("standings", first))
    assert "Zweites Turnier" in shown(client, url("standings", second))


def test_a_large_crosstable_comes_in_pages_keeping_the_row_numbers(client, monkeypatch):
    monkeypatch.setattr(tables, "CROSSTABLE_PAGE_ROWS", 2)
    tournament = make_paired(teams=5, name="Seitenweise")
    first = client.get(url("crosstable", tournament))
    third = client.get(url("crosstable", tournament) + "?page=3")
    assert first.status_code == third.status_code == 200
    assert first.text.count("<tr>") == 1 + 2 and third.text.count("<tr>") == 1 + 1  # header + rows
    assert "<td>5. <a" in third.text and "<td>1. <a" in first.text
    assert "Teams 5–5 of 5" in third.text and '<a href="?page=1">1</a>' in third.text
    assert client.get(url("crosstable", tournament) + "?page=4").status_code == 404
    assert client.get(url("crosstable", tournament) + "?page=x").status_code == 404
