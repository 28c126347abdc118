"""A desk form sent twice (a double click, a reload after POST) is saved once.

Each rendered form carries a random token; the first POST claims it in the cache (``cache.add`` is
atomic, across processes with a shared ``CACHE_URL``), so a repeat is told so instead of creating a
second tournament or team, or racing the first into the database. A POST the service refuses gives
its token back, so the corrected form can be sent again.
"""

from uuid import uuid4

from django.core.cache import cache

FIELD = "submission"
KEEP_SECONDS = 6 * 3600


def submission_token(request) -> str:
    """The token of the form being re-rendered, or a fresh one for a new form."""
    token = request.POST.get(FIELD, "")
    return token if len(token) == 32 and token.isalnum() else uuid4().hex


def claim_submission(request) -> bool:
    """False when this form was sent before; a POST without a token (scripts) always claims."""
    token = request.POST.get(FIELD, "")
    return not token or cache.add(_key(token), True, timeout=KEEP_SECONDS)


def release_submission(request) -> None:
    token = request.POST.get(FIELD, "")
    if token:
        cache.delete(_key(token))


def _key(token: str) -> str:
    return f"desk-submission:{token[:64]}"
