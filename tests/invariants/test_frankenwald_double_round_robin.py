"""Invariants of a blitz double round robin of three teams (a bye every round): ``machine.py``."""

import pytest

from tests.invariants.machine import WON, Event, board_entry, board_fill, invariants_hold

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

EVENT = Event(
    "Frankenwald double round robin",
    "blitz-frankenwald",
    teams=3,
    players=5,
    entry=board_entry,
    fill=board_fill,
    settled=WON,
    pairing="double-round-robin",
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
