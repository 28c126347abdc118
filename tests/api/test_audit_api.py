"""The API's audit resource: the old fields unchanged, the target columns added beside them."""

import pytest

pytestmark = pytest.mark.django_db


def test_audit_entries_carry_their_target_columns_beside_the_label(world):
    match = world.a.rounds.get(number=1).matches.get(table=1)
    director = world.client("director_a")
    url = f"/api/v1/tournaments/{world.a.slug}/matches/{match.pk}/"
    assert director.post(url + "result/", {"board": 3, "result": "1-0", "version": 1}, format="json").status_code == 200
    entry = director.get(url + "audit/").json()["results"][0]
    assert {key: entry[key] for key in ("target", "old_value", "new_value", "source", "action", "match")} == {
        "target": "R1 T1 B3",
        "old_value": None,
        "new_value": "1-0",
        "source": "api",
        "action": "result",
        "match": match.pk,
    }
    assert {
        key: entry[key]
        for key in ("target_kind", "round_number", "table", "leg", "board", "seat", "team", "value_type")
    } == {
        "target_kind": "board",
        "round_number": 1,
        "table": 1,
        "leg": 1,
        "board": 3,
        "seat": None,
        "team": None,
        "value_type": "result",
    }
    roles = director.get(f"/api/v1/tournaments/{world.a.slug}/audit/?action=role").json()["results"]
    assert {(e["target_kind"], e["value_type"], e["round_number"]) for e in roles} == {("role", "role", None)}
