"""Points per place a tournament sets instead of k − p (issue 15; rules/README §4)."""

from fractions import Fraction

import pytest

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.errors import RuleViolation
from tournaments.domain.tables.place_points import format_place_points, parse_place_points


def test_points_per_place_are_read_by_number_of_sides_and_written_back():
    points = parse_place_points(" 3: 2 1 0 ;4: 5 3 1.5 0")
    assert points == ((3, (2, 1, 0)), (4, (5, 3, Fraction(3, 2), 0)))
    assert format_place_points(points) == "3: 2 1 0; 4: 5 3 1.5 0"
    assert parse_place_points("") == ()


@pytest.mark.parametrize(
    "typed, message",
    [
        (
            "5: 4 3 2 1 0",
            "“5: 4 3 2 1 0” is not points per place: write the number of sides (2 to 4), a colon and the points for "
            "each place, e.g. 4: 3 2 1 0.",
        ),
        ("4: 3 2 1", "points per place for 4 sides need one value for each of the 4 places."),
        ("4: 3 2 1 0; 4: 4 2 1 0", "the points for tables of 4 sides are given twice."),
        ("4: 3 1 2 0", "a better place cannot score less than a worse one (4 sides: 3 1 2 0)."),
        ("3: 2 0.3 0", "“0.3” must be a number of points in halves, from 0 to 99."),
        ("3: 2 1/2 0", "“1/2” must be a number of points in halves, from 0 to 99."),
    ],
)
def test_bad_points_per_place_are_refused_naming_the_field_and_rule(typed, message):
    with pytest.raises(RuleViolation) as error:
        parse_place_points(typed)
    assert (error.value.field, error.value.rule) == ("place_points", "rules/README §4")
    assert error.value.text() == f"place_points: {message[:-1]} (rules/README §4)."


def test_a_shared_place_shares_the_set_points():
    """Schach4 V1 with 5/3/1.5/0: seats 1 and 4 share first after a stalemate, (5 + 3) / 2 = 4
    each; seat 3 third, 1.5; seat 2 absent, 0. Tables of three keep k − p: 2/1/0."""
    discipline = get_discipline("schach4-v1").with_place_points("4: 5 3 1.5 0")
    finish = discipline.places("1 - 3 1", players=4)
    assert finish.seat_points() == {1: 4, 2: 0, 3: Fraction(3, 2), 4: 4}
    assert discipline.places("2 1 3", players=3).seat_points() == {1: 1, 2: 2, 3: 0}
    assert get_discipline("schach4-v1").places("1 - 3 1", players=4).seat_points() == {
        1: Fraction(5, 2),
        2: 0,
        3: 1,
        4: Fraction(5, 2),
    }


def test_a_match_scored_by_match_points_takes_no_points_per_place():
    refusal = get_discipline("vierer").place_points_refusal("4: 3 2 1 0", field="place_points")
    assert (refusal.field, refusal.rule) == ("place_points", "rules/README §4")
    assert get_discipline("vierer").place_points_refusal("", field="place_points") is None
    assert get_discipline("team-blitz").with_place_points("") is get_discipline("team-blitz")
