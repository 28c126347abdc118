"""Tests assert on the English source strings; German (the site default) is tested in test_i18n.py.

Without this, every page and message in a test would come out in German as soon as the
compiled catalogue in locale/ exists.
"""

import uuid

import pytest
from django.core.cache import cache
from django.utils import translation


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
