"""Issue 31 done as the README says: the installed ``arbiter`` command on the hall laptop (waitress, SQLite in
its data folder, the outbox in a thread: no broker) with the demo; the TD adds the public site as a target on
the desk while it is unreachable and publishes a round; the desk says why it waits; the site comes back and
shows the round within a minute. The public site is a club's web space (WebDAV on nginx) or a second
Arbiter that many halls push to (gunicorn on PostgreSQL)."""

import json
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

import pytest

from tests.browser import CHROMIUM
from tests.transports import servers

pytestmark = [pytest.mark.package, pytest.mark.browser]

SLUG = "frankenwaldpokal-demo"
ROUND = 6  # the demo's last round with results, left a draft for the desk's publish step


@dataclass
class Site:
    """A public site as the hall sees it: what the TD types in on the desk, and what spectators read."""

    kind: str
    fields: dict  # the desk form's fields
    refused: str  # the desk's words while it is down
    stop: Callable[[], None]
    start: Callable[[], None]
    shows: Callable[[], str | None]  # the address of the round's results page once the site has it


def _outbox(data) -> tuple[int, float | None]:
    """The laptop's outbox row: failed tries so far and the seconds from the last try to the next."""
    with sqlite3.connect(f"file:{data / 'db.sqlite3'}?mode=ro", uri=True, timeout=10) as db:
        attempts, last, following = db.execute(
            "select attempts, last_try_at, next_try_at from tournaments_publicationtarget"
        ).fetchone()
    if not (last and following):
        return attempts, None
    return attempts, (datetime.fromisoformat(following) - datetime.fromisoformat(last)).total_seconds()


def _hall_publishes_while_the_site_is_down(laptop, browser, data, site: Site):
    """The TD's steps on the installed laptop; returns the browser page on the round's public results page."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's /usr/bin/chromium")
    demo = laptop.demo(data)
    assert demo.returncode == 0, demo.stderr
    site.stop()  # the public site is unreachable from the hall
    with laptop.running(data) as base:
        page = browser.new_context(locale="en-GB").new_page()
        page.goto(f"{base}/accounts/login/")
        page.fill("input[name=username]", "td")
        page.fill("input[name=password]", "arbiter")
        page.click("form button[type=submit], form input[type=submit]")
        page.wait_for_url("**/desk/**")

        page.goto(f"{base}/desk/{SLUG}/publication/")
        page.click(f"a[data-kind={site.kind}]")
        page.fill("input[name=name]", "Public site")
        for name, value in site.fields.items():
            page.fill(f"input[name={name}]", value)
        page.click("#publication-target button[type=submit]")
        page.wait_for_url(f"**/desk/{SLUG}/publication/")

        page.goto(f"{base}/desk/{SLUG}/rounds/{ROUND}/results/")
        page.click("#publish")
        page.wait_for_selector("form[action$='/unpublish/']")

        page.goto(f"{base}/desk/{SLUG}/publication/")
        state = page.locator("tr[data-target='Public site'] .state")
        deadline = time.monotonic() + 60
        while "failed" not in state.inner_text() and time.monotonic() < deadline:
            time.sleep(1)
            page.reload()
        words = state.inner_text()
        assert words.startswith("not sent yet, last try "), words  # the site never had it
        assert f"failed: “{site.refused}" in words, words
        assert site.shows() is None

        # the site comes back just after a failed try that left the longest wait, the backoff's cap
        while (_outbox(data)[1] or 0) < 29 and time.monotonic() < deadline:
            time.sleep(0.2)
        attempts, wait = _outbox(data)
        assert wait is not None and 29 <= wait <= 31, (attempts, wait)
        site.start()
        back = time.monotonic()
        while (address := site.shows()) is None and time.monotonic() < back + 60:
            time.sleep(0.5)
        assert address is not None, "the round was not on the public site within a minute of its return"
        assert time.monotonic() - back < 60

        page.goto(f"{base}/desk/{SLUG}/publication/")
        assert state.inner_text().startswith("Up to date at ")
        page.goto(address)
        return page


def _results_version(public: str) -> str | None:
    """The version whose copy of the round's results page the static site serves, or None while it has none."""
    try:
        version = json.loads(urllib.request.urlopen(public + "version.json", timeout=5).read())["version"]
        urllib.request.urlopen(f"{public}v/{version}/en/t/{SLUG}/results/{ROUND}/", timeout=5).close()
    except (urllib.error.URLError, OSError, KeyError, ValueError):
        return None
    return version


def test_a_round_published_while_the_web_space_is_down_is_on_it_within_a_minute_of_its_return(
    laptop, browser, nginx, site, tls, tmp_path
):
    server, public_port, dav_port = nginx
    (site / "hall-laptop").mkdir()
    public = f"http://127.0.0.1:{public_port}/hall-laptop/"
    stable = f"{public}en/t/{SLUG}/results/{ROUND}/"  # a spectator's bookmark
    web_space = Site(
        kind="webdav",
        fields={
            "url": f"https://127.0.0.1:{dav_port}/hall-laptop/",
            "user": "publisher",
            "certificate": tls[2],  # the club's server has a self-signed certificate
            "secret": servers.PASSWORD,
        },
        refused=f"the server 127.0.0.1 refused the connection on port {dav_port}",
        stop=server.kill,
        start=server.start,
        shows=lambda: stable if _results_version(public) else None,
    )
    try:
        page = _hall_publishes_while_the_site_is_down(laptop, browser, tmp_path / "data", web_space)
        # the stable address leads into the version the site names
        page.wait_for_url(f"{public}v/{_results_version(public)}/en/t/{SLUG}/results/{ROUND}/")
        assert page.locator("h2").first.inner_text() == f"Results round {ROUND}"
        page.context.close()
    finally:
        server.start()  # the other transport tests' nginx


def test_a_round_published_while_the_public_server_is_down_is_on_it_within_a_minute_of_its_return(
    laptop, browser, peer, tmp_path
):
    token = peer.manage("push_token", "issue", "kronach-2026").strip()
    results = f"{peer.url}/t/kronach-2026/results/{ROUND}/"

    def shows() -> str | None:
        try:
            page = peer.get(f"/t/kronach-2026/results/{ROUND}/", "en")
        except OSError:
            return None
        return results if f"Results round {ROUND}" in page else None

    server = Site(
        kind="arbiter",
        fields={"server": peer.url, "slug": "kronach-2026", "token": token},
        refused=f"the server 127.0.0.1 refused the connection on port {urlsplit(peer.url).port}",
        stop=peer.stop,
        start=peer.start,
        shows=shows,
    )
    page = _hall_publishes_while_the_site_is_down(laptop, browser, tmp_path / "data", server)
    assert page.locator("h2").first.inner_text() == f"Results round {ROUND}"
    page.context.close()
