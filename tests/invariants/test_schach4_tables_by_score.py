"""Invariants of a Schach4 evening of tables of four by score, results as finishing orders: ``machine.py``."""

import pytest

from tests.invariants.machine import PLACES, Event, invariants_hold, places_entry, places_fill

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

EVENT = Event(
    "Schach4 tables by score", "schach4-v1", teams=8, players=1, entry=places_entry, fill=places_fill, settled=PLACES
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
