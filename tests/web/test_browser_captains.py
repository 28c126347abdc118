"""Two captains report and confirm a match on their phones (issue 30), at 390 px, in German:
big buttons per board, nothing typed but the code once; the arbiter accepts it at the desk."""

import pytest
from django.contrib.auth import get_user_model

from tests.builders import make_paired
from tournaments.models import BoardGame, CaptainReport
from tournaments.services.captain_codes import captain_code_issue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "device_scale_factor": 1}


def test_two_captains_report_and_confirm_on_their_phones_and_the_arbiter_accepts(browser, live_server, artifacts):
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    url = f"{live_server.url}/t/{tournament.slug}/report/{match.pk}/"
    home, away = (browser.new_context(locale="de-DE", **PHONE) for _ in range(2))
    arbiter = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    try:
        phone = home.new_page()
        phone.goto(url)
        phone.fill("#captain-code", captain_code_issue(team=first)[1].lower())  # as a captain might type it
        phone.get_by_role("button", name="Anmelden").click()
        for board, result in ((1, "1-0"), (2, "½-½"), (3, "0-1"), (4, "+-")):
            button = phone.locator(f"input[name='board-{board}'][value='{result}']").locator("xpath=..")
            box = button.bounding_box()
            assert box["height"] >= 40 and box["x"] + box["width"] <= 390  # a thumb's target, on screen
            button.click()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.screenshot(path=str(artifacts / "captain-report-phone.png"), full_page=True)
        phone.get_by_role("button", name="Meldung senden").click()
        assert "Gemeldet." in phone.locator("#report-message").inner_text()

        other = away.new_page()
        other.goto(url)
        other.fill("#captain-code", captain_code_issue(team=second)[1])
        other.get_by_role("button", name="Anmelden").click()
        assert "½-½" in other.locator("#report-entries").inner_text()
        other.screenshot(path=str(artifacts / "captain-confirm-phone.png"), full_page=True)
        other.get_by_role("button", name="Bestätigen").click()
        assert "Bestätigt." in other.locator("#report-message").inner_text()
        other.reload()  # remembered: no code asked again
        assert other.locator("#captain-sign-in").count() == 0
        assert CaptainReport.objects.get(match=match).state == "confirmed"
        assert set(BoardGame.objects.filter(match=match).values_list("result", flat=True)) == {""}  # desk decides

        get_user_model().objects.create_user("td", password="arbiter", is_staff=True, is_superuser=True)
        desk = arbiter.new_page()
        reports = f"/desk/{tournament.slug}/rounds/1/reports/"
        desk.goto(f"{live_server.url}/accounts/login/?next={reports}")
        desk.fill("input[name=username]", "td")
        desk.fill("input[name=password]", "arbiter")
        desk.click("form.stacked button[type=submit]")
        desk.wait_for_url(f"**{reports}")
        assert "bestätigt" in desk.locator("#report-1").inner_text()
        desk.locator("#report-1").get_by_role("button", name="Übernehmen").click()
        assert "übernommen" in desk.locator("#report-1").inner_text()
        desk.screenshot(path=str(artifacts / "captain-reports-desk.png"), full_page=True)
    finally:
        home.close()
        away.close()
        arbiter.close()
    results = BoardGame.objects.filter(match=match).order_by("board").values_list("result", flat=True)
    assert list(results) == ["1-0", "½-½", "0-1", "+-"]
