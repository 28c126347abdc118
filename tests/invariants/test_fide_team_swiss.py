"""Invariants of a team Swiss (FIDE) of six teams over four rounds, paired round by round: ``machine.py``."""

import pytest

from tests.invariants.machine import WON, Event, board_entry, board_fill, invariants_hold

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

EVENT = Event(
    "FIDE team Swiss", "fide-team-swiss", teams=6, players=5, entry=board_entry, fill=board_fill, settled=WON, rounds=4
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
