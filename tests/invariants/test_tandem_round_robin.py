"""Invariants of a tandem round robin (one result per match, Tandem §1.3): ``machine.py``."""

import pytest

from tests.invariants.machine import DRAWN, Event, invariants_hold, match_entry, match_fill
from tournaments.domain.encounter import ResultEntry

pytestmark = [pytest.mark.django_db, pytest.mark.probe]

# A withdrawn team's forfeit cleared: nothing counted on the desk, the opponent's win once the archive was
# read back (an empty seat without a result is that side's forfeit); clearing it is refused now.
CLEARED_FORFEIT = ("opening", [("withdraw", 0, None), ("result", 0, ResultEntry(result=""))])

EVENT = Event(
    "tandem round robin",
    "tandem-dsb",
    teams=4,
    players=2,
    entry=match_entry,
    fill=match_fill,
    settled=DRAWN,
    regressions=(CLEARED_FORFEIT,),
)


def test_invariants_hold_after_every_operation():
    invariants_hold(EVENT)
