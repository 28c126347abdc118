"""What every pairing system answers; round robins now, Swiss (FIDE C.04) next.

A system is asked one round at a time, from what the tournament knows when that round is due:
the teams by starting rank (their seeds), the standings after the rounds played, and the pairs
of earlier rounds. A round robin needs only the round's number; a Swiss system needs the rest.
"""

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..berger import Pair
from ..errors import RuleViolation, gettext_noop
from ..presets import PairingSystem


@dataclass(frozen=True, slots=True)
class RoundToPair:
    """Everything a system may use to pair round ``number``; teams are named by their seed.

    The round robins read only ``number`` and ``teams``; the pairing service will fill
    ``standings`` and ``history`` for the first system that reads them (Swiss, FIDE C.04).
    """

    number: int
    teams: int  # seeds are 1..teams: the starting ranks
    standings: Sequence[int] = ()  # seeds, best first, after the rounds played so far
    history: Sequence[Sequence[Pair]] = ()  # the pairs of every earlier regular round
    # tables of several entrants (issue 15): the pairing's form, entrants in seat order, per round
    tables: Sequence[Sequence[Sequence[int]]] = ()
    variant: str = ""  # the table variant entrants are grouped for (the discipline's ``variant_key``)


@dataclass(frozen=True, slots=True)
class Encounters:
    """One round's encounters: seeds per encounter in seat order (a pair, a bye alone, a table),
    and how many pairs of entrants meet again who had met before (shown to the TD)."""

    encounters: tuple[tuple[int, ...], ...]
    repeats: int = 0


class PairingStrategy(ABC):
    key: PairingSystem
    pairs_ahead: bool  # rounds can be paired before the earlier ones are played (a fixed schedule)
    groups_tables: bool = False  # encounters are tables of several entrants, not pairs
    reads_history: bool = False  # pairs from the standings and earlier rounds (``RoundToPair``'s rest)

    @abstractmethod
    def planned_rounds(self, teams: int) -> int:
        """How many regular rounds the event has with ``teams`` teams."""

    @abstractmethod
    def pair_round(self, round_: RoundToPair) -> list[Pair]:
        """The pairs of one round, first-named team first, byes as ``(seed, None)``."""

    @abstractmethod
    def rounds_with_opponent(self, teams: int, seed: int) -> list[int]:
        """The rounds in which team ``seed`` is planned to meet an opponent (byes left out).

        Withdrawal rules count a team's matches with it (``domain.withdrawal``).
        """

    def pairing_refusal(self, number: int, complete: Mapping[int, bool]) -> RuleViolation | None:
        """Why round ``number`` cannot be paired yet: a system pairing from the standings needs
        every earlier round finished; a fixed schedule pairs ahead."""
        if self.pairs_ahead:
            return None
        unfinished = [earlier for earlier in range(1, number) if not complete.get(earlier, False)]
        if not unfinished:
            return None
        return RuleViolation(
            gettext_noop("round %(round)d is paired from the standings, so round %(unfinished)d needs all its results first."),
            field="round",
            round=number,
            unfinished=unfinished[0],
        )

    def pair_encounters(self, round_: RoundToPair) -> Encounters:
        """The round as encounters of any number of sides: pairs as two, a bye as one."""
        return Encounters(tuple((a,) if b is None else (a, b) for a, b in self.pair_round(round_)))

    def is_final(self, planned: int, complete: Mapping[int, bool]) -> bool:
        """Whether the event is over: every planned round is complete."""
        return planned > 0 and all(complete.get(number, False) for number in range(1, planned + 1))
