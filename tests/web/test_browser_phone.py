"""The public tables on a 390 px phone: nothing is cut off unseen (issue 18, item 16).

A table wider than the phone scrolls inside its box, says so above itself and keeps the team
column in view; the standings show place, team and match points without scrolling; a match
score never breaks over two lines. Screenshots go to test-artifacts/.
"""

import pytest
from django.core.management import call_command

from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "device_scale_factor": 1}
BOX = """(table) => {
  const box = document.querySelector(table).closest(".scroll");
  return {overflows: box.scrollWidth > box.clientWidth, marked: box.classList.contains("overflows"),
          hint: getComputedStyle(box, "::before").content};
}"""


@pytest.fixture(params=["blitz", "tandem"])
def phone(request, browser, live_server):
    call_command("demo", *(["--tandem"] if request.param == "tandem" else []), stdout=open("/dev/null", "w"))
    context = browser.new_context(locale="de-DE", bypass_csp=True, **PHONE)  # wait_for_function evaluates strings
    page = context.new_page()
    page.slug = Tournament.objects.get().slug
    page.kind = request.param
    page.base = live_server.url
    yield page
    context.close()


def test_the_standings_fit_their_first_columns_and_say_when_they_scroll(phone, artifacts):
    phone.goto(f"{phone.base}/t/{phone.slug}/standings/")
    phone.screenshot(path=str(artifacts / f"phone-{phone.kind}-standings.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    header = phone.locator("table.standings thead th")
    labels = header.all_inner_texts()
    for label in ("Platz", "Mannschaft", "MP"):
        box = header.nth(labels.index(label)).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, label  # in view without scrolling
    state = phone.evaluate(BOX, "table.standings")
    assert state["marked"] == state["overflows"]
    if state["overflows"]:
        assert "seitlich" in state["hint"]


def test_the_crosstable_scrolls_with_a_hint_and_keeps_the_team_in_view(phone, artifacts):
    phone.goto(f"{phone.base}/t/{phone.slug}/crosstable/")
    phone.screenshot(path=str(artifacts / f"phone-{phone.kind}-crosstable.png"), full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    state = phone.evaluate(BOX, "table.crosstable")
    assert state == {"overflows": True, "marked": True, "hint": '"Wischen Sie seitlich für die ganze Tabelle →"'}
    assert (
        phone.locator(".scroll").first.evaluate("box => getComputedStyle(box).maskImage") != "none"
    )  # the fading edge
    team = phone.locator("table.crosstable tbody tr").first.locator("td").nth(1)
    before = team.bounding_box()
    phone.locator(".scroll").first.evaluate("box => box.scrollTo(box.scrollWidth, 0)")
    phone.wait_for_function("document.querySelector('.scroll').classList.contains('at-end')")
    after = team.bounding_box()
    assert before["x"] > 0 and 0 <= after["x"] <= before["x"] and after["x"] + after["width"] <= 390  # sticky
    assert phone.locator(".scroll").first.evaluate("box => getComputedStyle(box).maskImage") == "none"
    phone.screenshot(path=str(artifacts / f"phone-{phone.kind}-crosstable-scrolled.png"), full_page=True)


def test_match_scores_stay_on_one_line(phone, artifacts):
    phone.goto(f"{phone.base}/t/{phone.slug}/results/1/")
    phone.screenshot(path=str(artifacts / f"phone-{phone.kind}-results.png"), full_page=True)
    scores = phone.locator("caption strong")
    assert scores.count() >= 5
    lines = scores.evaluate_all("els => els.map(e => e.getClientRects().length)")
    assert set(lines) == {1}, lines
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
