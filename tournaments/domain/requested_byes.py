"""Byes requested in advance and late entries in a team Swiss (issue 16; TRF-2026 record 240).

A team may ask not to be paired in a future round, for a half-point (H), full-point (F) or
zero-point (Z) bye as the competition's regulations allow; TRF-2026 writes each as a 240 record
and C.04.6 pairs the round without the team. A late entry joins from round k; the rounds it
missed are the competition's choice: unpaired (a zero-point bye, as TRF writes an absent round)
or a half-point bye. C.07 Art. 16.2 counts every such round as voluntarily unplayed. Its
starting rank is the competition's too (``LateEntrySeeding``).
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


class LateEntrySeeding(StrEnum):
    """Which starting rank (TPN) a late entry takes.

    FIDE C.04.2 (2026), which C.04.6's preface applies to teams: the pairing numbers follow the
    initial ranking and may be reassigned when its data change (art. 2.4–2.5), a late entry's
    number is provisional until the list of participants closes (art. 3), and no pairing number
    changes once the fourth round has been paired. C.04.6 leaves the ranking's criteria to the
    competition (its preface omits C.04.2 art. 2.1–2.3): ours is the pairing system's
    ``initial_order``. "May" makes it the organiser's choice; the FIDE default is ``RANKING``.
    """

    RANKING = "ranking"  # its place in the initial ranking; the teams below move down one
    LAST = "last"  # the next number, after every team entered before


FROZEN_AFTER_ROUNDS = 4  # C.04.2: no pairing number changes once the fourth round has been paired


def late_entry_seed(*, rank: int, entered: int, paired_rounds: int, seeding: LateEntrySeeding) -> int:
    """The seed of a late entry that ranks ``rank``-th (1 = first) in the initial ranking of all
    teams, itself included, when ``entered`` teams entered before it and ``paired_rounds``
    regular rounds are paired: its rank while numbers may still be reassigned, else the next one."""
    if seeding == LateEntrySeeding.LAST or paired_rounds >= FROZEN_AFTER_ROUNDS:
        return entered + 1
    return rank
