"""Invariants of a Viererschach round robin (one result per match, Vierer §2): ``machine.py``."""

import pytest

from tests.invariants.machine import DRAWN, Event, invariants_hold, match_entry, match_fill

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

EVENT = Event(
    "Viererschach round robin", "vierer-team", teams=4, players=2, entry=match_entry, fill=match_fill, settled=DRAWN
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
