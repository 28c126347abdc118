"""The hall laptop's install: the wheel built from pyproject.toml, installed into a fresh virtualenv outside the
checkout, runs the desk and the public pages with its own data folder (arbiter/cli.py)."""

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
def test_wheel_installs_outside_the_checkout_and_serves_the_desk_and_public_pages(laptop, tmp_path):
    data = tmp_path / "data"
    where = subprocess.run(
        [laptop.bin_dir / "python", "-c", "import arbiter; print(arbiter.__file__)"],
        check=True,
        cwd=tmp_path,
        env=laptop.env_for(data),
        capture_output=True,
        text=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(laptop.bin_dir.parent)
    assert not Path(where.strip()).is_relative_to(ROOT)

    demo = laptop.demo(data)
    assert demo.returncode == 0, demo.stderr
    assert "frankenwaldpokal-demo" in demo.stdout and "team-swiss-demo" in demo.stdout
    assert (data / "db.sqlite3").is_file() and (data / ".secret_key").is_file()
    publish = laptop.arbiter("publish", tmp_path / "site", data=data)
    assert publish.returncode == 0, publish.stderr
    version = publish.stdout.strip().splitlines()[-1]
    assert (
        tmp_path / "site" / "v" / version / "de" / "t" / "frankenwaldpokal-demo" / "standings" / "index.html"
    ).is_file()

    with laptop.running(data) as base:
        status, login = _get(f"{base}/accounts/login/")
        assert status == 200 and 'name="password"' in login
        status, standings = _get(f"{base}/t/frankenwaldpokal-demo/standings/")
        assert status == 200 and "SC Höchstadt" in standings
        stylesheet = re.search(r'href="(/static/arbiter\.[0-9a-f]+\.css)"', login).group(1)
        status, css = _get(base + stylesheet)
        assert status == 200 and css
