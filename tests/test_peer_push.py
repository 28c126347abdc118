"""A hall pushing to a second Arbiter for real (issue 31): gunicorn on its own PostgreSQL database on the
loopback (bench/peer.py), a push token issued there with the management command, the hall (this test's
Django) pushing through the ``arbiter`` transport. The server's public pages, fetched over HTTP, show
the hall's standings; a push while it is down fails in words; after it comes back the next one converges.
"""

import json
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.test import Client

from tests.builders import make_paired, play_round
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish
from tournaments.transports import TransportError, transport_get

pytestmark = pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"], reason="the public server runs on PostgreSQL"
)
RESULTS = {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"}


def _rows(standings: dict) -> list[tuple]:
    return [(row["entrant"]["name"], row["points"]) for row in standings["rows"]]


def test_the_servers_pages_show_what_the_hall_pushed_and_converge_after_it_was_down(peer, db, tmp_path):
    key = peer.manage("push_token", "issue", "kronach").strip()
    hall = make_paired(teams=4)
    play_round(hall.rounds.get(number=1), RESULTS)
    round_publish(round_=hall.rounds.get(number=1))

    def push():
        publication_build(target=tmp_path, tournaments=[hall.slug])
        transport_get("arbiter").send(local=tmp_path, config={"server": peer.url, "slug": "kronach"}, secret=key)

    def hall_standings():
        return Client().get(f"/api/v1/tournaments/{hall.slug}/standings/").json()

    def server_standings():
        return json.loads(peer.get("/api/v1/tournaments/kronach/standings/"))

    push()
    page = peer.get("/t/kronach/standings/")
    assert "Tabelle" in page and hall_standings()["rows"][0]["entrant"]["name"] in page
    assert _rows(server_standings()) == _rows(hall_standings()) != []

    peer.stop()  # the server goes down; the hall publishes round 2 meanwhile
    play_round(hall.rounds.get(number=2), RESULTS)
    round_publish(round_=hall.rounds.get(number=2))
    with pytest.raises(TransportError, match=f"refused the connection on port {urlsplit(peer.url).port}"):
        push()
    peer.start()
    push()
    assert server_standings()["after_round"] == hall_standings()["after_round"] == 2
    assert _rows(server_standings()) == _rows(hall_standings())
    assert "Runde 2" in peer.get("/t/kronach/results/2/")
    listed = peer.manage("push_token", "list", "kronach")
    assert "in force" in listed and "never used" not in listed
