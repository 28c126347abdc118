"""Production settings pass `check --deploy`; the login form and token auth are rate-limited."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent.parent


def test_check_deploy_is_clean_with_production_settings():
    env = {
        # the browser tests' async switch belongs to the test process, never to a deployment
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")},
        "DEBUG": "false",
        "HTTPS": "true",
        "SECRET_KEY": "k7Qe-3vXr9_pL2mZ8wT4yN6bF1hJ5sD0gC7aV3uE9iO2qR8xK4nM6tB1wY5zH0jL",
        "ALLOWED_HOSTS": "arbiter.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_placeholder_secret_key_of_the_deploy_file_fails_check_deploy():
    """Issue 27 item 7: a copied deploy/arbiter.env ran with a publicly known key."""
    placeholder = next(
        line.partition("=")[2]
        for line in (ROOT / "deploy" / "arbiter.env").read_text().splitlines()
        if line.startswith("SECRET_KEY=")
    )
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")},
        "DEBUG": "false",
        "HTTPS": "true",
        "SECRET_KEY": placeholder,
        "ALLOWED_HOSTS": "arbiter.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "arbiter.E001" in result.stderr and "placeholder" in result.stderr


def test_without_https_check_deploy_names_the_missing_settings():
    env = {**os.environ, "DEBUG": "false", "HTTPS": "false", "ALLOWED_HOSTS": "arbiter.example.org"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "security.W004" in result.stdout + result.stderr  # HSTS
    assert "security.W012" in result.stdout + result.stderr  # session cookie


@pytest.mark.django_db
def test_login_is_limited_per_address_and_a_success_resets_the_count(settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    get_user_model().objects.create_user("td", password="Schach-2026!")
    client = Client()
    assert client.get("/accounts/login/").status_code == 200
    for _ in range(3):
        assert client.post("/accounts/login/", {"username": "td", "password": "falsch"}).status_code == 200
    blocked = client.post("/accounts/login/", {"username": "td", "password": "Schach-2026!"})
    assert blocked.status_code == 429
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.post("/accounts/login/", {"username": "td", "password": "Schach-2026!"}).status_code == 302


@pytest.mark.django_db
def test_the_login_form_is_csrf_protected():
    get_user_model().objects.create_user("td", password="Schach-2026!")
    client = Client(enforce_csrf_checks=True)
    assert client.post("/accounts/login/", {"username": "td", "password": "x"}).status_code == 403


def test_guessing_tokens_is_limited(world, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    client = world.client(None)
    client.credentials(HTTP_AUTHORIZATION="Token arb_guess")
    assert [client.get("/api/v1/tokens/").status_code for _ in range(4)] == [401, 401, 401, 429]
    good = world.client("director_a")
    assert good.get("/api/v1/tokens/").status_code == 200  # the same address: a valid token still works
    assert client.get("/api/v1/tokens/").status_code == 429  # the guesser stays blocked


def test_docs_and_schema_are_served_without_a_cdn(client):
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html and "cdn" not in html.lower()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert "/api/v1/tournaments/{slug}/matches/{id}/result/" in schema.json()["paths"]
