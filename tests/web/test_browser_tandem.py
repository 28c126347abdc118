"""A TD enters a tandem round (double rounds) with the keyboard only: result, deciding board, how."""

import time

import pytest

from tests.builders import make_paired
from tournaments.api.views import matches as results  # where the grid's saves run
from tournaments.models import Match

from .test_browser import _session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IDLE = "document.getElementById('grid').dataset.pending === '0'"


def test_td_enters_a_tandem_round_with_the_keyboard(browser, live_server, td, artifacts, monkeypatch):
    tandem = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True)
    context = browser.new_context(
        locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True
    )  # wait_for_function strings need eval; test_csp.py checks the policy
    context.add_cookies([_session_cookie(live_server, td)])
    page = context.new_page()
    page.goto(f"{live_server.url}/desk/{tandem.slug}/rounds/1/results/")
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('result')")
    assert page.locator("section.match").count() == 4  # two tables, two legs each

    # Table 1 leg 1: won, board 2, checkmate. Leg 2: draw (no board), agreed.
    # Table 2 leg 1: lost, board 1, flag claimed from the neighbouring board. Leg 2: forfeit win.
    # Hall Wi-Fi: each save answers after 0.3 s while the TD types on every 0.2 s, so an answer
    # arrives between two keys of the same match; it must not wipe what the TD typed since.
    service = results.encounter_result_set

    def slow_service(**kwargs):
        time.sleep(0.3)
        return service(**kwargs)

    monkeypatch.setattr(results, "encounter_result_set", slow_service)
    page.keyboard.type("12m=d01n+", delay=200)
    page.wait_for_function(IDLE + " && document.getElementById('missing-count').dataset.missing === '0'")
    assert page.locator("[data-role=mp]").all_inner_texts() == ["2 : 0", "1 : 1", "0 : 2", "2 : 0"]
    assert page.locator("section.match.complete").count() == 4
    page.screenshot(path=str(artifacts / "desk-tandem-results.png"), full_page=True)

    stored = {
        (m.table, m.leg): (m.result, m.deciding_board, m.decided_by)
        for m in Match.objects.filter(round__tournament=tandem, round__number=1)
    }
    assert stored == {
        (1, 1): ("1-0", 2, "checkmate"),
        (1, 2): ("½-½", None, "agreed-draw"),
        (2, 1): ("0-1", 1, "time-neighbour"),
        (2, 2): ("+-", None, ""),
    }

    # An agreed draw is one board's game ending (Tandem §6.1), so by §1.3 its board may be named.
    page.click("section.match >> nth=1 >> input.deciding-board")
    page.keyboard.type("1")
    page.wait_for_function(IDLE)
    assert page.inner_text("section.match >> nth=1 >> .status") == "saved"
    assert Match.objects.get(round__tournament=tandem, round__number=1, table=1, leg=2).deciding_board == 1
    context.close()
