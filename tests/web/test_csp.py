"""A Content-Security-Policy on every page, and pages that need nothing it forbids: no inline
script, no event-handler or style attributes (checked in the HTML and in a real browser)."""

import re

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Match

STRICT = "script-src 'self'"
INLINE = [
    re.compile(
        r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", re.I
    ),  # code without src (json_script data is fine)
    re.compile(r"<[^>]+\son[a-z]+\s*=", re.I),  # onclick=, onchange=, …
    re.compile(r"<[^>]+\sstyle\s*=", re.I),
    re.compile(r"<style[\s>]", re.I),
    re.compile(r"javascript:", re.I),
]


def _pages(tournament) -> list[str]:
    slug = tournament.slug
    match = Match.objects.filter(round__tournament=tournament, round__number=2).first()
    team = tournament.teams.first()
    return [
        "/",
        f"/t/{slug}/",
        f"/t/{slug}/pairings/1/",
        f"/t/{slug}/results/1/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/crosstable/",
        f"/t/{slug}/teams/{team.pk}/",
        "/desk/",
        "/desk/new/",
        f"/desk/{slug}/",
        f"/desk/{slug}/teams/",
        f"/desk/{slug}/teams/{team.pk}/",
        f"/desk/{slug}/rounds/2/lineups/",
        f"/desk/{slug}/rounds/2/results/",
        f"/desk/{slug}/standings/",
        f"/desk/{slug}/claim/",
        f"/desk/{slug}/rounds/2/incidents/",
        f"/desk/{slug}/roles/",
        f"/desk/{slug}/audit/",
        f"/desk/{slug}/matches/{match.pk}/audit/",
        f"/desk/{slug}/rounds/2/bundle/",
    ]


@pytest.mark.django_db
def test_every_page_has_the_policy_and_nothing_it_forbids(desk, running):
    for url in _pages(running):
        response = desk.get(url)
        assert response.status_code == 200, url
        assert STRICT in response["Content-Security-Policy"], url
        assert "unsafe" not in response["Content-Security-Policy"], url
        page = response.content.decode()
        found = [pattern.pattern for pattern in INLINE if pattern.search(page)]
        assert found == [], (url, found)


@pytest.mark.django_db
def test_login_api_pdf_and_docs_carry_the_policy(client, running):
    for url in ["/accounts/login/", "/api/v1/tournaments/", f"/t/{running.slug}/pdf/standings.pdf"]:
        assert STRICT in client.get(url)["Content-Security-Policy"], url
    docs = client.get("/api/docs/")
    assert "<script>" not in docs.content.decode()  # Swagger UI's start script comes from a URL
    assert (
        STRICT in docs["Content-Security-Policy"]
        and "style-src 'self' 'unsafe-inline'" in docs["Content-Security-Policy"]
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_browser_reports_no_policy_violation(browser, live_server):
    from tests.builders import make_paired

    tournament = make_paired(teams=4)
    get_user_model().objects.create_user("td", password="arbiter", is_staff=True, is_superuser=True)
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    violations = []
    page.on("console", lambda message: "Content Security Policy" in message.text and violations.append(message.text))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "td")
    page.fill("input[name=password]", "arbiter")
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(f"{live_server.url}/desk/")
    for url in [f"/desk/{tournament.slug}/rounds/1/results/", f"/t/{tournament.slug}/", "/api/docs/"]:
        page.goto(live_server.url + url)
        page.wait_for_load_state("networkidle")
    page.wait_for_selector("#swagger-ui .info")  # Swagger UI ran
    context.close()
    assert violations == []
