"""The hall screen on a 1920×1080 projector, in German and English (issue 30), in a real browser.

It shows the Frankenwald demo's current pairings with boards and colours, then the latest
results, then the standings, each for the director's seconds; screenshots go to test-artifacts/.
"""

import pytest
from django.core.management import call_command

from tests.builders import make_paired, play_round
from tournaments.models import Tournament
from tournaments.services.hall_screen import hall_screen_set
from tournaments.services.publishing import round_publish
from tournaments.views.public import common

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "de-DE": {
        "pairings": "Paarungen Runde",
        "results": "Ergebnisse Runde",
        "standings": "Tabelle nach Runde",
        "qr": "auf dem Handy",
    },
    "en-GB": {
        "pairings": "Pairings round",
        "results": "Results round",
        "standings": "Standings after round",
        "qr": "on your phone",
    },
}


@pytest.mark.parametrize("locale", WORDS)
def test_the_projector_shows_each_panel_in_turn_with_real_content(browser, live_server, artifacts, locale):
    call_command("demo", stdout=open("/dev/null", "w"))
    tournament = Tournament.objects.get()
    words, language = WORDS[locale], locale[:2]
    context = browser.new_context(locale=locale, viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.clock.install()  # the rotation's timer runs when the test says, not on a busy machine's clock
    page.goto(f"{live_server.url}/t/{tournament.slug}/screen/")
    panel = page.locator(".screen-panel.current")
    assert page.locator(".screen-panel").evaluate_all("all => all.map(p => p.dataset.panel)") == [
        "pairings",
        "results",
        "standings",
    ]
    assert page.locator(".screen-panel:visible").count() == 1
    assert float(page.evaluate("getComputedStyle(document.body).fontSize").removesuffix("px")) >= 36
    assert page.locator(".screen-qr svg").is_visible() and words["qr"] in page.inner_text(".screen-qr")

    assert panel.get_attribute("data-panel") == "pairings"
    assert words["pairings"] in panel.locator("h2").inner_text()
    team = tournament.teams.order_by("seed").first().name
    assert team in panel.inner_text()
    boards = panel.locator("table.match").first.locator("tbody tr td.num").all_inner_texts()
    assert boards == [str(n) for n in range(1, tournament.boards + 1)]
    assert panel.locator(".colour.W").first.is_visible() and panel.locator(".colour.B").first.is_visible()
    box = panel.bounding_box()
    assert box["y"] + box["height"] <= 1080  # five matches of four boards: every table on the screen
    page.screenshot(path=str(artifacts / f"hall-screen-{language}-1-pairings.png"))

    page.clock.run_for(tournament.screen_seconds * 1000)
    assert panel.get_attribute("data-panel") == "results"
    assert words["results"] in panel.locator("h2").inner_text()
    page.screenshot(path=str(artifacts / f"hall-screen-{language}-2-results.png"))

    page.clock.run_for(tournament.screen_seconds * 1000)
    assert panel.get_attribute("data-panel") == "standings"
    assert words["standings"] in panel.locator("h2").inner_text()
    rows = panel.locator("table.screen-standings tbody tr")
    assert rows.count() == tournament.teams.count()
    assert rows.first.locator("td").first.inner_text().startswith("1")  # "1." or shared "1.–3."
    page.screenshot(path=str(artifacts / f"hall-screen-{language}-3-standings.png"))

    page.clock.run_for(tournament.screen_seconds * 1000)
    assert panel.get_attribute("data-panel") == "pairings"  # and round again
    context.close()


def test_a_four_player_event_shows_tables_of_seats(browser, live_server, artifacts):
    call_command("demo", "--four-player", stdout=open("/dev/null", "w"))
    context = browser.new_context(locale="en-GB", viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/schach4-demo/screen/")
    panel = page.locator(".screen-panel.current")
    assert panel.locator("table.table-seats").first.is_visible()
    assert "Seat" in panel.locator("table.table-seats thead").first.inner_text()
    assert "Schach4 V1" in panel.inner_text()
    page.screenshot(path=str(artifacts / "hall-screen-en-schach4-pairings.png"))
    context.close()


def test_publishing_reaches_the_open_screen_which_keeps_its_panel(browser, live_server, monkeypatch):
    monkeypatch.setattr(common, "LIVE_POLL_SECONDS", 1)  # 15 s in production; the mechanism is the same
    tournament = make_paired(teams=4, name="Hallenpokal")
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 ½-½"})
    hall_screen_set(tournament=tournament, panels=["standings", "results"], seconds=5)
    context = browser.new_context(locale="en-GB", viewport={"width": 1920, "height": 1080}, bypass_csp=True)
    page = context.new_page()  # (bypass_csp: wait_for_function evaluates strings)
    statuses = []
    page.on("response", lambda response: statuses.append(response.status) if "/screen/" in response.url else None)
    page.clock.install()  # rotation and polls run when the test says
    page.goto(f"{live_server.url}/t/{tournament.slug}/screen/")
    page.clock.run_for(5000)  # on to the second panel, polling each second: nothing new, each a 304
    assert page.inner_text(".screen-panel.current h2") == "Latest results"
    page.wait_for_timeout(500)
    assert 304 in statuses and 200 not in statuses[1:]

    round_publish(round_=round_1)
    page.clock.run_for(1000)  # the next poll
    page.wait_for_function(
        "document.querySelector('.screen-panel.current h2').textContent.includes('Results round 1')", timeout=5000
    )  # the new data part, and the screen still on its second panel
    assert page.locator(".screen-panel:visible").count() == 1
    assert page.locator("#live").count() == 1 and page.locator(".screen-qr").count() == 1  # swapped in place
    context.close()
