"""The hall screen on a 1920×1080 projector, in German and English (issue 30), in a real browser.

It shows the Frankenwald demo's current pairings with boards and colours, then the latest
results, then the standings, each for the director's seconds; screenshots go to test-artifacts/.
"""

import pytest
from django.core.management import call_command

from tournaments.models import Tournament

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
