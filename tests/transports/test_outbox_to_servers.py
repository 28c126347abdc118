"""The outbox (services/publication_outbox.py) sending to real SFTP, FTPS and WebDAV servers: a round published
while the server is down arrives once it is back, and the desk says in words why a send failed (issue 31)."""

import json
import urllib.request

import pytest

from tests.builders import make_paired, play_round
from tests.transports.test_remote_transports import get
from tournaments.models import PublicationTarget
from tournaments.selectors.publication_targets import publication_targets_for_desk
from tournaments.services.publication_outbox import publication_send
from tournaments.services.publication_targets import publication_target_create, publication_target_send_now
from tournaments.services.publishing import round_publish

RESULTS = {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"}


@pytest.fixture
def event(db):
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), RESULTS)
    round_publish(round_=tournament.rounds.get(number=1))
    return tournament


def _desk(event) -> str:
    return publication_targets_for_desk(event)[0].words


def _results_page(target, event, number) -> int:
    """The round's results page as a spectator opens it: through ``version.json`` into its version."""
    version = json.loads(urllib.request.urlopen(target.public + "version.json").read())["version"]
    return get(f"{target.public}v/{version}/de/t/{event.slug}/results/{number}/")[0]


def test_a_round_published_while_the_server_is_down_arrives_when_it_is_back(target, event):
    club = publication_target_create(
        tournament=event, kind=target.kind, name="Club site", config=target.config, secret=target.secret
    )
    assert publication_send(target_id=club.pk) == "sent"
    assert _results_page(target, event, 1) == 200

    target.server.kill()
    play_round(event.rounds.get(number=2), RESULTS)
    round_publish(round_=event.rounds.get(number=2))
    assert publication_send(target_id=club.pk) == "failed"
    assert "1 change waiting, last try" in _desk(event)
    assert "refused the connection on port" in _desk(event)  # the server is down: said so, in words

    target.server.start()
    publication_target_send_now(target=club)  # or the retry when it is due
    assert publication_send(target_id=club.pk) == "sent"
    assert _desk(event).startswith("Up to date at")
    assert _results_page(target, event, 2) == 200
    assert (
        PublicationTarget.objects.get().sent_version
        == json.loads((target.folder / "version.json").read_text())["version"]
    )


def test_wrong_credentials_reach_the_desk_in_words(target, event):
    club = publication_target_create(
        tournament=event, kind=target.kind, name="Club site", config=target.config, secret="wrong password"
    )
    assert publication_send(target_id=club.pk) == "failed"
    assert f"refused the login of {target.config['user']}" in _desk(event)
    assert "wrong password" not in _desk(event)
