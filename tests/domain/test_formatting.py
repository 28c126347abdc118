"""One spelling of points and places for pages and PDFs."""

import pytest

from tournaments.domain.formatting import place, points


@pytest.mark.parametrize(("value", "text"), [(2.5, "2½"), (0.5, "½"), (3.0, "3"), (0, "0"), (1.99, "2"), (None, "–")])
def test_points_round_to_the_nearest_half(value, text):
    assert points(value) == text


def test_a_shared_place_is_a_range():
    assert (place(5, 6), place(1, 1)) == ("5.–6.", "1.")
