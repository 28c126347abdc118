"""Conflicts are per game (issue 28 item 5): two arbiters entering different boards of one match
from the same version both succeed; a write to a game changed since the version it names is
still refused with 409, whether the version comes in the body or as ``If-Match``."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(world):
    return world.a.rounds.get(number=1).matches.paired().order_by("table").first()


def url(world, match):
    return f"/api/v1/tournaments/{world.a.slug}/matches/{match.pk}/result/"


def test_two_arbiters_on_different_boards_of_one_match_both_succeed(world, match):
    director, arbiter = world.client("director_a"), world.client("arbiter_a")
    read = director.get(f"/api/v1/tournaments/{world.a.slug}/matches/{match.pk}/").json()["version"]
    first = director.post(url(world, match), {"board": 1, "result": "1-0", "version": read}, format="json")
    second = arbiter.post(url(world, match), {"board": 2, "result": "½-½", "version": read}, format="json")
    assert (first.status_code, second.status_code) == (200, 200)
    assert [board["result"] for board in second.json()["boards"]][:2] == ["1-0", "½-½"]
    assert second.json()["version"] == read + 2
    etag = arbiter.post(
        url(world, match), {"board": 3, "result": "0-1"}, format="json", HTTP_IF_MATCH=f'"m{match.pk}v{read}"'
    )
    assert etag.status_code == 200 and etag["ETag"] == f'"m{match.pk}v{read + 3}"'


def test_a_write_to_a_game_changed_since_the_version_read_is_refused(world, match):
    director, arbiter = world.client("director_a"), world.client("arbiter_a")
    read = director.get(f"/api/v1/tournaments/{world.a.slug}/matches/{match.pk}/").json()["version"]
    assert (
        director.post(url(world, match), {"board": 1, "result": "1-0", "version": read}, format="json").status_code
        == 200
    )
    stale = arbiter.post(url(world, match), {"board": 1, "result": "0-1", "version": read}, format="json")
    assert stale.status_code == 409 and stale.json()["current"]["boards"][0]["result"] == "1-0"
    header = arbiter.post(
        url(world, match), {"board": 1, "result": "0-1"}, format="json", HTTP_IF_MATCH=f'"m{match.pk}v{read}"'
    )
    assert header.status_code == 409
    future = arbiter.post(url(world, match), {"board": 2, "result": "0-1", "version": read + 5}, format="json")
    assert future.status_code == 409
