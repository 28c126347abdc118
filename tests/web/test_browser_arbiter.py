"""The arbiter in a real browser: from the result grid's ⚑ to a decided loss on that board."""

import pytest
from django.contrib.auth import get_user_model

from tests.builders import make_paired
from tournaments.models import BoardGame

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_incident_from_the_grid_to_the_lost_board(browser, live_server, artifacts):
    get_user_model().objects.create_user("td", password="arbiter", is_staff=True, is_superuser=True)
    tournament = make_paired(teams=2)
    desk = browser.new_context(
        locale="de-DE", viewport={"width": 1280, "height": 900}, bypass_csp=True
    )  # wait_for_function strings need eval; test_csp.py checks the policy
    page = desk.new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/desk/{tournament.slug}/rounds/1/results/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "arbiter")
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(f"**/desk/{tournament.slug}/rounds/1/results/")
    for decided in range(1, 4):  # Blitz §7: warning, one minute, loss of the game
        page.goto(f"{live_server.url}/desk/{tournament.slug}/rounds/1/results/")
        page.click("a[href*='board=2#incident-form']")
        assert page.input_value("input[name=board]") == "2"
        page.select_option("select[name=kind]", "clock-other-hand")
        page.fill("input[name=time]", "14:05")
        page.click("#incident-form button[type=submit]")
        page.click("section.incident:not(.decided) form button[type=submit]")
        # the click only starts the decision's request: wait for the page that shows it decided
        page.wait_for_function(f"document.querySelectorAll('section.incident.decided').length === {decided}")
    assert page.locator("section.incident.decided").count() == 3
    page.screenshot(path=str(artifacts / "desk-incidents.png"), full_page=True)
    board = BoardGame.objects.get(match__round__tournament=tournament, match__round__number=1, board=2)
    assert board.result == "0-1"
    page.goto(f"{live_server.url}/desk/{tournament.slug}/rounds/1/results/")
    assert page.locator("input.result").nth(1).input_value() == "0-1"
    desk.close()
