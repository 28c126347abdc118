"""A cache-based limiter for failed logins (password forms and API tokens).

Policy for passwords (desk login and admin login share it): failures are counted in a fixed
window (``LOGIN_FAILURE_WINDOW`` seconds) per client address, per account, and per address and
account together. An attempt is refused (429) when

* this address has failed for this account ``LOGIN_FAILURE_LIMIT`` times, or
* this address has failed ``LOGIN_FAILURE_LIMIT`` times in all and has failed for this account
  at least once, or
* the account has failed ``LOGIN_ACCOUNT_FAILURE_LIMIT`` times from anywhere.

So a burst of wrong passwords from one hall's shared address slows the guessers but does not
lock out a director whose account has not failed from there: a correct password still gets in.

Atomic: an attempt takes its place in the counters (cache ``add``/``incr``, atomic on Django's
Redis and memory caches) *before* the password or token is checked and gives it back when it
succeeds or is refused, so simultaneous guesses cannot all pass a check made before any of them
was counted. The counters are taken in turn, the narrowest first (address and account together,
then the address, then the account), and a refused attempt takes no further one: attempts refused
at the pair never crowd the address's count, so simultaneous guesses at one account from one
address get exactly the limit of checks, no fewer. API tokens are random 256-bit keys, so they
are counted per address only. Several server processes need a shared cache (e.g. Redis).
"""

import hashlib
import ipaddress

from django.conf import settings
from django.core.cache import cache


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


def _key(*parts: str) -> str:
    # hashed: user names may hold anything, cache keys may not
    return "login-failures:" + hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()


def _take(key: str) -> int:
    """Count one more attempt under ``key``; the count including it."""
    while True:
        if cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # the window ended between add and incr: start the next one
            continue


def _give_back(key: str) -> None:
    try:
        cache.decr(key)
    except ValueError:  # the window ended meanwhile
        pass


class _Attempt:
    """One login in flight: the places it took, given back unless it failed."""

    def __init__(self):
        self.keys: list[str] = []

    def take(self, key: str) -> int:
        self.keys.append(key)
        return _take(key)

    def succeeded(self) -> None:
        """Not a failure: give back the places taken."""
        for key in self.keys:
            _give_back(key)
        self.keys = []


class PasswordAttempt(_Attempt):
    """One password login in flight: ``allowed`` says whether to check the password at all.

    A refused attempt gives its places back at once and ``succeeded()`` does so for a correct
    password, so the counters hold failures only (and the attempts still being checked).
    """

    def __init__(self, address: str, account: str):
        super().__init__()
        account = account.strip().casefold()
        limit = settings.LOGIN_FAILURE_LIMIT
        pair = self.take(_key("pair", address, account))
        self.allowed = (
            pair <= limit
            and (self.take(_key("address", address)) <= limit or pair == 1)
            and self.take(_key("account", account)) <= settings.LOGIN_ACCOUNT_FAILURE_LIMIT
        )
        if not self.allowed:
            self.succeeded()


class TokenAttempt(_Attempt):
    """One API token in flight from ``client``: ``allowed`` says whether to look the token up.

    Counted like a password: a wrong token keeps its place, ``succeeded()`` gives it back for a
    valid one (or a header that names no token to check), a refused attempt at once.
    """

    def __init__(self, client: str):
        super().__init__()
        self.allowed = self.take(_key("token", client)) <= settings.LOGIN_FAILURE_LIMIT
        if not self.allowed:
            self.succeeded()
