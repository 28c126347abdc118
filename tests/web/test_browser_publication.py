"""A spectator on a publication's static copy (tournaments/services/publication.py) served by a plain static
web server, in a real browser: the stable address leads to the current version, and an open page moves to the
next version once version.json names it (static/live.js)."""

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.builders import make_paired, play_round
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish
from tournaments.views.public import common

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def web_space(tmp_path):
    """The club's web space: any server of static files (this one answers If-Modified-Since with 304)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_an_open_static_page_follows_the_next_publication(browser, web_space, monkeypatch):
    monkeypatch.setattr(common, "LIVE_POLL_SECONDS", 1)  # 15 s in production; the mechanism is the same
    folder, url = web_space
    tournament = make_paired(teams=4, name="Statisch")
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    first = publication_build(target=folder)

    page = browser.new_context(locale="en-GB").new_page()
    page.goto(f"{url}/en/t/{tournament.slug}/standings/")
    page.wait_for_url(f"**/v/{first}/en/t/{tournament.slug}/standings/", timeout=30_000)
    assert "after round 1" not in page.inner_text("#live h2")

    round_publish(round_=round_1)
    second = publication_build(target=folder)
    page.wait_for_url(f"**/v/{second}/en/t/{tournament.slug}/standings/", timeout=30_000)  # a loaded CI machine
    assert "after round 1" in page.inner_text("#live h2")
    page.context.close()
