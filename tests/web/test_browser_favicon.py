"""Every page has an icon: the browser's own request for /favicon.ico finds one (issue 18, item 21)."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_browser_finds_the_favicon_linked_and_at_the_root(browser, live_server):
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(f"{live_server.url}/")
    linked = page.locator("link[rel=icon]").get_attribute("href")
    assert linked == "/static/favicon.ico"
    for path in ("/favicon.ico", linked):
        response = page.request.get(f"{live_server.url}{path}")
        assert response.status == 200, path
        assert response.headers["content-type"] in ("image/x-icon", "image/vnd.microsoft.icon"), path
        assert response.body()[:4] == b"\x00\x00\x01\x00"  # the ICO header
    page.context.close()
