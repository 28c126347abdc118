"""Strict readers for settings taken from environment variables.

A typo in the environment should stop the app at start-up with a message
naming the variable, not silently fall back to a default. Unset and empty
variables both mean "use the default".
"""

import ipaddress
import os
import secrets
import zoneinfo
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def env_str(name, default):
    value = os.environ.get(name, "")
    return value if value != "" else default


def env_bool(name, default):
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use true/false, 1/0, yes/no or on/off")


def env_list(name, default):
    """Comma-separated list; blanks around items and empty items are dropped."""
    raw = env_str(name, default)
    if isinstance(raw, (list, tuple)):
        return list(raw)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name, default, choices):
    value = env_str(name, default)
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} is not one of: {', '.join(choices)}")
    return value


def env_timezone(name, default):
    value = env_str(name, default)
    try:
        zoneinfo.ZoneInfo(value)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
        raise ImproperlyConfigured(f"{name}={value!r} is not a known time zone") from exc
    return value


def env_database(name, default_sqlite_path, base_dir=None):
    """Parse a database URL into a Django DATABASES entry.

    sqlite:///db.sqlite3 is relative to base_dir (the project dir, not the
    working dir), sqlite:////abs/path.db is absolute; postgres:// and
    postgresql://user:pass@host:port/name are URL-decoded, and query
    parameters (e.g. ?sslmode=require) become OPTIONS.
    """
    url = env_str(name, "")
    if url == "":
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(default_sqlite_path)}

    scheme, sep, rest = url.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise ImproperlyConfigured(f"{name}={url!r} is not a URL (scheme://...)")

    if scheme == "sqlite":
        path = unquote(rest[1:] if rest.startswith("/") else rest)
        if path in ("", ":memory:"):
            path = ":memory:"
        elif not Path(path).is_absolute():
            path = str(Path(base_dir or Path.cwd()) / path)
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path}

    if scheme in ("postgres", "postgresql"):
        parts = urlsplit(url)
        try:
            port = parts.port
        except ValueError as exc:
            raise ImproperlyConfigured(f"{name} has a bad port: {url!r}") from exc
        db_name = unquote(parts.path.lstrip("/"))
        if not db_name:
            raise ImproperlyConfigured(f"{name}={url!r} names no database")
        entry = {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": db_name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": unquote(_host(parts.netloc)),
            "PORT": str(port) if port else "",
        }
        options = dict(parse_qsl(parts.query))
        if options:
            entry["OPTIONS"] = options
        return entry

    raise ImproperlyConfigured(f"{name} has unsupported scheme {scheme!r}; use sqlite:// or postgres://")


def _host(netloc):
    """Host part with its case kept (urlsplit lowercases it, which would
    mangle a percent-encoded socket directory)."""
    hostport = netloc.rpartition("@")[2]
    if hostport.startswith("["):
        return hostport[1:].partition("]")[0]
    return hostport.partition(":")[0]


def secret_key(path):
    """SECRET_KEY from the environment, else from a 0600 file made on first use.

    A generated, persisted key keeps sessions valid across restarts of a
    development install without anyone having to invent a key.
    """
    key = env_str("SECRET_KEY", "")
    if key:
        return key
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text().strip()
        if not key:
            raise ImproperlyConfigured(f"{path} is empty; delete it or set SECRET_KEY") from None
        return key
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w") as fh:
        fh.write(key + "\n")
    return key


def env_int(name, default, minimum=0):
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}")
    return value


def env_cache(name):
    """A Django CACHES entry: unset means per-process memory, redis://… a shared Redis cache."""
    url = env_str(name, "")
    if url == "":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": "arbiter.cache.RedisCache", "LOCATION": url}
    raise ImproperlyConfigured(f"{name}={url!r} is not supported; use redis://host:port/db or leave it unset")


def env_networks(name):
    """Comma-separated IP addresses or networks (``10.0.0.0/8``); anything else stops start-up."""
    networks = []
    for item in env_list(name, ""):
        try:
            networks.append(ipaddress.ip_network(item, strict=True))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not an IP address or network (e.g. 127.0.0.1 or 10.0.0.0/8)"
            ) from None
    return networks
