"""Production plumbing: /healthz, the client address behind trusted proxies, static files."""

import subprocess
import sys
from ipaddress import ip_network
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import DatabaseError
from django.templatetags.static import static
from django.test import Client, RequestFactory

from arbiter.env import env_networks
from tournaments import ratelimit
from tournaments.views import health


@pytest.mark.django_db
def test_healthz_answers_200_when_database_and_cache_answer():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.content.decode() == "database: ok\ncache: ok\n"
    assert "Set-Cookie" not in response.headers


@pytest.mark.django_db
def test_healthz_answers_503_naming_the_failing_cache(monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(health.cache, "set", broken)
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.content.decode() == "database: ok\ncache: failing\n"


@pytest.mark.django_db
def test_healthz_answers_503_naming_the_failing_database(monkeypatch):
    class Broken:
        def cursor(self):
            raise DatabaseError("connection refused")

    monkeypatch.setattr(health, "connection", Broken())
    response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.content.decode() == "database: failing\ncache: ok\n"


def _request(remote, forwarded=None):
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **meta)


def test_without_trusted_proxies_the_forwarded_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    assert ratelimit.client_address(_request("127.0.0.1", "198.51.100.4")) == "127.0.0.1"


def test_behind_a_trusted_proxy_the_client_it_saw_is_counted(settings):
    settings.TRUSTED_PROXIES = [ip_network("127.0.0.1"), ip_network("10.0.0.0/8")]
    # a client's own forged entry on the left is not believed; the proxies' entries are skipped
    request = _request("127.0.0.1", "203.0.113.9, 198.51.100.4, 10.1.2.3")
    assert ratelimit.client_address(request) == "198.51.100.4"
    assert ratelimit.client_address(_request("192.0.2.1", "198.51.100.4")) == "192.0.2.1"  # untrusted peer
    assert ratelimit.client_address(_request("127.0.0.1", "garbage")) == "127.0.0.1"
    assert ratelimit.client_address(_request("127.0.0.1")) == "127.0.0.1"


@pytest.mark.django_db
def test_the_login_limit_counts_the_client_behind_the_proxy(settings, django_user_model):
    settings.TRUSTED_PROXIES = [ip_network("127.0.0.1")]
    settings.LOGIN_FAILURE_LIMIT = 2
    django_user_model.objects.create_user("td", password="Schach-2026!")
    guesser = Client(HTTP_X_FORWARDED_FOR="198.51.100.4")
    for _ in range(2):
        assert guesser.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200
    assert guesser.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 429
    other = Client(HTTP_X_FORWARDED_FOR="198.51.100.5")  # same proxy, another client
    assert other.post("/accounts/login/", {"username": "td", "password": "Schach-2026!"}).status_code == 302


def test_trusted_proxies_are_validated_strictly(monkeypatch):
    monkeypatch.setenv("TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8, ::1")
    assert [str(n) for n in env_networks("TRUSTED_PROXIES")] == ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    for bad in ("localhost", "10.0.0.1/8", "300.1.1.1", "*"):
        monkeypatch.setenv("TRUSTED_PROXIES", bad)
        with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
            env_networks("TRUSTED_PROXIES")


ROOT = Path(__file__).resolve().parent.parent


def test_static_files_are_served_hashed_compressed_and_cached_for_a_year(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path
    settings.WHITENOISE_USE_FINDERS = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--no-input", verbosity=0)
    url = static("arbiter.css")
    assert url.startswith("/static/arbiter.") and url != "/static/arbiter.css"  # a content hash
    response = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "max-age=315360000" in response.headers["Cache-Control"]
    assert "immutable" in response.headers["Cache-Control"]


def test_the_gunicorn_configuration_loads_the_app():
    result = subprocess.run(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "-c",
            "deploy/gunicorn.conf.py",
            "--check-config",
            "arbiter.wsgi",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
