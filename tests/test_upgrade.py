"""An existing database upgrades with ``migrate`` and loses nothing (issue 14 item 9).

``tests/fixtures/upgrade/db.sqlite3`` was written by the code of commit aee876d, before the
migration squash (``build_v1.py`` next to it says how): both demos, a play-off, incidents (one
decided), a withdrawal, lineups with a substitute, a corrected and reverted result. Its archives
as that code exported them lie in ``exports/``. The test migrates a copy with the current code —
in a subprocess on its own SQLite file, whatever database the suite itself runs on — and
exports every tournament again: the same tournaments, results and history must come out, equal
to the old export read as version 2 by the converter every import of a version 1 archive uses.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.archive.upgrade import v1_to_v2

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "upgrade"
SLUGS = ["frankenwaldpokal-beispiel", "frankenwaldpokal-demo", "tandem-demo"]


def _manage(database: Path, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "DJANGO_SETTINGS_MODULE": "arbiter.settings"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _rows(database: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(database) as db:
        return db.execute(sql).fetchall()


AUDIT = "SELECT id, tournament_id, match_id, created_at, reverts_id FROM tournaments_auditentry ORDER BY id"
VERSIONS = "SELECT id, version FROM tournaments_match ORDER BY id"


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory) -> Path:
    database = tmp_path_factory.mktemp("upgrade") / "db.sqlite3"
    shutil.copyfile(FIXTURE / "db.sqlite3", database)
    _manage(database, "migrate", "--no-input")
    return database


def test_the_fixture_holds_what_the_upgrade_must_keep():
    demo = json.loads((FIXTURE / "exports" / "frankenwaldpokal-demo.json").read_text(encoding="utf-8"))
    cup = json.loads((FIXTURE / "exports" / "frankenwaldpokal-beispiel.json").read_text(encoding="utf-8"))
    assert [i["decided_penalty"] for i in demo["incidents"]] == ["loss-of-game", None]
    assert [t["name"] for t in demo["teams"] if t["withdrawn_from_round"] == 8] == ["SV Mönchröden"]
    assert len(cup["playoffs"]) == 2
    reverted = _rows(FIXTURE / "db.sqlite3", "SELECT count(*) FROM tournaments_auditentry WHERE reverts_id IS NOT NULL")
    assert reverted == [(1,)]


def test_every_tournament_exports_as_before(upgraded):
    slugs = _rows(upgraded, "SELECT slug FROM tournaments_tournament ORDER BY slug")
    assert [slug for (slug,) in slugs] == SLUGS
    for slug in SLUGS:
        before = json.loads((FIXTURE / "exports" / f"{slug}.json").read_text(encoding="utf-8"))
        after = json.loads(_manage(upgraded, "export_tournament", slug))
        assert (before["version"], after["version"]) == (1, 2)
        expected = v1_to_v2(before)
        # Everything as before; the tournament may only gain settings added since (a compatible extension).
        assert {**after, "tournament": None} == {**expected, "tournament": None}, slug
        assert after["tournament"] | expected["tournament"] == after["tournament"], slug


def test_audit_entries_and_match_versions_survive(upgraded):
    old = FIXTURE / "db.sqlite3"
    assert len(_rows(old, AUDIT)) == 265
    assert _rows(upgraded, AUDIT) == _rows(old, AUDIT)
    assert _rows(upgraded, VERSIONS) == _rows(old, VERSIONS)
    assert max(version for _, version in _rows(upgraded, VERSIONS)) == 7
