"""The TD sends the publication to a folder from the desk, in a real browser (issue 31): configure the target,
publish a round, see it up to date; the folder turns unwritable and the desk says so in words; fixed, "send
now" brings it up to date."""

import json
import os
import subprocess

import pytest

from tests.builders import play_round
from tests.web.test_browser import _session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _version(folder):
    return json.loads((folder / "version.json").read_text())["version"]


def _writable(folder, writable: bool) -> None:
    """Root writes through file modes, so as root the folder is made immutable instead."""
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "-i" if writable else "+i", str(folder)], capture_output=True)
        if done.returncode and not writable:
            pytest.skip(f"cannot make a folder unwritable as root here: {done.stderr.decode().strip()}")
    else:
        folder.chmod(0o755 if writable else 0o555)


def test_a_folder_target_from_the_desk_through_a_failure_and_back(
    browser, live_server, running, td, tmp_path, artifacts
):
    site = tmp_path / "site"
    site.mkdir()
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
    context.add_cookies([_session_cookie(live_server, td)])
    page = context.new_page()
    page.goto(f"{live_server.url}/desk/{running.slug}/")
    page.click(f"a[href='/desk/{running.slug}/publication/']")
    page.click("a[data-kind=folder]")
    page.fill("input[name=name]", "Club site")
    page.fill("input[name=path]", str(site))
    page.click("#publication-target button[type=submit]")
    page.wait_for_url(f"**/desk/{running.slug}/publication/")
    state = page.locator("tr[data-target='Club site'] .state")
    assert state.inner_text().startswith("Up to date at ")
    first = _version(site)

    page.goto(f"{live_server.url}/desk/{running.slug}/rounds/2/results/")
    page.click("#publish")
    page.wait_for_selector("form[action$='/unpublish/']")
    page.goto(f"{live_server.url}/desk/{running.slug}/publication/")
    assert state.inner_text().startswith("Up to date at ")
    second = _version(site)
    assert second != first
    assert (site / "v" / second / "en" / "t" / running.slug / "results" / "2" / "index.html").is_file()

    _writable(site, False)
    try:
        play_round(running.rounds.get(number=3), {1: "1-0 1-0 1-0 1-0", 2: "0-1 0-1 0-1 0-1"})
        page.goto(f"{live_server.url}/desk/{running.slug}/rounds/3/results/")
        page.click("#publish")
        page.wait_for_selector("form[action$='/unpublish/']")
        page.goto(f"{live_server.url}/desk/{running.slug}/publication/")
        words = state.inner_text()
        assert "change waiting" in words or "changes waiting" in words
        assert f"failed: “Arbiter may not write into the folder {site}”" in words
        assert _version(site) == second  # the previous publication stays whole for readers
        page.screenshot(path=str(artifacts / "desk-publication-failed.png"), full_page=True)
    finally:
        _writable(site, True)

    page.click("tr[data-target='Club site'] button.send-now")
    page.wait_for_url(f"**/desk/{running.slug}/publication/")
    assert state.inner_text().startswith("Up to date at ")
    page.screenshot(path=str(artifacts / "desk-publication-up-to-date.png"), full_page=True)
    assert (site / "v" / _version(site) / "en" / "t" / running.slug / "results" / "3" / "index.html").is_file()
    context.close()
