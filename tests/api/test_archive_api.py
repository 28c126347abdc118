"""Archive export and import through the API; hostile files fail with 400 and write nothing."""

import json
from pathlib import Path

import pytest

from tournaments.models import AuditEntry, Team, Tournament

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "frankenwald-playoff.json"


def _import(world, body: bytes, **extra):
    return world.client("director_b").generic(
        "POST", "/api/v1/archives/", body, content_type="application/json", **extra
    )


def test_an_export_imports_as_a_new_tournament_directed_by_the_importer(world):
    exported = world.client("director_a").get(f"/api/v1/tournaments/{world.a.slug}/archive/")
    assert exported.status_code == 200 and exported.json()["format"]
    created = _import(world, exported.content)
    assert created.status_code == 201
    assert created.json()["slug"] == "frankenwaldpokal-2" and created.json()["role"] == "director"
    again = world.client("director_b").get("/api/v1/tournaments/frankenwaldpokal-2/archive/").json()
    assert again["rounds"] == exported.json()["rounds"] and again["teams"] == exported.json()["teams"]


def _example():
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def _with(change):
    archive = _example()
    change(archive)
    return json.dumps(archive).encode()


HOSTILE = {
    "wrong types": (_with(lambda a: a["teams"][0].update(seed="eins")), "teams[0].seed"),
    "unknown team": (
        _with(lambda a: a["rounds"][0]["matches"][1].update(second="SC Nirgendwo")),
        "round 1, table 2, second",
    ),
    "duplicate board": (
        _with(lambda a: a["rounds"][0]["matches"][0]["boards"].append(dict(a["rounds"][0]["matches"][0]["boards"][1]))),
        "round 1, table 1",
    ),
    "deeply nested": (b"[" * 200_000 + b"]" * 200_000, "archive"),
    "nested object": (b'{"format": ' + b'{"a":' * 50_000 + b"1" + b"}" * 50_000 + b"}", "archive"),
    "not json": (b"\xff\xfe{", "archive"),
    "not an object": (b"[1, 2, 3]", "format"),
    "empty": (b"", "archive"),
}


@pytest.mark.parametrize("body, field", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_archives_are_refused_with_400_and_nothing_is_written(world, body, field):
    before = (Tournament.objects.count(), Team.objects.count(), AuditEntry.objects.count())
    response = _import(world, body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["field"] == field
    assert (Tournament.objects.count(), Team.objects.count(), AuditEntry.objects.count()) == before


def test_a_100_mb_body_is_refused_by_its_length_before_it_is_read(world):
    # the test client would fail reading past the (empty) body, so a 400 proves nothing was read
    response = world.client("director_b").post(
        "/api/v1/archives/", data=b"", content_type="application/json", CONTENT_LENGTH=str(100 * 2**20)
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "archive: the file is larger than 20 MB."
    assert Tournament.objects.count() == 2


def test_a_large_body_is_refused_on_other_endpoints_too(world):
    body = json.dumps({"name": "x" * (3 * 2**20)})
    response = world.client("director_a").patch(
        f"/api/v1/tournaments/{world.a.slug}/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["detail"]  # the API's JSON shape, not Django's HTML page


def test_deeply_nested_json_on_an_ordinary_endpoint_is_400(world):
    body = "[" * 100_000 + "]" * 100_000
    response = world.client("director_a").patch(
        f"/api/v1/tournaments/{world.a.slug}/", body, content_type="application/json"
    )
    assert response.status_code == 400


def test_import_needs_a_login(world):
    response = world.client(None).generic(
        "POST", "/api/v1/archives/", EXAMPLE.read_bytes(), content_type="application/json"
    )
    assert response.status_code == 401


def test_import_needs_staff_as_on_the_desk(world):
    before = Tournament.objects.count()
    response = world.client("helper").generic(
        "POST", "/api/v1/archives/", EXAMPLE.read_bytes(), content_type="application/json"
    )
    assert response.status_code == 403 and "staff" in response.json()["detail"]
    assert Tournament.objects.count() == before
