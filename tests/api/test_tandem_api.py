"""Tandem through the API: one result per match (Tandem §1.3), versioned, revertable; no board results."""

import pytest

from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _match_url(tournament, match, suffix=""):
    return f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/{suffix}"


def test_a_match_level_result_is_entered_versioned_and_shown_with_board_and_reason(world, tandem):
    match = tandem.rounds.get(number=1).matches.get(table=1, leg=2)
    arbiter = world.client("arbiter_a")
    body = {"result": "0-1", "deciding_board": 2, "decided_by": "time-neighbour", "version": 1}
    response = arbiter.post(_match_url(tandem, match, "result/"), body, format="json")
    assert response.status_code == 200, response.content
    shown = response.json()
    assert (shown["leg"], shown["result"], shown["deciding_board"], shown["decided_by"], shown["version"]) == (
        2,
        "0-1",
        2,
        "time-neighbour",
        2,
    )
    stale = arbiter.post(_match_url(tandem, match, "result/"), {**body, "result": "1-0"}, format="json")
    assert stale.status_code == 409 and stale.json()["current"]["result"] == "0-1"
    public = world.client(None).get(_match_url(tandem, match)).json()
    assert (public["result"], public["deciding_board"], public["decided_by"]) == ("", None, "")  # round not published


def test_a_board_result_on_a_tandem_match_and_a_match_result_on_a_blitz_match_are_400(world, tandem):
    match = tandem.rounds.get(number=1).matches.get(table=1, leg=1)
    board = world.client("director_a").post(
        _match_url(tandem, match, "result/"), {"board": 1, "result": "1-0", "version": 1}, format="json"
    )
    assert board.status_code == 400
    assert (board.json()["field"], board.json()["rule"]) == ("board 1", "Tandem §1.3")
    assert board.json()["detail"] == (
        "board 1: this match has one result for the whole match; enter it for the match, not per board (Tandem §1.3)."
    )
    blitz_match = world.a.rounds.get(number=1).matches.get(table=1)
    blitz = world.client("director_a").post(
        _match_url(world.a, blitz_match, "result/"),
        {"result": "1-0", "decided_by": "checkmate", "version": 1},
        format="json",
    )
    assert blitz.status_code == 400
    assert (
        blitz.json()["detail"]
        == "result: in this tournament every board has its own result; enter the results per board."
    )
    bad = world.client("director_a").post(
        _match_url(tandem, match, "result/"),
        {"result": "½-½", "deciding_board": 1, "decided_by": "double-mate", "version": 1},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["field"] == "deciding_board"
    assert AuditEntry.objects.filter(match=match, action="result").count() == 0


def test_a_director_reverts_a_match_level_change_through_the_api(world, tandem):
    match = tandem.rounds.get(number=1).matches.get(table=1, leg=1)
    director = world.client("director_a")
    director.post(
        _match_url(tandem, match, "result/"),
        {"result": "1-0", "deciding_board": 1, "decided_by": "checkmate", "version": 1},
        format="json",
    )
    director.post(_match_url(tandem, match, "result/"), {"result": "+-", "version": 2}, format="json")
    latest = AuditEntry.objects.filter(match=match, action="result").latest("id")
    reverted = director.post(f"/api/v1/tournaments/{tandem.slug}/audit/{latest.pk}/revert/")
    assert reverted.status_code == 200, reverted.content
    assert (reverted.json()["result"], reverted.json()["deciding_board"], reverted.json()["decided_by"]) == (
        "1-0",
        1,
        "checkmate",
    )
    assert (
        world.client("arbiter_a").post(f"/api/v1/tournaments/{tandem.slug}/audit/{latest.pk}/revert/").status_code
        == 403
    )
