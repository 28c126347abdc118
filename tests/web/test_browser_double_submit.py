"""A form sent twice at once (a double click) is saved once and never answers 500 (issue 18, item 13)."""

import pytest
from django.contrib.auth import get_user_model

from tests.builders import make_tournament
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Both posts leave at once; the redirects they answer with are not followed, so the test's
# in-memory SQLite (shared cache, table locks) sees only the two posts race, as a hall's laptop would.
SEND_TWICE = """async (selector) => {
  const form = document.querySelector(selector);
  const send = () =>
    fetch(form.action || location.href, {method: "POST", body: new FormData(form), redirect: "manual"});
  const answers = await Promise.all([send(), send()]);
  return answers.map((r) => r.type === "opaqueredirect" ? "redirect" : r.status);
}"""


@pytest.fixture
def desk_page(browser, live_server):
    get_user_model().objects.create_user("td", password="arbiter", is_staff=True, is_superuser=True)
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "arbiter")
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(f"{live_server.url}/desk/")
    yield page
    context.close()


def test_a_new_tournament_sent_twice_at_once_is_created_once(desk_page, live_server):
    desk_page.goto(f"{live_server.url}/desk/new/")
    desk_page.fill("input[name=name]", "Doppelklick-Pokal")
    assert desk_page.evaluate(SEND_TWICE, "form.stacked") == ["redirect", "redirect"]
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["doppelklick-pokal"]
    desk_page.goto(f"{live_server.url}/desk/")
    assert desk_page.locator("table, ul").filter(has_text="Doppelklick-Pokal").count() >= 1


def test_a_team_sent_twice_at_once_is_registered_once(desk_page, live_server):
    tournament = make_tournament(teams=0)
    desk_page.goto(f"{live_server.url}/desk/{tournament.slug}/teams/")
    desk_page.fill("input[name=name]", "Team Sechs")
    desk_page.fill("textarea[name=players]", "A\nB\nC\nD")
    assert desk_page.evaluate(SEND_TWICE, "form.stacked:not([enctype])") == ["redirect", "redirect"]
    assert list(tournament.teams.values_list("name", flat=True)) == ["Team Sechs"]
