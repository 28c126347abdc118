"""The settings form in a real browser: saved unchanged in German, nothing changes (issue 18, 12)."""

from datetime import date

import pytest

from tests.builders import make_paired, make_tournament
from tournaments.domain.rule_set import rule_values
from tournaments.models import AuditEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _logged_in_page(browser, live_server, client, td):
    client.force_login(td)
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": "de", "url": live_server.url},
        ]
    )
    return context, context.new_page()


def test_saving_the_settings_unchanged_in_german_changes_nothing(browser, live_server, client, td):
    tournament = make_tournament(teams=2, start_date=date(2026, 12, 5), venue="Kronach", language="en")
    before = rule_values(tournament)
    entries = AuditEntry.objects.count()
    context, page = _logged_in_page(browser, live_server, client, td)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/")
    assert page.get_attribute("html", "lang") == "de"
    assert page.input_value("#id_start_date") == "2026-12-05"
    page.click("#settings button[type=submit]")
    page.wait_for_selector("ul.messages li")
    tournament.refresh_from_db()
    assert rule_values(tournament) == before
    assert tournament.start_date == date(2026, 12, 5)
    assert AuditEntry.objects.count() == entries  # nothing changed, nothing recorded
    context.close()


def test_unpairing_is_visible_and_stays_visible_after_its_refusal(browser, live_server, client, td):
    tournament = make_paired(teams=4)
    context, page = _logged_in_page(browser, live_server, client, td)
    page.goto(f"{live_server.url}/desk/{tournament.slug}/")
    assert page.is_visible("#unpair button")  # not inside the collapsed last round
    page.click("#unpair button")  # round 3 is a draft without results: unpaired
    page.wait_for_selector("ul.messages li")
    assert tournament.rounds.count() == 2
    from tests.builders import play_round

    play_round(tournament.rounds.get(number=2), {1: "1-0 1-0 1-0 1-0"})
    page.goto(f"{live_server.url}/desk/{tournament.slug}/")
    page.click("#unpair button")  # round 2 has results: refused without the explicit choice
    page.wait_for_selector("ul.messages li.error")
    assert page.is_visible("#unpair button") and page.is_visible("#unpair input[name=delete_results]")
    assert tournament.rounds.count() == 2
    context.close()
