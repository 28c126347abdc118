"""The permission matrix: every write endpoint, three named users and an anonymous client.

Director of A may do everything in A; the arbiter of A only lineups, results and incidents (403
for the rest); the director of B has no role in A and gets 404, as if A's staff area did not exist;
anonymous clients get 401. Nothing is written by a refused request.
"""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.builders import enter_board
from tournaments.models import AuditEntry, BoardGame, Match, Player, Tournament
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def _match(world) -> Match:
    return world.a.rounds.get(number=1).matches.with_sides().get(table=1)


def _base(world) -> str:
    return f"/api/v1/tournaments/{world.a.slug}/"


def update(world):
    return "patch", _base(world), {"venue": "Kronach, Schützenhaus"}


def team_create(world):
    return "post", _base(world) + "teams/", {"name": "SV Neudrossenfeld", "players": [{"name": "Jörg Größer"}]}


def roster_set(world):
    team = world.a.teams.get(seed=1)
    return "put", _base(world) + f"teams/{team.pk}/roster/", {"players": [{"name": "Björn Schäfer"}]}


def pair(world):
    return "post", _base(world) + "rounds/pair/", {}


def publish(world):
    return "post", _base(world) + "rounds/1/publish/", None


def unpublish(world):
    round_publish(round_=world.a.rounds.get(number=1))
    return "post", _base(world) + "rounds/1/unpublish/", None


def unpair(world):
    return "post", _base(world) + "rounds/1/unpair/", {}


def result(world):
    match = _match(world)
    return "post", _base(world) + f"matches/{match.pk}/result/", {"board": 2, "result": "½-½", "version": match.version}


def lineup(world):
    match = _match(world)
    body = {"team": match.second_team_id, "positions": [1, 2, 3, 5], "version": match.version}
    return "put", _base(world) + f"matches/{match.pk}/lineup/", body


def revert(world):
    board = _match(world).boards.get(board=1)
    enter_board(board=board, result="1-0")
    entry = AuditEntry.objects.get(action="result", match=board.match)
    return "post", _base(world) + f"audit/{entry.pk}/revert/", None


def role_grant(world):
    return "post", _base(world) + "roles/", {"username": "helper", "role": "arbiter"}


def role_revoke(world):
    return "delete", _base(world) + "roles/arbiter_a/", None


def incident_create(world):
    match = _match(world)
    return (
        "post",
        _base(world) + "incidents/",
        {"match": match.pk, "board": 1, "side": "first", "kind": "clock-other-hand"},
    )


def incident_decide(world):
    from tournaments.services.incidents import incident_record

    incident = incident_record(match=_match(world), board=2, side="second", kind="touch-move")
    return "post", _base(world) + f"incidents/{incident.pk}/decide/", {}


def playoff(world):
    return "post", _base(world) + "playoff/", None


def playoff_lots(world):
    teams = list(world.a.teams.order_by("seed").values_list("pk", flat=True))
    return "post", _base(world) + "playoff/lots/", {"order": teams[:2]}


def withdraw(world):
    team = world.a.teams.get(seed=4)
    return "post", _base(world) + f"teams/{team.pk}/withdraw/", {"from_round": 1}


# endpoint -> status for the director of A (the arbiter's is the same when marked True)
ENDPOINTS = {
    update: (200, False),
    team_create: (400, False),  # allowed, but the rosters are locked since round 1 was paired
    roster_set: (400, False),
    pair: (201, False),
    publish: (200, False),
    unpublish: (200, False),
    unpair: (204, False),
    result: (200, True),
    lineup: (200, True),
    revert: (200, False),
    role_grant: (201, False),
    role_revoke: (204, False),
    incident_create: (201, True),
    incident_decide: (200, True),
    playoff: (400, False),  # allowed, but there is no tie for first to play off (Blitz §16)
    playoff_lots: (400, False),  # allowed, but there is no play-off whose ties lots could break
    withdraw: (200, False),
}
EXPECTED = {
    "director_a": lambda director, arbiter_too: director,
    "arbiter_a": lambda director, arbiter_too: director if arbiter_too else 403,
    "director_b": lambda director, arbiter_too: 404,
    None: lambda director, arbiter_too: 401,
}


def _snapshot():
    return AuditEntry.objects.count(), list(Tournament.objects.values_list("venue", flat=True).order_by("pk"))


@pytest.mark.parametrize("user", list(EXPECTED), ids=lambda u: u or "anonymous")
@pytest.mark.parametrize("endpoint", list(ENDPOINTS), ids=lambda e: e.__name__)
def test_write_permission_matrix(world, endpoint, user):
    method, url, body = endpoint(world)
    before = _snapshot()
    response = getattr(world.client(user), method)(url, body, format="json")
    expected = EXPECTED[user](*ENDPOINTS[endpoint])
    assert response.status_code == expected, response.content
    if expected >= 400:
        assert _snapshot() == before, "a refused request wrote something"
        assert response.json()["detail"]
    else:
        assert AuditEntry.objects.count() > before[0], "an accepted write left no audit entry"
        assert AuditEntry.objects.latest("id").source == "api"


PRIVATE_READS = ["audit/", "roles/", "archive/", "incidents/", "claim/?claimant=K%2BQ"]


@pytest.mark.parametrize("path", PRIVATE_READS)
def test_private_reads_are_404_without_a_role_and_401_anonymously(world, path):
    url = _base(world) + path
    assert world.client("director_a").get(url).status_code == 200
    assert world.client("arbiter_a").get(url).status_code == 200
    assert world.client("director_b").get(url).status_code == 404
    assert world.client(None).get(url).status_code == 401
    assert world.client("director_b").get(f"/api/v1/tournaments/{world.b.slug}/{path}").status_code == 200


def test_match_audit_is_private(world):
    url = _base(world) + f"matches/{_match(world).pk}/audit/"
    assert world.client("arbiter_a").get(url).status_code == 200
    assert world.client("director_b").get(url).status_code == 404


def test_staff_may_create_a_tournament_and_becomes_its_director(world):
    assert world.client(None).post("/api/v1/tournaments/", {"name": "Bezirkspokal"}, format="json").status_code == 401
    refused = world.client("helper").post("/api/v1/tournaments/", {"name": "Bezirkspokal"}, format="json")
    assert refused.status_code == 403 and "staff" in refused.json()["detail"]
    assert not Tournament.objects.filter(name="Bezirkspokal").exists()
    response = world.client("director_b").post("/api/v1/tournaments/", {"name": "Bezirkspokal Süd"}, format="json")
    assert response.status_code == 201
    assert response.json()["role"] == "director"
    assert response.json()["boards"] == 4 and response.json()["colour_pattern"] == "BWBW"


def test_a_superuser_directs_every_tournament(world):
    world.users["helper"].is_superuser = True
    world.users["helper"].save()
    response = world.client("helper").post(_base(world) + "rounds/1/publish/")
    assert response.status_code == 200 and response.json()["published"] is True


def test_tokens_are_private_to_their_owner_and_can_be_revoked(world):
    created = world.client("director_a").post("/api/v1/tokens/", {"name": "Laptop am Brett 1"}, format="json")
    assert created.status_code == 201
    key, pk = created.json()["key"], created.json()["id"]
    assert key.startswith("arb_") and key not in str(world.client("director_a").get("/api/v1/tokens/").json())
    assert world.client("director_b").delete(f"/api/v1/tokens/{pk}/").status_code == 404
    own = world.client("director_a")
    own.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert own.get(_base(world) + "audit/").status_code == 200
    assert world.client("director_a").delete(f"/api/v1/tokens/{pk}/").status_code == 204
    assert own.get(_base(world) + "audit/").status_code == 401


def test_the_tournament_list_shows_my_role_in_a_fixed_number_of_queries(world, django_assert_max_num_queries):
    client = world.client("arbiter_a")
    with django_assert_max_num_queries(6):
        listed = client.get("/api/v1/tournaments/").json()["results"]
    assert [(t["slug"], t["role"]) for t in listed] == [(world.b.slug, None), (world.a.slug, "arbiter")]
    mine = client.get("/api/v1/tournaments/?mine=true").json()["results"]
    assert [t["slug"] for t in mine] == [world.a.slug]


def test_session_writes_need_the_csrf_token(world):
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(world.users["director_a"])
    assert browser.get(_base(world) + "audit/").status_code == 200
    refused = browser.post(_base(world) + "rounds/1/publish/")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    token = browser.get("/accounts/login/").cookies["csrftoken"].value
    assert browser.post(_base(world) + "rounds/1/publish/", HTTP_X_CSRFTOKEN=token).status_code == 200


@pytest.mark.parametrize("model", ["boardgame", "match", "tournamentrole", "apitoken"])
def test_the_admin_shows_results_roles_and_tokens_but_cannot_bypass_the_audit(world, model):
    world.users["helper"].is_superuser = world.users["helper"].is_staff = True
    world.users["helper"].save()
    admin = Client()
    admin.force_login(world.users["helper"])
    assert admin.get(f"/admin/tournaments/{model}/").status_code == 200
    board = BoardGame.objects.filter(match__round__tournament=world.a).first()
    if model == "boardgame":
        admin.post(f"/admin/tournaments/boardgame/{board.pk}/change/", {"result": "1-0"})
        board.refresh_from_db()
        assert board.result == ""


@pytest.mark.parametrize(
    "name, sees", [(None, False), ("director_b", False), ("arbiter_a", True), ("director_a", True)]
)
def test_federation_ids_are_shown_only_to_the_tournaments_staff(world, name, sees):
    """A membership number is private: no public page shows it, so neither does the public API."""
    team = world.a.teams.order_by("seed").first()
    player = team.players.order_by("position").first()
    Player.objects.filter(pk=player.pk).update(federation_id="10-4711")
    client = world.client(name)
    base = f"/api/v1/tournaments/{world.a.slug}/"
    listed = client.get(base + "teams/").json()["results"][0]["players"][0]
    detail = client.get(f"{base}teams/{team.pk}/").json()["players"][0]
    players = client.get(base + "players/").json()["results"][0]
    for data in (listed, detail, players):
        assert data["name"] == player.name
        assert data.get("federation_id") == ("10-4711" if sees else None)
        assert ("federation_id" in data) is sees
