"""A small cache-based limiter for failed logins (password form and API tokens).

Failures are counted per client address in a fixed window; once the limit is reached further
attempts are refused until the window ends, so guessing passwords or keys stays slow. It uses
Django's cache, so with several processes configure a shared cache (e.g. Redis).
"""

from django.conf import settings
from django.core.cache import cache


def _key(scope: str, client: str) -> str:
    return f"login-failures:{scope}:{client}"


def client_address(request) -> str:
    """The peer address; behind a proxy, configure it to set REMOTE_ADDR (we do not trust headers)."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def login_blocked(scope: str, client: str) -> bool:
    return cache.get(_key(scope, client), 0) >= settings.LOGIN_FAILURE_LIMIT


def login_failed(scope: str, client: str) -> None:
    key = _key(scope, client)
    if cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW)
