"""A result write answers with the encounter as it wrote it, built from the rows it read under its
locks (``EncounterRows.written``), not read again: the answer must be what a read of the match
shows next, byte for byte and with the same ETag, for every kind of result the writer stores."""

import pytest
from rest_framework.test import APIClient

from tests.test_four_player import schach4
from tournaments.models import AuditEntry
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def _url(tournament, match, suffix=""):
    return f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/{suffix}"


def _written_and_read(client, tournament, match, body):
    written = client.post(_url(tournament, match, "result/"), body, format="json")
    assert written.status_code == 200, written.content
    read = client.get(_url(tournament, match))
    return written, read


def _assert_same(written, read):
    assert written.content == read.content
    assert written["ETag"] == read["ETag"]


def test_a_board_result_answers_what_a_read_shows(world):
    match = world.a.rounds.get(number=1).matches.get(table=1)
    client = world.client("arbiter_a")
    written, read = _written_and_read(client, world.a, match, {"board": 2, "result": "½-½", "version": 1})
    assert written.json()["version"] == 2 and written.json()["boards"][1]["result"] == "½-½"
    assert written.json()["score"] == {"first": 0.5, "second": 0.5, "first_mp": None, "second_mp": None, "missing": 3}
    _assert_same(written, read)
    again, read = _written_and_read(client, world.a, match, {"board": 2, "result": "½-½", "version": 2})
    assert again.json()["version"] == 2  # the same result again changes nothing
    _assert_same(again, read)


def test_a_board_result_in_a_published_round_answers_what_a_read_shows(world):
    round_ = world.a.rounds.get(number=1)
    round_publish(round_=round_, user=world.users["director_a"])
    match = round_.matches.get(table=2)
    written, read = _written_and_read(
        world.client("director_a"), world.a, match, {"board": 1, "result": "0-1", "version": 1}
    )
    assert written.json()["results_published"] is True and written.json()["boards"][0]["result"] == "0-1"
    _assert_same(written, read)


def test_a_match_result_answers_what_a_read_shows(world, tandem):
    """Tandem §1.3: the match's own result, deciding board and how."""
    match = tandem.rounds.get(number=1).matches.get(table=1, leg=2)
    body = {"result": "0-1", "deciding_board": 2, "decided_by": "time-neighbour", "version": 1}
    written, read = _written_and_read(world.client("arbiter_a"), tandem, match, body)
    assert (written.json()["result"], written.json()["deciding_board"]) == ("0-1", 2)
    _assert_same(written, read)


def test_a_tables_finishing_order_answers_what_a_read_shows(django_user_model):
    """Schach4: each side's place, and the seat a ``-`` empties shown without its player."""
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    client = APIClient()
    client.force_login(django_user_model.objects.create_superuser("td", password="x"))
    written, read = _written_and_read(client, tournament, match, {"places": "1 - 3 2", "version": match.version})
    seats = written.json()["boards"][0]["seats"]
    assert [(seat["player"] and seat["player"]["name"], seat["place"]) for seat in seats] == [
        ("Anna", 1),
        (None, 0),
        ("Cem", 3),
        ("Dora", 2),
    ]
    _assert_same(written, read)


def test_a_match_of_another_tournament_is_not_found_and_nothing_is_written(world):
    """The writer finds the match's round by locking it, joined to the tournament in the URL: A's
    director naming B's match under A's address gets 404, as before the lookup moved (issue 29)."""
    other = world.b.rounds.get(number=1).matches.get(table=1)
    response = world.client("director_a").post(
        _url(world.a, other, "result/"), {"board": 1, "result": "1-0", "version": 1}, format="json"
    )
    assert response.status_code == 404
    assert other.boards.get(board=1).result == "" and not AuditEntry.objects.filter(match=other).exists()
