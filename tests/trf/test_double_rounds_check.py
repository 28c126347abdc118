"""Double rounds (two legs a round, colours swapped): the TRF export writes each leg as a round of
its own, so the reference check asks gacrux for the standings after both legs of the last round."""

import random

import pytest

from tests.builders import make_paired
from tests.trf.test_gacrux_crosscheck import play
from tests.trf.test_standings_check import publish_all
from tournaments.services.standings_check import standings_verify

pytestmark = pytest.mark.django_db


def test_a_double_round_robin_agrees_with_gacrux_after_both_legs():
    """Asked for "after round 3" of six legs, gacrux ranked the first three legs: every team's BP
    and BC differed and the public page said FIDE's reference tool computes different values."""
    tournament = make_paired(teams=4, preset="fide-team", name="Double", double_rounds=True)
    play(tournament, random.Random(4))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.after_round, check.differences) == ("agrees", 3, [])
