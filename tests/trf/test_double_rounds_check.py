"""Double rounds (two legs a round, colours swapped): the TRF export writes each leg as a round of
its own, so the reference check asks gacrux for the standings after both legs of the last round."""

import random

import pytest

from tests.builders import make_paired
from tests.trf.test_gacrux_crosscheck import play
from tests.trf.test_standings_check import publish_all
from tournaments.archive.standings import archive_standings
from tournaments.models import Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.standings import standings_for_tournament
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


def test_c07_criteria_read_each_leg_as_a_round():
    """C.07's BH and EMGSB read a team's rounds by number; two legs of one round were one round to
    them (the later leg replaced the earlier), so they differed from gacrux's reading of the export.
    Each leg is a round of its own now, as the TRF export writes it, and the archive ranks alike."""
    tournament = make_paired(teams=4, preset="fide-team", name="Double", double_rounds=True)
    Tournament.objects.filter(pk=tournament.pk).update(
        tiebreaks_first=["BH:MP", "EMGSB", "BP"], tiebreaks_other=["BH:MP", "EMGSB", "BP"]
    )
    play(tournament, random.Random(4))
    publish_all(tournament)
    check = standings_verify(tournament_id=tournament.pk)
    assert (check.verdict, check.differences) == ("agrees", [])
    stored = standings_for_tournament(tournament=tournament)
    seeds = {entry.team.id: entry.team.seed for entry in stored.rows}
    shown = [(seeds[entry.team.id], entry.row.rank, entry.row.tiebreaks) for entry in stored.rows]
    archived = archive_standings(archive_for_tournament(tournament=tournament))
    assert [(row.team, row.rank, row.tiebreaks) for row in archived] == shown
