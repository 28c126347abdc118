"""What every pairing system answers: round robins (FIDE C.05) and the team Swiss (FIDE C.04.6).

A system is asked one round at a time, from what the tournament knows when that round is due:
the teams by starting rank (their seeds), the rounds played with their results, the byes asked
for and the teams absent. A round robin needs only the round's number; a Swiss system the rest.
"""

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from ..berger import Pair
from ..errors import RuleViolation, gettext_noop
from ..presets import ByeScoring, ColourModel, MatchPoints, PairingSystem
from ..scoring import MatchRecord


@dataclass(frozen=True, slots=True)
class PairingRules:
    """The competition's rules a pairing reads (a Swiss; a round robin needs none of them)."""

    boards: int = 1
    colour_pattern: str = "W"  # the first-named team's colour on each board
    colour_model: ColourModel = ColourModel.TYPE_A  # C.04.6 art. 1.7
    points: MatchPoints = MatchPoints()
    bye_scoring: ByeScoring = ByeScoring.DRAW  # what the pairing-allocated bye scores (C.04.6 art. 1.4)
    match_scored: bool = False  # one result per match (Tandem §1.3): match points only, no colours
    initial_colour: str = "W"  # the lot before round 1 (C.04.6 art. 4.1): the colour of TPN 1


@dataclass(frozen=True, slots=True)
class RoundToPair:
    """Everything a system may use to pair round ``number``; teams are named by their seed.

    The round robins read only ``number`` and ``teams``. A Swiss reads the rest: ``played``,
    every finished encounter of the earlier regular rounds (a bye as a one-sided record: the
    pairing-allocated bye); ``byes``, the byes requested in advance by (round, seed) as TRF 240
    writes them (H, F, Z), a round a late entry missed included; ``absent``, the seeds not to be
    paired in this round without a bye (withdrawn, or not yet entered).
    """

    number: int
    teams: int  # seeds are 1..teams: the starting ranks
    standings: Sequence[int] = ()  # seeds, best first, after the rounds played so far
    # tables of several entrants (issue 15): the pairing's form, entrants in seat order, per round
    tables: Sequence[Sequence[Sequence[int]]] = ()
    variant: str = ""  # the table variant entrants are grouped for (the discipline's ``variant_key``)
    rounds: int = 0  # the planned rounds (C.04.6 [C7], [C10] and type B read the last rounds)
    played: Sequence[MatchRecord] = ()
    byes: Mapping[tuple[int, int], str] = field(default_factory=dict)
    absent: Collection[int] = ()
    rules: PairingRules = PairingRules()
    lot: int | None = None  # tables by score: the lot that seats the tables (Schach4 "Der Spielbeginn")


@dataclass(frozen=True, slots=True)
class Encounters:
    """One round's encounters: seeds per encounter in seat order (a pair, a bye alone, a table),
    how many pairs of entrants meet again who had met before (shown to the TD), and the engine
    that paired them (recorded with the round; empty: our own tables)."""

    encounters: tuple[tuple[int, ...], ...]
    repeats: int | None = None  # tables only: pairs of entrants sharing a table again (issue 15)
    engine: str = ""
    lot: int | None = None  # the lot that seated the tables, where seats were drawn (Schach4 "Der Spielbeginn")


@dataclass(frozen=True, slots=True)
class EnteredTeam:
    """A team as its starting rank is decided: its ratings in registered board order."""

    key: int  # the caller's id for the team
    name: str
    ratings: Sequence[int | None]


@dataclass(frozen=True, slots=True)
class PairedRound:
    """A system's answer: the pairs, and the engine that produced them (recorded with the round)."""

    pairs: list[Pair]
    engine: str = ""


@dataclass(frozen=True, slots=True)
class PairingVerdict:
    """A reference checker's word on a round's pairs: whether it pairs the round the same."""

    engine: str
    agrees: bool
    expected: list[Pair]  # the reference's pairs, table order (bye last)


class PairingStrategy(ABC):
    key: PairingSystem
    pairs_ahead: bool  # rounds can be paired before the earlier ones are played (a fixed schedule)
    groups_tables: bool = False  # encounters are tables of several entrants, not pairs
    reads_history: bool = False  # pairs from the standings and earlier rounds (``RoundToPair``'s rest)
    pairings_reviewed: bool = False  # the director publishes each round's pairings after a review (a Swiss)
    waiting_rule: str = ""  # the rule that makes a round wait for the earlier ones' results
    # the rule-set settings this system never reads: the desk's settings form leaves them out
    unused_settings: frozenset[str] = frozenset()
    # what the TD reads once every planned round is paired: the system names itself
    all_paired_text: str = gettext_noop("all %(count)d rounds of the round robin are already paired.")

    @abstractmethod
    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        """How many regular rounds the event has with ``teams`` teams; ``rounds`` is the number
        the competition set at creation (a Swiss), 0 where the system decides (a round robin)."""

    @abstractmethod
    def pair_round(self, round_: RoundToPair) -> list[Pair]:
        """The pairs of one round, first-named team first, byes as ``(seed, None)``."""

    def pair(self, round_: RoundToPair) -> PairedRound:
        """``pair_round`` with the engine that paired it (empty: our own tables)."""
        return PairedRound(self.pair_round(round_))

    def bound(self, variant: str) -> "PairingStrategy":
        """The system for a tournament played at ``variant``'s tables (the discipline's
        ``variant_key``; "" at boards): a system whose schedule depends on the table's size
        answers with a copy that knows it, every other with itself."""
        return self

    def initial_order(self, teams: Sequence[EnteredTeam], boards: int) -> list[int] | None:
        """The teams' keys in starting-rank order when the system fixes it at the start; None
        keeps the seeds as entered (a round robin's Berger numbers come from the draw)."""
        return None

    def trf_type(self, *, colour_model: ColourModel, scores_boards: bool) -> tuple[str, str, str]:
        """TRF-2026: the record 192 code, the 092 name, and the 152 initial colour (or "")."""
        return "CUSTOM_TEAM_ROUNDROBIN", self.key.value, ""

    def check(self, round_: RoundToPair, pairs: Sequence[Pair]) -> PairingVerdict | None:
        """A reference checker's verdict on ``pairs`` as round ``round_`` (None: no checker)."""
        return None

    def requested_byes_refusal(self) -> RuleViolation | None:
        """Why no team may ask in advance not to be paired in a round, nor enter late (None: it
        may). A fixed schedule pairs every team in every round from the start."""
        return RuleViolation(
            gettext_noop(
                "this pairing system fixes every round from the start: no byes in advance and no late entries."
            ),
            field="round",
            rule="FIDE C.05",
        )

    def rounds_refusal(self, teams: int, rounds: int):
        """Why ``rounds`` rounds cannot be played with ``teams`` teams (a RuleViolation), or None."""
        return None

    @abstractmethod
    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
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
            gettext_noop(
                "round %(round)d is paired from the standings, so round %(unfinished)d needs all its results first."
            ),
            field="round",
            rule=self.waiting_rule,
            round=number,
            unfinished=unfinished[0],
        )

    def all_paired_refusal(self, count: int) -> RuleViolation:
        """Why no further round can be paired: all ``count`` planned rounds are, in the system's words."""
        return RuleViolation(self.all_paired_text, field="round", count=count)

    def pair_encounters(self, round_: RoundToPair) -> Encounters:
        """The round as encounters of any number of sides: pairs as two, a bye as one."""
        paired = self.pair(round_)
        return Encounters(tuple((a,) if b is None else (a, b) for a, b in paired.pairs), engine=paired.engine)

    def is_final(self, planned: int, complete: Mapping[int, bool]) -> bool:
        """Whether the event is over: every planned round is complete."""
        return planned > 0 and all(complete.get(number, False) for number in range(1, planned + 1))
