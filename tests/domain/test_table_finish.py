"""Finishing orders and placement points, worked by hand (rules/README §4)."""

from fractions import Fraction

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.tables.finishing import format_finish, parse_finish
from tournaments.domain.tables.variants import VIERERSCHACH, get_variant

V1 = get_variant("schach4-v1")
V2 = get_variant("schach4-v2")
V5 = get_variant("schach4-v5")


def summary(finish):
    return [(p.first, p.last, p.points, p.absent) for p in finish.placings()]


def test_a_clean_finish_scores_three_two_one_nothing():
    finish = parse_finish("3 1 4 2", V1)
    assert finish.places == ((2,), (0,), (3,), (1,))
    assert finish.seat_points() == {1: 2, 2: 0, 3: 3, 4: 1}
    assert [p.won for p in finish.placings()] == [False, False, True, False]


def test_three_still_in_at_a_draw_share_the_first_three_places():
    finish = parse_finish("1 = 3 = 2 4", V1)  # seat 4 mated first, then a stalemate: 1, 3, 2 share 1st–3rd
    assert summary(finish) == [
        (1, 3, 2, False),
        (1, 3, 2, False),
        (1, 3, 2, False),
        (4, 4, 0, False),
    ]


@pytest.mark.parametrize("text, place", [("1 3 = 2 4", 2), ("4 2 1=3", 3), ("1 2 3=4", 3)])
def test_schach4_ende_des_spiels_no_place_below_the_first_is_shared(text, place):
    """Schach4 "Ende des Spiels": a mate counts when the mated player is to move, so players drop
    out one at a time, and a draw ends the game for all still in: they share the top places."""
    with pytest.raises(RuleViolation) as error:
        parse_finish(text, V1)
    assert error.value.text() == (
        f"result: place {place} cannot be shared: players drop out one at a time, and only the sides still in when "
        "the game is drawn share a place, the first (Schach4 Ende des Spiels)."
    )


def test_two_sides_sharing_first_of_four_score_two_and_a_half_and_neither_wins():
    drawn = parse_finish("2=4 3 1", V1)
    assert drawn.seat_points() == {1: 0, 2: Fraction(5, 2), 3: 1, 4: Fraction(5, 2)}
    assert not any(p.won for p in drawn.placings())
    assert parse_finish("1=2=3=4", V1).seat_points() == {1: 1.5, 2: 1.5, 3: 1.5, 4: 1.5}


def test_three_and_two_sides():
    assert parse_finish("2 3 1", V5).seat_points() == {1: 0, 2: 2, 3: 1}
    assert parse_finish("2=3 1", V5).seat_points() == {1: 0, 2: 1.5, 3: 1.5}
    assert parse_finish("2 1", get_variant("schach4-v9")).seat_points() == {1: 0, 2: 1}


def test_every_player_of_a_side_scores_the_sides_points():
    finish = parse_finish("2 1", V2)  # one seat names its side: seats 2 + 4 first
    assert finish.seat_points() == {1: 0, 2: 1, 3: 0, 4: 1}
    assert parse_finish("4 = 2 3 = 1", V2).seat_points() == {1: 0, 2: 1, 3: 0, 4: 1}
    assert parse_finish("1=2", V2).seat_points() == {1: 0.5, 2: 0.5, 3: 0.5, 4: 0.5}


def test_an_absent_player_is_last_with_nothing_and_the_others_are_placed_above():
    finish = parse_finish("3 1 2", V1, absent_seats={4})
    assert summary(finish) == [(2, 2, 2, False), (3, 3, 1, False), (1, 1, 3, False), (4, 4, 0, True)]
    two_absent = parse_finish("4 2", V1, absent_seats={1, 3})
    assert summary(two_absent) == [(3, 4, 0, True), (2, 2, 2, False), (3, 4, 0, True), (1, 1, 3, False)]
    assert [p.won for p in two_absent.placings()] == [False, False, False, True]
    everyone_absent = parse_finish("", V5, absent_seats={1, 2, 3})
    assert everyone_absent.seat_points() == {1: 0, 2: 0, 3: 0}


def test_a_preset_may_set_other_points_per_place():
    finish = parse_finish("1=2 3 4", V1, points_per_place={4: (5, 3, 2, 0)})
    assert finish.seat_points() == {1: 4, 2: 4, 3: 2, 4: 0}
    with pytest.raises(RuleViolation) as error:
        parse_finish("1 2 3 4", V1, points_per_place={4: (5, 3, 2)}).placings()
    assert error.value.field == "points_per_place"


def test_typed_form_round_trips():
    for text in ("1 3 2 4", "2 = 4 3 1", "1 = 2 = 3 = 4"):
        assert format_finish(parse_finish(text, V1)) == text
    assert format_finish(parse_finish("4 3", V2)) == "2 1"


@pytest.mark.parametrize(
    "text, absent, field, message",
    [
        ("1 2 3 5", (), "result", "there is no seat 5 at this table; Schach4 V1 has seats 1 to 4 (Schach4 V1)."),
        ("1 2 2 3 4", (), "result", "seat 2 is named twice; every seat takes one place."),
        (
            "1 2 4",
            (),
            "result",
            "seat 3 has no place; name every seat present from first place to last (Schach4 Ende des Spiels).",
        ),
        (
            "1 2 x 3",
            (),
            "result",
            "“x” is not a seat number; type seats from first place to last, = for a shared place.",
        ),
        ("= 1 2 3 4", (), "result", "“=” joins a seat to the place before it, so it needs a seat on each side."),
        ("1 2 3 4 =", (), "result", "“=” joins a seat to the place before it, so it needs a seat on each side."),
        (
            "1 2 3 4",
            (4,),
            "result",
            "seat 4 is absent: its side takes the last place by forfeit and is not typed (Schach4 Ende des Spiels).",
        ),
        ("1 2 3", (7,), "absent", "there is no seat 7 at this table; Schach4 V1 has seats 1 to 4 (Schach4 V1)."),
    ],
)
def test_bad_finishes_are_refused_naming_field_and_rule(text, absent, field, message):
    with pytest.raises(RuleViolation) as error:
        parse_finish(text, V1, absent_seats=absent)
    assert error.value.field == field
    assert error.value.text() == f"{field}: {message}"


def test_partners_cannot_finish_in_different_places():
    with pytest.raises(RuleViolation) as error:
        parse_finish("1 2 3", V2)
    assert error.value.text() == "result: seats 1, 3 play for one side and finish in one place (Schach4 V2)."


def test_a_shared_place_is_refused_where_the_variant_cannot_be_drawn():
    from dataclasses import replace

    undrawable = replace(V1, can_draw=False)
    assert parse_finish("1 2 3 4", undrawable).seat_points()[1] == 3
    with pytest.raises(RuleViolation) as error:
        parse_finish("1 2=3 4", undrawable)
    assert error.value.rule == "Schach4 V1" and "cannot be drawn" in error.value.message


def test_viererschach_as_a_finish_of_two_sides():
    finish = parse_finish("3 1", VIERERSCHACH)  # Black + Red took both kings
    assert finish.seat_points() == {1: 0, 4: 0, 3: 1, 2: 1}
