"""The ``arbiter`` transport (tournaments/transports/arbiter.py): the hall's publication pushed to a public
Arbiter server, here the test's own server on loopback, and every failure in words (issue 31)."""

import pytest
from django.test import Client

from tests.builders import make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import Tournament
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish
from tournaments.services.push_tokens import push_token_issue
from tournaments.transports import TransportError, transport_get

arbiter = transport_get("arbiter")


@pytest.fixture
def hall(transactional_db, tmp_path):
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    round_publish(round_=tournament.rounds.get(number=1))
    publication_build(target=tmp_path, tournaments=[tournament.slug])
    return tournament


def _send(local, server: str, key: str, slug: str = "kronach"):
    arbiter.send(local=local, config={"server": server, "slug": slug}, secret=key)


def test_the_transport_pushes_the_publications_archive_and_the_server_renders_it(hall, live_server, tmp_path):
    _, key = push_token_issue(slug="kronach")
    _send(tmp_path, live_server.url + "/", key)
    leader = Client().get(f"/api/v1/tournaments/{hall.slug}/standings/").json()["rows"][0]["entrant"]["name"]
    assert leader in Client().get("/t/kronach/standings/").content.decode()
    assert Tournament.objects.get(slug="kronach").mirror is not None
    _send(tmp_path, live_server.url, key)  # a retry of the same publication is harmless


def test_every_refusal_is_said_in_words(hall, live_server, tmp_path, settings):
    _, key = push_token_issue(slug="kronach")
    _, other = push_token_issue(slug="hof")
    with pytest.raises(TransportError, match="refused the push token"):
        _send(tmp_path, live_server.url, "arbpush_wrong")
    with pytest.raises(TransportError, match="another tournament"):
        _send(tmp_path, live_server.url, other)
    settings.PUSH_MAX_BYTES = 1024
    with pytest.raises(TransportError, match=r"no archive this large: .*\(1 KB\)"):
        _send(tmp_path, live_server.url, key)
    with pytest.raises(TransportError) as down:
        _send(tmp_path, "http://127.0.0.1:9", key)
    assert str(down.value) == "the server 127.0.0.1 refused the connection on port 9: is the port right?"
    with pytest.raises(TransportError) as unknown:
        _send(tmp_path, "https://results.invalid", key)
    assert str(unknown.value) == "the server name results.invalid is not known (no internet?)"
    assert not Tournament.objects.filter(slug="kronach").exists()


def test_a_target_names_a_server_and_a_slug():
    with pytest.raises(RuleViolation) as refused:
        arbiter.check({"server": "results.example.org", "slug": "kronach"})
    assert refused.value.field == "server"
    with pytest.raises(RuleViolation) as refused:
        arbiter.check({"server": "https://results.example.org", "slug": "Kronach 2026"})
    assert refused.value.field == "slug"
    assert [(f.name, f.secret) for f in arbiter.fields] == [("server", False), ("slug", False), ("token", True)]
