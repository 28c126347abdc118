"""Invariants of a Schach4 evening in fixed groups (V5: tables of three, nine players in one group,
Latin squares), results as finishing orders: ``machine.py``."""

from functools import partial

import pytest

from tests.invariants.machine import Event, invariants_hold, places_entry, places_fill
from tournaments.domain.encounter import ResultEntry

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

# A player withdrawn from a round whose table had its finishing order: the seat was emptied, the
# place kept, and the archive refused the place of an absent player (as Hypothesis shrank it).
CLEARED = ResultEntry(places="")
WITHDRAWN_FROM_A_PLACED_TABLE = ("closing", [("result", 0, CLEARED), ("result", 0, CLEARED), ("withdraw", 0, None)])

EVENT = Event(
    "Schach4 fixed groups",
    "schach4-v5",
    teams=9,
    players=1,
    entry=partial(places_entry, seats=3),
    fill=partial(places_fill, seats=3),
    settled=(ResultEntry(places="1 2 3"),),
    pairing="table-groups",
    regressions=(WITHDRAWN_FROM_A_PLACED_TABLE,),
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
