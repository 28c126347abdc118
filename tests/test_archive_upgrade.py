"""The version 1 → 2 reading (tournaments/archive/upgrade.py) keeps what version 1 meant."""

import pytest

from tournaments.archive.upgrade import v1_to_v2
from tournaments.domain.errors import RuleViolation


def _v1(match: dict, **tournament) -> dict:
    return {
        "format": "arbiter-tournament",
        "version": 1,
        "tournament": {"name": "Pokal", **tournament},
        "teams": [
            {"name": "A", "players": [{"name": f"A{i}"} for i in range(1, 6)]},
            {"name": "B", "players": [{"name": f"B{i}"} for i in range(1, 4)]},
        ],
        "rounds": [{"number": 1, "matches": [match]}],
    }


def _encounter(archive: dict) -> dict:
    return v1_to_v2(archive)["rounds"][0]["encounters"][0]


def test_spellings_become_each_seats_own_score_and_missing_players_the_registered_ones():
    boards = [
        {"board": 1, "result": "1/2-1/2"},
        {"board": 2, "first_player": None, "result": "-+"},
        {"board": 3, "second_player": "B1", "result": "0:1"},
        {"board": 4, "first_player": "A5", "second_player": None},
    ]
    games = _encounter(_v1({"table": 1, "first": "A", "second": "B", "boards": boards}))["games"]
    assert [[(s["side"], s["player"], s["colour"], s["result"]) for s in g["seats"]] for g in games] == [
        [(1, "A1", "B", "½"), (2, "B1", "W", "½")],  # Frankenwald BWBW from the preset (Blitz §18)
        [(1, None, "W", "-"), (2, "B2", "B", "+")],
        [(1, "A3", "B", "0"), (2, "B1", "W", "1")],
        [(1, "A5", "W", None), (2, None, "B", None)],  # team B has no fourth player
    ]


def test_a_return_leg_swaps_the_colours_and_a_match_result_goes_to_the_sides():
    match = {
        "table": 1,
        "leg": 2,
        "first": "A",
        "second": "B",
        "result": "+-",
        "deciding_board": None,
        "decided_by": None,
        "boards": [{"board": 1}, {"board": 2}],
    }
    encounter = _encounter(_v1(match, preset="tandem-dsb"))
    assert encounter["sides"] == [{"entrant": "A", "result": "+"}, {"entrant": "B", "result": "-"}]
    assert (encounter["leg"], encounter["deciding_board"], encounter["decided_by"]) == (2, None, None)
    assert [[s["colour"] for s in g["seats"]] for g in encounter["games"]] == [
        ["W", "B"],
        ["B", "W"],
    ]  # Tandem §8.2 swapped


def test_a_bye_and_pairings_only_keep_their_shape():
    assert _encounter(_v1({"table": 3, "first": "A", "second": None, "boards": []})) == {
        "table": 3,
        "sides": [{"entrant": "A"}],
        "games": [],
    }
    assert "games" not in _encounter(_v1({"table": 1, "first": "A", "second": "B"}))


def test_without_a_known_colour_pattern_the_seats_carry_none():
    games = _encounter(_v1({"table": 1, "first": "A", "second": "B", "boards": [{"board": 1}]}, preset="nope"))["games"]
    assert ["colour" in seat for seat in games[0]["seats"]] == [False, False]


def test_a_result_that_is_none_is_refused_with_its_place():
    with pytest.raises(RuleViolation) as error:
        v1_to_v2(_v1({"table": 2, "leg": 2, "first": "A", "second": "B", "boards": [{"board": 3, "result": "2-0"}]}))
    assert error.value.field == "round 1, table 2, leg 2, board 3"
