"""Tests assert on the English source strings; German (the site default) is tested in test_i18n.py.

Without this, every page and message in a test would come out in German as soon as the
compiled catalogue in locale/ exists.
"""

import os
import socket
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.cache import cache
from django.utils import translation

from bench.peer import Peer
from tests import laptop as laptop_install
from tests.browser import browser, playwright  # noqa: F401 (one Playwright for every test package)


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache (cached pages, login counts), also on a shared Redis."""
    cache.clear()


@pytest.fixture(autouse=True)
def public_version_cached(settings):
    """The public version from the cache, as production does with Redis; a test run is one
    process, so the per-process memory cache behaves like a shared one here."""
    settings.PUBLIC_VERSION_CACHED = True


@pytest.fixture(autouse=True)
def static_files_without_collectstatic(settings):
    """Production serves hashed names from collectstatic's manifest; tests use the app's files."""
    settings.STATIC_ROOT = None
    settings.WHITENOISE_USE_FINDERS = True
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def publications_apart(settings, tmp_path_factory):
    """Publication targets build their local copies in the test's own folder, not in the checkout."""
    settings.PUBLICATION_ROOT = tmp_path_factory.getbasetemp() / f"publications-{uuid.uuid4().hex}"


@pytest.fixture(autouse=True)
def english_by_default(settings):
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def checks_inline(settings):
    """The gacrux checks run inline after a commit, not in a thread of their own (which would
    race the test for the database); tests/web/test_background_checks.py turns the thread on."""
    settings.TASKS_IN_THREAD = False


@pytest.fixture(scope="session")
def laptop(tmp_path_factory) -> laptop_install.Laptop:
    """The wheel built and installed into a fresh virtualenv outside the checkout, once for every ``package``
    test (building takes a minute)."""
    return laptop_install.install(tmp_path_factory.mktemp("laptop"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _cache_url() -> str:
    """The hall's Redis, another database of it eight above the hall's (the server's pages must not be the
    hall's, nor another test worker's: tests/worker_redis.py); else none."""
    parts = urlsplit(os.environ.get("CACHE_URL", ""))
    if parts.scheme != "redis":
        return ""
    return urlunsplit(parts._replace(path=f"/{int(parts.path.strip('/') or 0) + 8}"))


def _worker_database_url() -> str:
    """DATABASE_URL named after the test worker, as pytest-django names its test database: two workers
    each start a peer (``<name>_gw0_peer``, ``<name>_gw1_peer``), never one on the other's database."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path=f"{parts.path}_{worker}")) if worker else os.environ["DATABASE_URL"]


@pytest.fixture(scope="module")
def peer():
    """A second Arbiter, the public server halls push to: gunicorn on its own PostgreSQL database
    (bench/peer.py)."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the public server runs on PostgreSQL")
    with Peer(database_url=_worker_database_url(), cache_url=_cache_url(), port=_free_port()) as server:
        yield server
