"""The hall laptop's install: the wheel built from pyproject.toml, installed into a fresh virtualenv outside the
checkout, runs the desk and the public pages with its own data folder (arbiter/cli.py)."""

import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from arbiter import cli

ROOT = Path(__file__).resolve().parent.parent


def test_data_folder_is_the_platforms_unless_the_environment_names_one(monkeypatch, tmp_path):
    monkeypatch.delenv("ARBITER_DATA_DIR", raising=False)
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "Local"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setattr(sys, "platform", "win32")
    assert cli.data_dir() == tmp_path / "Local" / "Arbiter"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert cli.data_dir() == Path.home() / "Library" / "Application Support" / "Arbiter"
    monkeypatch.setattr(sys, "platform", "linux")
    assert cli.data_dir() == tmp_path / "share" / "arbiter"
    monkeypatch.setenv("ARBITER_DATA_DIR", str(tmp_path / "here"))
    assert cli.data_dir() == tmp_path / "here"


def _get(url):
    request = urllib.request.Request(url, headers={"Accept-Language": "en"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read().decode()


@pytest.mark.package
def test_wheel_installs_outside_the_checkout_and_serves_the_desk_and_public_pages(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist", ROOT],
        check=True,
        cwd=tmp_path,
    )
    (wheel,) = (tmp_path / "dist").glob("arbiter_chess-*.whl")
    subprocess.run([sys.executable, "-m", "venv", tmp_path / "venv"], check=True)
    bin_dir = tmp_path / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    subprocess.run([bin_dir / "python", "-m", "pip", "install", "-q", wheel], check=True, cwd=tmp_path)
    # a laptop's environment: none of the developer's or CI's database, cache or broker settings
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CACHE_", "CELERY_", "DJANGO_"))}
    env["ARBITER_DATA_DIR"] = str(tmp_path / "data")

    where = subprocess.run(
        [bin_dir / "python", "-c", "import arbiter; print(arbiter.__file__)"],
        check=True,
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(tmp_path / "venv")

    demo = subprocess.run([bin_dir / "arbiter", "demo"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert demo.returncode == 0, demo.stderr
    assert "frankenwaldpokal-demo" in demo.stdout and "team-swiss-demo" in demo.stdout
    assert (tmp_path / "data" / "db.sqlite3").is_file() and (tmp_path / "data" / ".secret_key").is_file()
    publish = subprocess.run(
        [bin_dir / "arbiter", "publish", tmp_path / "site"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert publish.returncode == 0, publish.stderr
    version = publish.stdout.strip().splitlines()[-1]
    assert (
        tmp_path / "site" / "v" / version / "de" / "t" / "frankenwaldpokal-demo" / "standings" / "index.html"
    ).is_file()

    server = subprocess.Popen(
        [bin_dir / "arbiter", "run", "--no-browser", "--port", "0"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        for line in server.stdout:
            if match := re.search(r"Arbiter is running at (http://127\.0\.0\.1:\d+)/desk/", line):
                break
        else:
            pytest.fail(f"arbiter run ended with {server.wait()} before printing its address")
        base = match.group(1)
        status, login = _get(f"{base}/accounts/login/")
        assert status == 200 and 'name="password"' in login
        status, standings = _get(f"{base}/t/frankenwaldpokal-demo/standings/")
        assert status == 200 and "SC Höchstadt" in standings
        stylesheet = re.search(r'href="(/static/arbiter\.[0-9a-f]+\.css)"', login).group(1)
        status, css = _get(base + stylesheet)
        assert status == 200 and css
    finally:
        server.terminate()
        server.wait(timeout=30)
