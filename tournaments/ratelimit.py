"""A small cache-based limiter for failed logins (password form and API tokens).

Failures are counted per client address in a fixed window; once the limit is reached further
attempts are refused until the window ends, so guessing passwords or keys stays slow. It uses
Django's cache, so with several processes configure a shared cache (e.g. Redis).
"""

import ipaddress

from django.conf import settings
from django.core.cache import cache


def _key(scope: str, client: str) -> str:
    return f"login-failures:{scope}:{client}"


def client_address(request) -> str:
    """The client's address: the peer, or behind trusted proxies (``TRUSTED_PROXIES``) the
    nearest address in ``X-Forwarded-For`` that is not one of them.

    The header is read from the right, where our own proxy appended the address it saw; what a
    client wrote further left is never believed, and a malformed entry ends the walk there.
    """
    address = request.META.get("REMOTE_ADDR") or "unknown"
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    while _trusted(address) and hops:
        hop = hops.pop()
        try:
            address = str(ipaddress.ip_address(hop))
        except ValueError:
            break
    return address


def _trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in settings.TRUSTED_PROXIES)


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
