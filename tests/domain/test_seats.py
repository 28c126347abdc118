import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.results import BoardResult
from tournaments.domain.seats import (
    PlacedSeat,
    finishing_order_violation,
    placement_points,
    result_of_seats,
    seat_results,
)


@pytest.mark.parametrize("result", list(BoardResult))
def test_a_result_written_per_seat_reads_back_as_the_same_result(result):
    assert result_of_seats(*seat_results(result), field="board 1") is result


def test_per_seat_scores_are_each_players_own():
    assert seat_results(BoardResult.FIRST_WINS) == ("1", "0")
    assert seat_results(BoardResult.SECOND_WINS_BY_FORFEIT) == ("-", "+")
    assert seat_results(None) == (None, None)
    assert result_of_seats(None, None, field="board 1") is None


def test_seats_that_do_not_make_one_game_are_refused_with_the_field():
    with pytest.raises(RuleViolation) as error:
        result_of_seats("1", None, field="board 3")
    assert error.value.field == "board 3" and error.value.params == {"first": "1", "second": "null"}


def test_placement_points_of_four_three_and_two_sides():
    assert placement_points({1: 2, 2: 1, 3: 4, 4: 3}) == {1: 2.0, 2: 3.0, 3: 0.0, 4: 1.0}
    assert placement_points({1: 1, 2: 2, 3: 3}) == {1: 2.0, 2: 1.0, 3: 0.0}
    assert placement_points({1: 2, 2: 1}) == {1: 0.0, 2: 1.0}


def test_sides_sharing_places_share_their_points():
    assert placement_points({1: 1, 2: 1, 3: 3, 4: 4}) == {1: 2.5, 2: 2.5, 3: 1.0, 4: 0.0}
    assert placement_points({1: 1, 2: 2, 3: 2, 4: 2}) == {1: 3.0, 2: 1.0, 3: 1.0, 4: 1.0}
    assert placement_points({1: 1, 2: 1}, points=(5, 1)) == {1: 3.0, 2: 3.0}


def _seats(*places, absent=()):
    return [PlacedSeat(side, side not in absent, place) for side, place in enumerate(places, start=1)]


def test_a_possible_finishing_order_passes():
    assert finishing_order_violation(_seats(2, 1, 3, 4, absent={4}), sides=4) is None
    assert finishing_order_violation(_seats(1, 1, 3, 3, absent={3, 4}), sides=4) is None
    # Viererschach: two sides of two seats, partners share their side's place
    assert (
        finishing_order_violation(
            [PlacedSeat(1, True, 1), PlacedSeat(2, True, 2), PlacedSeat(1, True, 1), PlacedSeat(2, True, 2)], sides=2
        )
        is None
    )


@pytest.mark.parametrize(
    ("seats", "field"),
    [
        (_seats(1, 3, 3, 4), "seats[1].place"),  # place 2 skipped
        (_seats(1, 2, 3, 4, absent={2}), "seats[1].place"),  # the absent side placed above others
        (_seats(1, 2, 3), "seats"),  # side 4 missing
        (_seats(1, 2, 3, 5), "seats[3].place"),
    ],
)
def test_an_impossible_finishing_order_names_the_seat(seats, field):
    assert finishing_order_violation(seats, sides=4).field == field
