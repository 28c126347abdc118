"""Byes requested in advance and late entries in a team Swiss (issue 16; TRF-2026 record 240).

A team may ask not to be paired in a future round, for a half-point (H), full-point (F) or
zero-point (Z) bye as the competition's regulations allow; TRF-2026 writes each as a 240 record
and C.04.6 pairs the round without the team. A late entry joins from round k; the rounds it
missed are the competition's choice: unpaired (a zero-point bye, as TRF writes an absent round)
or a half-point bye. C.07 Art. 16.2 counts every such round as voluntarily unplayed.
"""

from enum import StrEnum

from .errors import gettext_noop
from .presets import MatchPoints


class ByeKind(StrEnum):
    """TRF-2026 record 240: the bye's points (C.07 Art. 16.2 names all three)."""

    HALF = "H"
    FULL = "F"
    ZERO = "Z"

    @property
    def share(self) -> float:
        """The bye's points on each board (its board points are no game's: C.07 BC, TBR, BBE)."""
        return {ByeKind.HALF: 0.5, ByeKind.FULL: 1.0, ByeKind.ZERO: 0.0}[self]

    def match_points(self, points: MatchPoints) -> float:
        """A half-point bye scores a drawn match, a full-point one a won match, a zero-point one nothing."""
        return {ByeKind.HALF: points.draw, ByeKind.FULL: points.win, ByeKind.ZERO: points.loss}[self]

    @property
    def label(self) -> str:
        return BYE_LABELS[self]


BYE_LABELS = {
    ByeKind.HALF: gettext_noop("bye requested: half point"),
    ByeKind.FULL: gettext_noop("bye requested: full point"),
    ByeKind.ZERO: gettext_noop("bye requested: zero points"),
}


class LateEntryRounds(StrEnum):
    """What a late entry scores in the rounds before it joined (the competition's rule)."""

    UNPAIRED = "unpaired"  # not paired: a zero-point bye on record (TRF 240 Z)
    HALF_BYE = "half-bye"  # a half-point bye each (TRF 240 H)

    @property
    def bye(self) -> ByeKind:
        return ByeKind.ZERO if self == LateEntryRounds.UNPAIRED else ByeKind.HALF
