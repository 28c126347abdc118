"""A spectator's open page updates itself when the TD publishes (static/live.js), in a real browser."""

import pytest

from tests.builders import make_paired, play_round
from tournaments.services.publishing import round_publish
from tournaments.views.public import common

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_open_standings_page_shows_a_published_round_without_reloading(browser, live_server, monkeypatch, artifacts):
    monkeypatch.setattr(common, "LIVE_POLL_SECONDS", 1)  # 15 s in production; the mechanism is the same
    tournament = make_paired(teams=4, name="Live-Turnier")  # pairing starts the tournament
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    phone = browser.new_context(
        locale="en-GB", viewport={"width": 390, "height": 844}, bypass_csp=True
    )  # wait_for_function evaluates strings
    page = phone.new_page()
    statuses = []
    page.on("response", lambda response: statuses.append(response.status) if "standings" in response.url else None)
    page.goto(f"{live_server.url}/t/{tournament.slug}/standings/")
    assert page.locator("#live[data-live-poll='1']").count() == 1
    assert "after round 1" not in page.inner_text("#live h2")
    page.wait_for_timeout(2500)  # two polls with nothing new: each a 304
    assert 304 in statuses and page.url.endswith("/standings/")
    before = page.get_attribute("#live time", "datetime")

    round_publish(round_=round_1)
    page.wait_for_function("document.querySelector('#live h2').textContent.includes('after round 1')", timeout=5000)
    assert page.get_attribute("#live time", "datetime") > before  # "Last updated" came with the new data part
    assert page.locator("header.site").count() == 1  # swapped in place: still one page, not nested
    assert page.locator("#live").count() == 1
    page.screenshot(path=str(artifacts / "live-standings.png"), full_page=True)
    phone.close()
