"""Results through the API: versions and ETags (no lost updates), publication, audit and revert."""

import pytest
from django.db import connection

from tests.builders import play_round
from tournaments.models import AuditEntry, BoardGame

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(world):
    return world.a.rounds.get(number=1).matches.get(table=1)


def _url(world, match, suffix=""):
    return f"/api/v1/tournaments/{world.a.slug}/matches/{match.pk}/{suffix}"


def test_a_stale_write_gets_409_with_the_current_state_and_changes_nothing(world, match):
    arbiter, director = world.client("arbiter_a"), world.client("director_a")
    read = arbiter.get(_url(world, match))
    assert read["ETag"] == f'"m{match.pk}v1"' and read.json()["version"] == 1
    first = director.post(_url(world, match, "result/"), {"board": 1, "result": "1-0", "version": 1}, format="json")
    assert first.status_code == 200 and first["ETag"] == f'"m{match.pk}v2"'
    stale = arbiter.post(
        _url(world, match, "result/"), {"board": 1, "result": "0-1"}, format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert stale.status_code == 409
    body = stale.json()
    assert body["field"] == "version" and "version 2" in body["detail"]
    assert body["current"]["version"] == 2 and body["current"]["boards"][0]["result"] == "1-0"
    assert BoardGame.objects.get(match=match, board=1).result == "1-0"
    fresh = arbiter.post(
        _url(world, match, "result/"), {"board": 1, "result": "0-1"}, format="json", HTTP_IF_MATCH=stale["ETag"]
    )
    assert fresh.status_code == 200 and fresh.json()["boards"][0]["result"] == "0-1"


def test_a_result_write_must_name_its_version(world, match):
    response = world.client("arbiter_a").post(
        _url(world, match, "result/"), {"board": 1, "result": "1-0"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "version"


def test_rule_violations_are_400_naming_the_field_and_the_rule(world, match):
    client = world.client("arbiter_a")
    bad = client.post(_url(world, match, "result/"), {"board": 3, "result": "2-0", "version": 1}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "board 3"
    lineup = client.put(
        _url(world, match, "lineup/"),
        {"team": match.first_team_id, "positions": [5, 2, 3, 4], "version": 1},
        format="json",
    )
    assert lineup.status_code == 400
    assert lineup.json()["detail"] == "board 1: a substitute may only play board 4 (Blitz preamble)."
    shape = client.post(_url(world, match, "result/"), {"board": "zwei", "result": 1}, format="json")
    assert shape.status_code == 400 and shape.json()["field"] == "board"


def test_errors_come_in_the_users_language(world, match):
    response = world.client("arbiter_a").post(
        _url(world, match, "result/"),
        {"board": 3, "result": "2-0", "version": 1},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.json()["detail"] == "board 3: “2-0” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --."


def test_the_public_sees_results_only_of_published_rounds(world, match):
    play_round(world.a.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 0-1 0-1"})
    matches = f"/api/v1/tournaments/{world.a.slug}/matches/?round=1"
    standings = f"/api/v1/tournaments/{world.a.slug}/standings/"
    public, staff = world.client(None), world.client("arbiter_a")
    assert [b["result"] for b in public.get(matches).json()["results"][0]["boards"]] == ["", "", "", ""]
    assert [b["result"] for b in staff.get(matches).json()["results"][0]["boards"]] == ["1-0", "1-0", "½-½", "0-1"]
    assert world.client("director_b").get(matches).json()["results"][0]["boards"][0]["result"] == ""
    assert public.get(standings).json()["after_round"] == 0
    assert staff.get(standings).json()["rows"][0]["mp"] == 2
    world.client("director_a").post(f"/api/v1/tournaments/{world.a.slug}/rounds/1/publish/")
    assert [b["result"] for b in public.get(matches).json()["results"][0]["boards"]] == ["1-0", "1-0", "½-½", "0-1"]
    rows = public.get(standings).json()["rows"]
    assert [(r["mp"], r["bp"]) for r in rows] == [(2, 4), (2, 2.5), (0, 1.5), (0, 0)]
    # each row says why it is below the one above (issue 16): match points, then board points
    assert rows[0]["reason"] is None
    assert rows[2]["reason"] == {
        "code": "MP",
        "above": 2,
        "own": 0,
        "shared": False,
        "playoff": False,
        "text": "behind the one above on MP (2 : 0).",
    }
    assert (rows[3]["reason"]["code"], rows[3]["reason"]["above"], rows[3]["reason"]["own"]) == ("BP", 1.5, 0)


def test_matches_filter_by_team_and_are_ordered(world):
    world.client("director_a").post(f"/api/v1/tournaments/{world.a.slug}/rounds/pair/", {"all": True}, format="json")
    team = world.a.teams.get(seed=1)
    listed = world.client(None).get(f"/api/v1/tournaments/{world.a.slug}/matches/?team={team.pk}").json()
    assert listed["count"] == 3
    assert [m["round"] for m in listed["results"]] == [1, 2, 3]
    assert all(team.pk in (m["first_team"]["id"], (m["second_team"] or {}).get("id")) for m in listed["results"])
    assert world.client(None).get(f"/api/v1/tournaments/{world.a.slug}/matches/?round=x").status_code == 400


def test_every_result_change_is_in_the_match_audit_and_a_director_can_revert_it(world, match):
    director = world.client("director_a")
    for version, result in ((1, "1-0"), (2, "0-1")):
        director.post(_url(world, match, "result/"), {"board": 2, "result": result, "version": version}, format="json")
    history = world.client("arbiter_a").get(_url(world, match, "audit/")).json()["results"]
    assert [(e["old_value"], e["new_value"], e["user"], e["source"]) for e in history] == [
        ("1-0", "0-1", "director_a", "api"),
        (None, "1-0", "director_a", "api"),
    ]
    older = history[1]["id"]
    refused = director.post(f"/api/v1/tournaments/{world.a.slug}/audit/{older}/revert/")
    assert refused.status_code == 400 and refused.json()["field"] == "audit_entry"
    assert (
        world.client("arbiter_a")
        .post(f"/api/v1/tournaments/{world.a.slug}/audit/{history[0]['id']}/revert/")
        .status_code
        == 403
    )
    reverted = director.post(f"/api/v1/tournaments/{world.a.slug}/audit/{history[0]['id']}/revert/")
    assert reverted.status_code == 200 and reverted.json()["boards"][1]["result"] == "1-0"
    entry = AuditEntry.objects.filter(match=match).latest("id")
    assert (entry.old_value, entry.new_value, entry.reverts_id) == ("0-1", "1-0", history[0]["id"])


def test_a_round_with_results_is_paired_again_only_after_explicitly_deleting_them(world, match):
    play_round(world.a.rounds.get(number=1), {1: "1-0 1-0 ½-½ 0-1"})
    director = world.client("director_a")
    url = f"/api/v1/tournaments/{world.a.slug}/rounds/1/unpair/"
    refused = director.post(url, {}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "delete_results"
    assert world.a.rounds.count() == 1
    assert director.post(url, {"delete_results": True}, format="json").status_code == 204
    entry = AuditEntry.objects.filter(tournament=world.a, action="pairing").latest("id")
    assert entry.old_value["results"] == {"T1 B1": "1-0", "T1 B2": "1-0", "T1 B3": "½-½", "T1 B4": "0-1"}
    assert director.post(f"/api/v1/tournaments/{world.a.slug}/rounds/pair/", {}, format="json").status_code == 201


@pytest.mark.parametrize(
    "change, field",
    [
        ({"max_substitutes": 100_000}, "max_substitutes"),
        ({"boards": 40_000}, "boards"),
        ({"match_points": {"win": 1e308}}, "match_points.win"),
        ({"tiebreaks_other": ["BP", "ÄÖÜ"]}, "tiebreaks_other"),
        ({"start_date": "31.12.2026"}, "start_date"),
    ],
)
def test_out_of_range_settings_are_400_not_a_database_error(world, change, field):
    response = world.client("director_a").patch(f"/api/v1/tournaments/{world.a.slug}/", change, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field


@pytest.mark.parametrize(
    "url",
    [
        "players/?team=121115456352521602203648",
        "matches/?round=99999999999999999999",
        "matches/99999999999999999999999/",
        "rounds/123456789/publish/",
    ],
)
def test_numbers_too_large_for_the_database_are_refused_not_crashed(world, url):
    response = world.client("director_a").get(f"/api/v1/tournaments/{world.a.slug}/{url}")
    assert response.status_code in (400, 404, 405)
    assert response.json()["detail"]


def test_an_overlong_etag_is_a_bad_request(world, match):
    response = world.client("arbiter_a").post(
        _url(world, match, "result/"),
        {"board": 1, "result": "1-0"},
        format="json",
        HTTP_IF_MATCH='"m' + "1" * 5000 + 'v1"',
    )
    assert response.status_code == 400 and response.json()["field"] == "If-Match"


def test_a_result_write_takes_a_fixed_number_of_queries(world, match, django_assert_num_queries):
    """Token, tournament with the role; the lock order (services/locks.py: the tournament named in
    the URL, the match's round found by its own lock statement, then the match locked and read), the
    encounter's seats in one query (the read model's, so the answer is built from them: issue 29),
    the board's result, the match's version and the audit entry in one statement (three on SQLite:
    ``services/statements.py``); and two savepoint statements (the test runs inside a transaction).
    Issues 7 and 29. SQLite has no row locks (immediate transactions serialise its writers): the
    tournament's lock statement is not sent there, the round is only looked up."""
    director = world.client("director_a")
    first = director.post(_url(world, match, "result/"), {"board": 1, "result": "1-0", "version": 1}, format="json")
    assert first.status_code == 200  # also notes the token's first use, which is a write of its own
    with django_assert_num_queries({"postgresql": 9, "sqlite": 10}[connection.vendor]):
        second = director.post(
            _url(world, match, "result/"), {"board": 2, "result": "½-½", "version": 2}, format="json"
        )
    assert second.status_code == 200 and second.json()["version"] == 3
    assert [board["result"] for board in second.json()["boards"]][:2] == ["1-0", "½-½"]
