"""Secrets the server must read back (a publication target's password or push token), sealed at rest.

A database dump, a backup or a look at the table shows ``sealed:`` and a Fernet token, not the
password. The key is derived from ``SECRET_KEY``, so nothing new has to be kept safe; a key rotated
the Django way (the old one in ``SECRET_KEY_FALLBACKS``) still opens what the old key sealed. A
value sealed under a key that is gone cannot be opened: ``unseal`` says so and the TD types the
password again.
"""

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

PREFIX = "sealed:"


class Unreadable(Exception):
    """The value was sealed under a secret key this server no longer has."""


def seal(text: str) -> str:
    """``text`` sealed with the current key; "" stays "" (no secret)."""
    return PREFIX + _fernet().encrypt(text.encode()).decode() if text else ""


def unseal(stored: str) -> str:
    """What ``seal`` was given; a value stored before sealing (plain text) is read as it is."""
    if not stored.startswith(PREFIX):
        return stored
    try:
        return _fernet().decrypt(stored.removeprefix(PREFIX).encode()).decode()
    except InvalidToken as error:
        raise Unreadable from error


def _fernet() -> MultiFernet:
    keys = [settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS]
    return MultiFernet([Fernet(_derived(key)) for key in keys])


def _derived(secret_key: str) -> bytes:
    """A Fernet key of its own purpose from ``SECRET_KEY`` (never the key itself)."""
    digest = hashlib.sha256(b"arbiter.sealed:" + secret_key.encode()).digest()
    return base64.urlsafe_b64encode(digest)
