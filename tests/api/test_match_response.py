"""The match as clients see it (``selectors.match_view``): real values, the return leg's colours,
what the public sees before publishing, and the same representation in every answer."""

import pytest

from tests.builders import enter_board, enter_match, play_round
from tournaments.models import BoardGame, Match, MatchSide, Seat
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def _url(tournament, match, suffix=""):
    return f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/{suffix}"


def test_a_match_shows_its_players_colours_results_and_score(world):
    round_ = world.a.rounds.get(number=1)
    match = round_.matches.get(table=1)
    Seat.objects.filter(game__match=match, game__board=2, position=1).update(player=None)  # an empty seat: null player
    play_round(round_, {1: "1-0"})
    data = world.client("arbiter_a").get(_url(world.a, match)).json()
    first = match.boards.prefetch_related("seats__player").get(board=1).first_player
    assert data["boards"][0]["first_player"] == {"id": first.pk, "name": first.name, "position": first.position}
    assert data["boards"][1]["first_player"] is None
    assert [(b["first_colour"], b["second_colour"]) for b in data["boards"]] == [
        ("B", "W"),
        ("W", "B"),
        ("B", "W"),
        ("W", "B"),
    ]  # Blitz §18: BWBW
    assert [b["result"] for b in data["boards"]] == [row.result for row in match.boards.order_by("board")]
    assert data["boards"][0]["result"] == "1-0" and data["version"] == Match.objects.get(pk=match.pk).version
    assert data["score"] == {"first": 1.0, "second": 0.0, "first_mp": None, "second_mp": None, "missing": 3}


def test_the_return_leg_shows_the_swapped_colours(world, tandem):
    """Issue 14: the API showed leg 1's colours for leg 2. The return leg names the other team
    first (Tandem §8.2 holds in both legs), so each team's colours are swapped there."""
    client = world.client(None)
    legs = [tandem.rounds.get(number=1).matches.get(table=1, leg=leg) for leg in (1, 2)]
    first, second = (client.get(_url(tandem, m)).json() for m in legs)
    assert [(b["first_colour"], b["second_colour"]) for b in first["boards"]] == [("B", "W"), ("W", "B")]
    assert [(b["first_colour"], b["second_colour"]) for b in second["boards"]] == [("B", "W"), ("W", "B")]
    assert (second["first_team"], second["second_team"]) == (first["second_team"], first["first_team"])
    listed = client.get(f"/api/v1/tournaments/{tandem.slug}/matches/?round=1").json()["results"]
    assert [[b["first_colour"] for b in m["boards"]] for m in listed if m["table"] == 1] == [["B", "W"], ["B", "W"]]


def test_the_public_sees_nothing_move_in_a_draft_round_until_it_is_published(world):
    """Issue 18 item 9: version and ETag of a draft round's match moved with every result typed."""
    round_ = world.a.rounds.get(number=1)
    match = round_.matches.get(table=1)
    public, arbiter = world.client(None), world.client("arbiter_a")
    before = public.get(_url(world.a, match))
    enter_board(board=match.boards.get(board=1), result="1-0")
    after = public.get(_url(world.a, match))
    assert before.json() == after.json() and before["ETag"] == after["ETag"]
    assert after.json()["version"] == 0 and after.json()["score"] is None and after.json()["boards"][0]["result"] == ""
    listed = public.get(f"/api/v1/tournaments/{world.a.slug}/matches/?round=1").json()["results"]
    assert {m["version"] for m in listed} == {0}
    private = arbiter.get(_url(world.a, match))
    assert private.json()["version"] == 2 and private["ETag"] == f'"m{match.pk}v2"'
    round_publish(round_=round_, user=world.users["director_a"])
    published = public.get(_url(world.a, match))
    assert published.json()["version"] == 2 and published.json()["boards"][0]["result"] == "1-0"
    assert published["ETag"] == f'"m{match.pk}v2"'


def test_a_lineup_change_in_a_draft_round_changes_the_public_etag(world):
    """What the public does see (the players) still moves its ETag, so no cache keeps an old lineup."""
    match = world.a.rounds.get(number=1).matches.get(table=2)
    public = world.client(None)
    before = public.get(_url(world.a, match))
    changed = world.client("arbiter_a").put(
        _url(world.a, match, "lineup/"),
        {"team": match.first_team_id, "positions": [1, 2, 3, 5], "version": match.version},
        format="json",
    )
    assert changed.status_code == 200
    after = public.get(_url(world.a, match))
    assert after.json()["version"] == 0 and after.json()["boards"][3]["first_player"]["position"] == 5
    assert before["ETag"] != after["ETag"] and before["ETag"].startswith(f'W/"m{match.pk}p')


def test_list_detail_write_and_conflict_show_the_same_match(world):
    match = world.a.rounds.get(number=1).matches.get(table=2)
    arbiter = world.client("arbiter_a")
    written = arbiter.post(
        _url(world.a, match, "result/"), {"board": 1, "result": "½-½", "version": match.version}, format="json"
    )
    assert written.status_code == 200
    detail = arbiter.get(_url(world.a, match)).json()
    listed = arbiter.get(f"/api/v1/tournaments/{world.a.slug}/matches/?round=1").json()["results"]
    conflict = arbiter.post(  # board 1 changed since that version (another board would not conflict, issue 28)
        _url(world.a, match, "result/"), {"board": 1, "result": "1-0", "version": match.version}, format="json"
    )
    assert conflict.status_code == 409
    assert written.json() == detail == next(m for m in listed if m["id"] == match.pk) == conflict.json()["current"]
    assert detail["score"] == {"first": 0.5, "second": 0.5, "first_mp": None, "second_mp": None, "missing": 3}


def test_a_match_without_boards_shows_no_boards_and_no_score(world):
    match = world.a.rounds.get(number=1).matches.get(table=2)
    BoardGame.objects.filter(match=match).delete()
    MatchSide.objects.filter(match=match, position=2).delete()  # shaped like a bye
    data = world.client("arbiter_a").get(_url(world.a, match)).json()
    assert data["boards"] == [] and data["second_team"] is None and data["score"] is None
    assert data["first_team"] == {"id": match.first_team_id, "name": match.first_team.name}


def test_a_decided_tandem_match_shows_its_result_and_match_points(world, tandem):
    match = tandem.rounds.get(number=1).matches.get(table=1, leg=2)
    enter_match(match=match, result="0-1", deciding_board=2, decided_by="time-neighbour")
    data = world.client("arbiter_a").get(_url(tandem, match)).json()
    assert (data["result"], data["deciding_board"], data["decided_by"]) == ("0-1", 2, "time-neighbour")
    assert data["score"] == {"first": 0.0, "second": 1.0, "first_mp": 0.0, "second_mp": 2.0, "missing": 0}
