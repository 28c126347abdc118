"""A cache-based limiter for failed logins (password forms and API tokens).

Policy for passwords (desk login and admin login share it): failures are counted in a fixed
window (``LOGIN_FAILURE_WINDOW`` seconds) per client address, per account, and per address and
account together. An attempt is refused (429) when

* this address has failed for this account ``LOGIN_FAILURE_LIMIT`` times, or
* this address has failed ``LOGIN_FAILURE_LIMIT`` times in all and has failed for this account
  at least once, or
* the account has failed ``LOGIN_ACCOUNT_FAILURE_LIMIT`` times from anywhere and has failed from
  this address at least once.

So a burst of wrong passwords from one hall's shared address slows the guessers but does not
lock out a director whose account has not failed from there, and guesses at the director's
account from many addresses do not lock the director out everywhere: from an address that has
not failed for the account, a correct password still gets in (issue 27 item 8). A guesser gets
one try per address and window beyond the account's limit.

Atomic: a password attempt takes its place in the counters (cache ``add``/``incr``, atomic on
Django's Redis and memory caches) *before* the password is checked and gives it back when it
succeeds or is refused, so simultaneous guesses cannot all pass a check made before any of them
was counted. The counters are taken in turn, the narrowest first (address and account together,
then the address, then the account), and a refused attempt takes no further one: attempts refused
at the pair never crowd the address's count, so simultaneous guesses at one account from one
address get exactly the limit of checks, no fewer.

API tokens are random 256-bit keys, so they are counted per address only, and only when wrong: a
script's many simultaneous requests with a valid token are never counted, and a valid token is
never refused, whatever wrong ones others behind the same address (one hall's NAT) sent: only a
wrong token is answered 429 once its address is over the limit. A wrong token takes its place
after the look-up, atomically, so simultaneous guesses get exactly the limit of "invalid token"
answers. Several server
processes need a shared cache (e.g. Redis).
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


class PasswordAttempt:
    """One password login in flight: ``allowed`` says whether to check the password at all.

    A refused attempt gives its places back at once and ``succeeded()`` does so for a correct
    password, so the counters hold failures only (and the attempts still being checked).
    """

    def __init__(self, address: str, account: str):
        self.keys: list[str] = []
        account = account.strip().casefold()
        limit = settings.LOGIN_FAILURE_LIMIT
        pair = self._take(_key("pair", address, account))
        self.allowed = (
            pair <= limit
            and (self._take(_key("address", address)) <= limit or pair == 1)
            and (self._take(_key("account", account)) <= settings.LOGIN_ACCOUNT_FAILURE_LIMIT or pair == 1)
        )
        if not self.allowed:
            self.succeeded()

    def _take(self, key: str) -> int:
        self.keys.append(key)
        return _take(key)

    def succeeded(self) -> None:
        """Not a failure: give back the places taken."""
        for key in self.keys:
            _give_back(key)
        self.keys = []


def token_blocked(client: str, *, kind: str = "token") -> bool:
    """This address has had its limit of wrong tokens (or captain codes: ``kind``) in the window:
    refuse before the look-up."""
    return (cache.get(_key(kind, client)) or 0) >= settings.LOGIN_FAILURE_LIMIT


def token_failed(client: str, *, kind: str = "token") -> bool:
    """Count a wrong token from ``client``; False when it is over the limit (answer it as blocked)."""
    return _take(_key(kind, client)) <= settings.LOGIN_FAILURE_LIMIT


def push_allowed(token_id: int) -> bool:
    """Count one push with push token ``token_id``: False once it is over ``PUSH_LIMIT`` in the window
    (issue 31: a hall stuck in a loop, or a stolen token, cannot keep the public server importing)."""
    return _take(_key("push-token", str(token_id))) <= settings.PUSH_LIMIT


def captain_write_allowed(code_id: int, client: str) -> bool:
    """Count one report or answer sent with captain code ``code_id`` from ``client``: False once the
    code or the address is over its limit in the window (issue 30: a flood is refused, 429). A
    hall's shared address carries every team's phones, so its limit is ten times a code's."""
    return (
        _take(_key("captain-code", str(code_id))) <= settings.CAPTAIN_CODE_WRITE_LIMIT
        and _take(_key("captain-address", client)) <= settings.CAPTAIN_ADDRESS_WRITE_LIMIT
    )
