"""Keyboard entry of a table's finishing order as places per seat (issue 15; Schach4 "Ende des Spiels")."""

from fractions import Fraction

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.tables.entry import format_places, parse_places, seat_places, side_places
from tournaments.domain.tables.finishing import parse_finish
from tournaments.domain.tables.variants import get_variant

V1, V2, V5 = get_variant("schach4-v1"), get_variant("schach4-v2"), get_variant("schach4-v5")


def points(finish):
    return [placing.points for placing in finish.placings()]


def test_an_elimination_order_typed_as_places_scores_three_two_one_nothing():
    """Schach4 V1: seat 3 mated first, then seat 1; seat 2's pieces remain last and win."""
    finish = parse_places("2 1 4 3", V1)
    assert points(finish) == [2, 3, 0, 1]
    assert [placing.won for placing in finish.placings()] == [False, True, False, False]
    assert parse_places("2143", V1) == finish  # the digits may be typed without spaces


def test_a_draw_shares_the_places_of_the_sides_still_in():
    """Schach4 "Ende des Spiels": stalemate of the player to move draws; seats 1 and 4 still in
    share first and second place, (3 + 2) / 2 = 2½ each; a shared first place is no win."""
    finish = parse_places("1 4 3 1", V1)
    assert points(finish) == [Fraction(5, 2), 0, 1, Fraction(5, 2)]
    assert not any(placing.won for placing in finish.placings())
    assert finish == parse_finish("1 = 4 3 2", V1)  # the same finish typed as seats by place
    assert points(parse_places("1 1 1 4", V1)) == [2, 2, 2, 0]  # seat 4 mated, then a stalemate


@pytest.mark.parametrize(
    "typed, variant, place",
    [("1 2 2 4", V1, 2), ("1 2 3 3", V1, 3), ("2 1 2 2", V1, 2), ("1 2 1 2", get_variant("schach4-v4"), 2)],
)
def test_schach4_ende_des_spiels_refuses_a_shared_place_below_the_first(typed, variant, place):
    """Schach4 "Ende des Spiels": a mate counts only when the mated player is to move, so players
    drop out one at a time; a draw ends the game for everyone still in, who share the first
    places. ``1 2 2 4`` (two sides mated at once in second place) cannot happen, nor V4's
    ``1 2 1 2`` (the two singles sharing second behind the pair)."""
    with pytest.raises(RuleViolation) as error:
        parse_places(typed, variant)
    assert (error.value.field, error.value.rule, error.value.params) == (
        "result",
        "Schach4 Ende des Spiels",
        {"place": place},
    )
    assert points(parse_places("1 - - 2", V1)) == [3, 0, 0, 2]  # absent sides share the last places


def test_an_absent_seat_takes_the_last_place_with_no_points():
    """Issue 15: an absent player forfeits, last with 0 points; the others are placed above."""
    finish = parse_places("1 - 3 2", V1)
    assert points(finish) == [3, 0, 1, 2]
    assert side_places(finish) == (1, 4, 3, 2)
    assert seat_places(finish) == {1: 1, 2: None, 3: 3, 4: 2}
    assert format_places(finish) == "1 - 3 2"
    two_absent = parse_places("- 2 - 1", V1)
    assert points(two_absent) == [0, 2, 0, 3] and side_places(two_absent) == (3, 2, 3, 1)


def test_partners_share_their_sides_place():
    """Schach4 V2: partners diagonal (seats 1 + 3 against 2 + 4); 2 sides score 1/0."""
    assert points(parse_places("2 1 2 1", V2)) == [0, 1]
    with pytest.raises(RuleViolation) as error:
        parse_places("1 2 2 1", V2)
    assert (error.value.field, error.value.rule) == ("result.seat 3", "Schach4 V2")


@pytest.mark.parametrize(
    "typed, field, rule",
    [
        ("1 2 3", "result", "Schach4 V1"),  # a seat left out
        ("1 2 3 4 1", "result", "Schach4 V1"),  # a fifth seat
        ("1 3 3 4", "result.seat 2", "Schach4 Ende des Spiels"),  # second place missing
        ("1 2 a 3", "result", ""),
    ],
)
def test_bad_places_are_refused_with_the_field_and_rule(typed, field, rule):
    with pytest.raises(RuleViolation) as error:
        parse_places(typed, V1)
    assert (error.value.field, error.value.rule) == (field, rule)


def test_a_table_one_short_plays_three_sides_two_one_nothing():
    """Schach4 V5 (three players): 2/1/0."""
    assert points(parse_places("3 1 2", V5)) == [0, 2, 1]


def test_a_seat_nobody_took_can_only_be_typed_absent():
    from tournaments.domain.disciplines import get_discipline

    schach4 = get_discipline("schach4-v1")
    with pytest.raises(RuleViolation) as error:
        schach4.places("1 3 2", players=3, empty={2})  # a table of three plays V5
    assert (error.value.field, error.value.rule) == ("places.seat 2", "Schach4 Ende des Spiels")
    assert points(schach4.places("1 - 2", players=3, empty={2})) == [2, 0, 1]


def test_stored_places_read_back_as_the_same_finish():
    """The database keeps each seat's side's place, 0 for an absent seat (a forfeit)."""
    from tournaments.domain.disciplines import get_discipline
    from tournaments.domain.tables.entry import finish_from_stored, stored_places

    finish = parse_places("1 - 1 3", V1)
    assert stored_places(finish) == {1: 1, 2: 0, 3: 1, 4: 3}
    assert finish_from_stored(stored_places(finish), V1) == finish
    record = get_discipline("schach4-v1").encounter_record(2, [21, 22, 23, 24], places=[1, 0, 1, 3])
    assert [(side.entrant, side.score) for side in record.sides] == [(21, 2.5), (22, 0.0), (23, 2.5), (24, 1.0)]
    assert get_discipline("schach4-v1").encounter_record(2, [21, 22, 23, 24], places=[None] * 4) is None
