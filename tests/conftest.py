"""Tests assert on the English source strings; German (the site default) is tested in test_i18n.py.

Without this, every page and message in a test would come out in German as soon as the
compiled catalogue in locale/ exists.
"""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english_by_default(settings):
    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield
