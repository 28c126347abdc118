"""A whole round of the Frankenwald demo reported from the captains' phones (issue 30, 390 × 844):
every first-named captain reports, every opposing captain confirms, one disputes first and the
report is corrected; the arbiter accepts the confirmed reports with the one key, A, then switches
the automatic acceptance on for the rest. One browser, one phone for the first-named captains and one
for their opponents, each page reused from match to match."""

import io

import pytest
from django.core.management import call_command

from tests.web.test_browser_captain_phones import PHONE, confirm, sides, tap
from tournaments.models import AuditEntry, BoardGame, CaptainReport, Tournament
from tournaments.services.captain_codes import captain_code_issue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "frankenwaldpokal-demo"
ROUND = 7  # the demo's first round without results, its pairings published
RESULTS = ["1-0", "½-½", "0-1", "1-0", "+-", "½-½", "1-0", "0-1"]  # board by board, shifted per table


def results_of(table: int) -> list[str]:
    return [RESULTS[(table + board) % len(RESULTS)] for board in range(4)]


@pytest.fixture
def hall(browser, live_server):
    """Two phones in German: the first-named captains' and their opponents', one page each."""
    contexts = [browser.new_context(locale="de-DE", **PHONE) for _ in range(2)]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


@pytest.fixture
def desk_page(browser, live_server, td):
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "arbiter")
    page.click("form.stacked button[type=submit]")
    page.wait_for_load_state()
    yield page
    context.close()


def sign_in(page, url: str, code: str) -> None:
    page.goto(url)
    page.fill("#captain-code", code)
    with page.expect_navigation():  # the answer loaded before the page is measured
        page.get_by_role("button", name="Anmelden").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing off the screen


def report(page, results: list[str], button: str = "Meldung senden") -> None:
    for board, result in enumerate(results, start=1):
        tap(page, f"board-{board}", result)
    page.get_by_role("button", name=button).click()
    assert "Gemeldet." in page.locator("#report-message").inner_text()


def test_a_whole_demo_round_reported_confirmed_and_accepted_from_two_phones(hall, desk_page, live_server, artifacts):
    call_command("demo", stdout=io.StringIO())
    tournament = Tournament.objects.get(slug=SLUG)
    codes = {team.pk: captain_code_issue(team=team)[1] for team in tournament.teams.all()}
    matches = list(tournament.rounds.get(number=ROUND).matches.paired().order_by("table"))
    assert len(matches) == 5
    first_phone, second_phone = hall
    reports_url = f"{live_server.url}/desk/{SLUG}/rounds/{ROUND}/reports/"

    def report_and_answer(match, *, dispute_first: bool = False) -> None:
        url = f"{live_server.url}/t/{SLUG}/report/{match.pk}/"
        home, away = sides(match)
        sign_in(first_phone, url, codes[home.pk])
        sign_in(second_phone, url, codes[away.pk])
        results = results_of(match.table)
        if dispute_first:
            report(first_phone, ["1-0"] * 4)
            second_phone.goto(url)  # a fresh GET: the sign-in was a POST
            second_phone.get_by_role("button", name="Bestreiten").click()
            assert "Bestritten." in second_phone.locator("#report-message").inner_text()
            desk_page.goto(reports_url)
            row = desk_page.locator(f"#report-{match.table}")
            assert "bestritten" in row.inner_text() and "flagged" in row.get_attribute("class")
            assert row.get_by_role("button").count() == 0  # nothing to accept
            assert set(BoardGame.objects.filter(match=match).values_list("result", flat=True)) == {""}
            first_phone.goto(url)
            report(first_phone, results, button="Berichtigte Meldung senden")
        else:
            report(first_phone, results)
        second_phone.goto(url)  # a fresh GET: the sign-in was a POST
        confirm(second_phone, results[0])

    # three matches confirmed, one of them after a dispute; the arbiter takes them with the one key
    for match in matches[:3]:
        report_and_answer(match, dispute_first=match.table == 2)
    first_phone.screenshot(path=str(artifacts / "captain-round-phone.png"), full_page=True)
    desk_page.goto(reports_url)
    for table in range(1, 4):
        with desk_page.expect_navigation():
            desk_page.keyboard.press("a")  # the first confirmed report on the page
        assert f"Die Meldung von Tisch {table} ist übernommen." in desk_page.locator(".messages").inner_text()
        assert "übernommen" in desk_page.locator(f"#report-{table}").inner_text()
    desk_page.screenshot(path=str(artifacts / "captain-round-desk.png"), full_page=True)
    desk_page.keyboard.press("a")  # nothing left to accept: the key does nothing
    assert desk_page.locator("#captain-reports button").count() == 0

    # the automatic acceptance on: the last two matches become results when confirmed
    desk_page.goto(f"{live_server.url}/desk/{SLUG}/captains/")
    desk_page.locator("#captain-accepting input[name=accepted]").check()
    desk_page.locator("#captain-accepting").get_by_role("button", name="Speichern").click()
    for match in matches[3:]:
        report_and_answer(match)
    desk_page.goto(reports_url)
    assert desk_page.locator("#captain-reports tbody").inner_text().count("übernommen") == 5

    for match in matches:
        stored = list(BoardGame.objects.filter(match=match).order_by("board").values_list("result", flat=True))
        assert stored == results_of(match.table), match.table
    assert set(CaptainReport.objects.filter(match__in=matches).values_list("state", flat=True)) == {"accepted"}
    written = AuditEntry.objects.filter(match__in=matches, action=AuditEntry.Action.RESULT)
    assert written.count() == 20 and set(written.values_list("source", flat=True)) == {"captain"}
    # nothing reaches the public before the round is published
    assert (
        "Ergebnisse dieser Runde sind noch nicht veröffentlicht"
        in first_phone.goto(f"{live_server.url}/t/{SLUG}/results/{ROUND}/").text()
    )
