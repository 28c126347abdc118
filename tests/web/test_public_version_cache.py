"""The public version read from the cache, and anonymous pages answered before most middleware.

The version of a tournament's public pages is kept in the cache under a generation that every
change deletes at once and again after its commit (tournaments/selectors/public_version.py);
``PublicPageMiddleware`` answers 304s and cached pages before sessions, CSRF, users, messages and
locale. These tests pin that neither path can serve a page older than the last committed change,
and that the early answers are the ones the full stack would give.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.cache import cache
from django.db import transaction
from django.urls import reverse

from tests.builders import enter_board, make_paired, play_round
from tournaments.models import Match, PublicVersion
from tournaments.selectors import public_version
from tournaments.services import public as public_service
from tournaments.services.publishing import round_publish
from tournaments.services.tournaments import tournament_create, tournament_delete
from tournaments.views.public import tables

EARLY = "tournaments.views.public.middleware.PublicPageMiddleware"


def standings(tournament) -> str:
    return reverse("tournaments:standings", args=[tournament.slug])


def played(name="Frankenwaldpokal"):
    """Four teams; round 1 played, not yet published."""
    tournament = make_paired(teams=4, name=name)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    return tournament


def warm(client, path):
    """Two visits: afterwards this process knows the tournament and its version is cached."""
    first = client.get(path)
    assert first.status_code == 200
    assert client.get(path).status_code == 200
    return first


@pytest.mark.django_db
def test_the_early_answers_are_those_of_the_full_stack(client, settings, monkeypatch):
    tournament = played()
    path = standings(tournament)
    early_page = warm(client, path)
    early_revalidated = client.get(path, HTTP_IF_NONE_MATCH=early_page["ETag"])
    early_cached = client.get(path)
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name != EARLY]
    full_revalidated = client.get(path, HTTP_IF_NONE_MATCH=early_page["ETag"])
    full_cached = client.get(path)
    assert early_revalidated.status_code == full_revalidated.status_code == 304
    assert early_cached.status_code == full_cached.status_code == 200
    assert early_cached.content == full_cached.content == early_page.content
    for early, full in ((early_revalidated, full_revalidated), (early_cached, full_cached)):
        assert dict(early.headers) == dict(full.headers)
    assert early_cached["Vary"] == "HX-Request, Accept-Language" and early_cached["Content-Language"] == "en"
    assert early_cached["Content-Length"] == str(len(early_page.content))
    assert early_cached["X-Frame-Options"] == "DENY" and "default-src 'self'" in early_cached["Content-Security-Policy"]
    assert early_cached.cookies == {} and early_revalidated.cookies == {}


@pytest.mark.django_db
def test_304s_and_cached_pages_need_no_session_nor_messages(client, monkeypatch, django_assert_num_queries):
    tournament = played()
    path = standings(tournament)
    page = warm(client, path)
    part = client.get(path, HTTP_HX_REQUEST="true")  # the live refresh's data part, cached too

    def refuse(self, request):
        raise AssertionError(f"{type(self).__name__} ran for an anonymous cached page")

    monkeypatch.setattr(SessionMiddleware, "process_request", refuse)
    monkeypatch.setattr(MessageMiddleware, "process_request", refuse)
    monkeypatch.setattr(tables, "standings_for_tournament", refuse)
    with django_assert_num_queries(0):
        assert client.get(path, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
        assert client.get(path, HTTP_ACCEPT_LANGUAGE="en").content == page.content
        assert client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=part["ETag"]).status_code == 304
        assert client.get(path, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=page["ETag"]).content == part.content


@pytest.mark.django_db
def test_the_early_answer_keeps_the_language_and_the_host_check(client, settings):
    tournament = played()
    path = standings(tournament)
    warm(client, path)
    german = client.get(path, HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200 and '<html lang="de">' in german.text
    assert client.get(path, HTTP_ACCEPT_LANGUAGE="de")["Content-Language"] == "de"
    assert client.get(path, HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"
    assert client.get(path, HTTP_HOST="evil.example").status_code == 400
    assert client.get(path, HTTP_HOST="evil.example", HTTP_IF_NONE_MATCH=german["ETag"]).status_code == 400


@pytest.mark.django_db
def test_an_unknown_tournament_is_a_404_every_time(client):
    assert client.get("/t/no-such-event/standings/").status_code == 404
    assert client.get("/t/no-such-event/standings/", HTTP_IF_NONE_MATCH='"x"').status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_committed_change_outdates_the_cached_version_at_once(client):
    tournament = played()
    path = standings(tournament)
    before = warm(client, path)
    generation = public_version._generation_key(tournament.pk)
    assert cache.get(generation) is not None
    round_publish(round_=tournament.rounds.get(number=1))  # commits
    assert cache.get(generation) is None
    after = client.get(path, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and "Standings after round 1" in after.text
    token = PublicVersion.objects.get(tournament=tournament).token
    assert cache.get(public_version._stamp_key(tournament.pk))[1].token == token  # cached again, the new one


@pytest.mark.django_db(transaction=True)
def test_a_version_read_before_the_commit_and_stored_after_it_is_never_served(client, monkeypatch):
    """A slow reader takes a generation while the change is being written, reads the database
    (the old version: the change has not committed) and stores it after the commit."""
    tournament = played()
    path = standings(tournament)
    warm(client, path)
    old = public_version._stamp_from_database(tournament.slug)
    generation = public_version._generation_key(tournament.pk)
    forget, taken = public_service.forget, []

    def forget_then_a_reader_comes(tournament_id):
        forget(tournament_id)
        if transaction.get_connection().in_atomic_block and not taken:  # the deletion before the commit
            cache.add(generation, "slow reader", 60)
            taken.append(cache.get(generation))

    monkeypatch.setattr(public_service, "forget", forget_then_a_reader_comes)
    round_publish(round_=tournament.rounds.get(number=1))
    cache.set(public_version._stamp_key(tournament.pk), (taken[0], old), 60)  # the slow reader's store
    assert taken == ["slow reader"]
    page = client.get(path)
    assert "Standings after round 1" in page.text


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_leaves_the_version_and_the_etag(client):
    tournament = played()
    round_publish(round_=tournament.rounds.get(number=1))
    path = standings(tournament)
    page = warm(client, path)
    token = PublicVersion.objects.get(tournament=tournament).token
    board = Match.objects.get(round__tournament=tournament, round__number=1, table=1).boards.get(board=1)
    with pytest.raises(RuntimeError), transaction.atomic():
        enter_board(board=board, result="0-1")
        raise RuntimeError("the desk's request failed after the write")
    assert PublicVersion.objects.get(tournament=tournament).token == token
    assert client.get(path, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    assert client.get(path).content == page.content


@pytest.mark.django_db
def test_a_deleted_tournament_leaves_nothing_behind_for_a_new_one_with_its_slug(client):
    old = played(name="Pokal")
    path = standings(old)
    assert "SK Kronach" in warm(client, path).text
    tournament_delete(tournament=old)
    assert client.get(path).status_code == 404
    new = tournament_create(name="Pokal", slug=old.slug)
    assert new.slug == old.slug and new.pk != old.pk
    page = client.get(path)
    assert page.status_code == 200 and "SK Kronach" not in page.text


@pytest.mark.django_db
def test_a_cache_that_cannot_be_reached_does_not_fail_a_write(running, monkeypatch):
    def unreachable(key, *args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(public_version.cache, "delete", unreachable)
    board = Match.objects.get(round__tournament=running, round__number=1, table=1).boards.get(board=4)
    enter_board(board=board, result="1-0")
    assert board.match.boards.get(board=4).result == "1-0"


def test_the_redis_cache_keeps_one_client_per_connection_pool():
    from arbiter.cache import RedisCache

    backend = RedisCache("redis://127.0.0.1:6379/15", {})
    client = backend._cache.get_client("a")
    assert backend._cache.get_client("b", write=True) is client  # one server: one pool, one client
    assert client.connection_pool is backend._cache._get_connection_pool(write=False)
    assert RedisCache("redis://127.0.0.1:6379/15", {})._cache.get_client("a") is not client


@pytest.mark.django_db
def test_without_a_shared_cache_every_request_reads_the_version_from_the_database(
    client, settings, django_assert_num_queries
):
    """Each server process's own memory cannot hear of a change made in another process."""
    settings.PUBLIC_VERSION_CACHED = False
    tournament = played()
    path = standings(tournament)
    page = warm(client, path)
    with django_assert_num_queries(1):
        assert client.get(path, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    PublicVersion.objects.filter(tournament=tournament).update(token="changed elsewhere")  # as another process would
    changed = client.get(path, HTTP_IF_NONE_MATCH=page["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != page["ETag"]


@pytest.mark.parametrize("cache_url, cached", [("", "False"), ("redis://127.0.0.1:6379/15", "True")])
def test_only_a_cache_shared_by_the_processes_holds_the_version(cache_url, cached):
    environment = {**os.environ, "CACHE_URL": cache_url, "DJANGO_SETTINGS_MODULE": "arbiter.settings"}
    result = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.PUBLIC_VERSION_CACHED)"],
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == cached, result.stderr
