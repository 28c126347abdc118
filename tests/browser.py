"""Playwright and Debian's Chromium, once for the whole test session.

A second ``sync_playwright()`` while one runs fails ("Sync API inside the asyncio loop"), so every
package of tests that drives a browser uses these fixtures, registered once by ``tests/conftest.py``.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM would refuse to run
# next to it without this (the live server and the test share nothing async).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright():
    """Playwright for the whole session (its sync API runs once per thread)."""
    if not CHROMIUM.exists():
        message = "browser tests need Debian's /usr/bin/chromium (apt-get install chromium)"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    """One Debian Chromium for the whole session; never a downloaded browser."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()
