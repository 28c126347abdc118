"""Unit tests for arbiter/env.py: bad configuration must fail loudly and by name."""

import os
import stat

import pytest
from django.core.exceptions import ImproperlyConfigured

from arbiter.env import (
    env_bool,
    env_cache,
    env_choice,
    env_database,
    env_int,
    env_list,
    env_str,
    env_timezone,
    secret_key,
)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("true", True),
        ("TRUE", True),
        ("1", True),
        ("Yes", True),
        ("on", True),
        ("false", False),
        ("0", False),
        ("NO", False),
        ("Off", False),
    ],
)
def test_env_bool_accepts_known_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("ARBITER_FLAG", raw)
    assert env_bool("ARBITER_FLAG", not expected) is expected


def test_env_bool_unset_or_empty_gives_default(monkeypatch):
    monkeypatch.delenv("ARBITER_FLAG", raising=False)
    assert env_bool("ARBITER_FLAG", True) is True
    monkeypatch.setenv("ARBITER_FLAG", "")
    assert env_bool("ARBITER_FLAG", False) is False


def test_env_bool_rejects_other_values_naming_variable_and_value(monkeypatch):
    monkeypatch.setenv("ARBITER_FLAG", "ture")
    with pytest.raises(ImproperlyConfigured) as exc:
        env_bool("ARBITER_FLAG", False)
    assert "ARBITER_FLAG" in str(exc.value)
    assert "'ture'" in str(exc.value)


def test_env_str_and_list(monkeypatch):
    monkeypatch.delenv("ARBITER_X", raising=False)
    assert env_str("ARBITER_X", "fallback") == "fallback"
    assert env_list("ARBITER_X", "localhost,127.0.0.1") == ["localhost", "127.0.0.1"]
    monkeypatch.setenv("ARBITER_X", " a.example , b.example,, ")
    assert env_str("ARBITER_X", "fallback") == " a.example , b.example,, "
    assert env_list("ARBITER_X", "") == ["a.example", "b.example"]


def test_env_choice_validates(monkeypatch):
    monkeypatch.setenv("LANGUAGE_CODE", "en")
    assert env_choice("LANGUAGE_CODE", "de", ["de", "en"]) == "en"
    monkeypatch.delenv("LANGUAGE_CODE")
    assert env_choice("LANGUAGE_CODE", "de", ["de", "en"]) == "de"
    monkeypatch.setenv("LANGUAGE_CODE", "fr")
    with pytest.raises(ImproperlyConfigured, match=r"LANGUAGE_CODE='fr' is not one of: de, en"):
        env_choice("LANGUAGE_CODE", "de", ["de", "en"])


def test_env_timezone_validates(monkeypatch):
    monkeypatch.setenv("TIME_ZONE", "America/New_York")
    assert env_timezone("TIME_ZONE", "Europe/Berlin") == "America/New_York"
    monkeypatch.setenv("TIME_ZONE", "Europe/Atlantis")
    with pytest.raises(ImproperlyConfigured, match="TIME_ZONE='Europe/Atlantis'"):
        env_timezone("TIME_ZONE", "Europe/Berlin")


def test_database_default_is_sqlite_file(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert env_database("DATABASE_URL", tmp_path / "db.sqlite3") == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(tmp_path / "db.sqlite3"),
    }


def test_database_sqlite_relative_is_under_base_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/arbiter.db")
    assert env_database("DATABASE_URL", "unused", base_dir=tmp_path) == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(tmp_path / "data" / "arbiter.db"),
    }


def test_database_sqlite_absolute(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "sqlite:////var/lib/arbiter/db.sqlite3")
    assert env_database("DATABASE_URL", "unused", base_dir=tmp_path)["NAME"] == ("/var/lib/arbiter/db.sqlite3")


def test_database_sqlite_memory(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "sqlite://:memory:")
    assert env_database("DATABASE_URL", "unused")["NAME"] == ":memory:"


def test_database_postgres_full_url_is_decoded(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://arb%40iter:p%40ss%3Aw%2Fd@db.example.org:6543/club%20db")
    assert env_database("DATABASE_URL", "unused") == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "club db",
        "USER": "arb@iter",
        "PASSWORD": "p@ss:w/d",
        "HOST": "db.example.org",
        "PORT": "6543",
    }


def test_database_postgresql_scheme_minimal_and_options(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1/arbiter?sslmode=disable")
    assert env_database("DATABASE_URL", "unused") == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "arbiter",
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": "127.0.0.1",
        "PORT": "",
        "OPTIONS": {"sslmode": "disable"},
    }


def test_database_postgres_socket_dir_keeps_case(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://%2Frun%2FPostgres/arbiter")
    entry = env_database("DATABASE_URL", "unused")
    assert entry["HOST"] == "/run/Postgres"
    assert entry["NAME"] == "arbiter"


@pytest.mark.parametrize(
    "url, message",
    [
        ("mysql://root@localhost/arbiter", "unsupported scheme 'mysql'"),
        ("db.sqlite3", "is not a URL"),
        ("postgres://postgres@localhost/", "names no database"),
        ("postgres://postgres@localhost:notaport/arbiter", "bad port"),
    ],
)
def test_database_bad_urls_raise_naming_variable(monkeypatch, url, message):
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(ImproperlyConfigured) as exc:
        env_database("DATABASE_URL", "unused")
    assert "DATABASE_URL" in str(exc.value)
    assert message in str(exc.value)


def test_secret_key_prefers_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert secret_key(tmp_path / ".secret_key") == "from-env"
    assert not (tmp_path / ".secret_key").exists()


def test_secret_key_is_generated_once_with_mode_0600(monkeypatch, tmp_path):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    path = tmp_path / ".secret_key"
    first = secret_key(path)
    assert len(first) >= 50
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert secret_key(path) == first
    assert path.read_text() == first + "\n"


def test_env_int_reads_whole_numbers_and_names_bad_values(monkeypatch):
    monkeypatch.setenv("ARBITER_NUMBER", " 31536000 ")
    assert env_int("ARBITER_NUMBER", 0) == 31536000
    monkeypatch.setenv("ARBITER_NUMBER", "ein Jahr")
    with pytest.raises(ImproperlyConfigured, match="ARBITER_NUMBER='ein Jahr' is not a whole number"):
        env_int("ARBITER_NUMBER", 0)
    monkeypatch.setenv("ARBITER_NUMBER", "0")
    with pytest.raises(ImproperlyConfigured, match="must be at least 1"):
        env_int("ARBITER_NUMBER", 5, minimum=1)


def test_env_cache_is_memory_by_default_and_redis_by_url(monkeypatch):
    monkeypatch.delenv("ARBITER_CACHE", raising=False)
    assert env_cache("ARBITER_CACHE")["BACKEND"].endswith("LocMemCache")
    monkeypatch.setenv("ARBITER_CACHE", "redis://127.0.0.1:6379/2")
    assert env_cache("ARBITER_CACHE") == {
        "BACKEND": "arbiter.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/2",
    }
    monkeypatch.setenv("ARBITER_CACHE", "memcached://x")
    with pytest.raises(ImproperlyConfigured, match="ARBITER_CACHE"):
        env_cache("ARBITER_CACHE")
