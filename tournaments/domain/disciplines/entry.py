"""What a result entry writes and what it refuses: the part of ``DisciplineRules`` the one
result writer (``services/results.py``), the desk grid's keys, incidents and flag-fall claims ask.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..encounter import EncounterState, ResultEntry, Written
from ..errors import RuleViolation, gettext_noop
from ..material import ClaimAnswer, answer_claim
from ..results import BoardResult
from .scores import Seats

# What a result key typed at the desk grid means: one keystroke per result (our keys; the rulebooks
# prescribe none).
RESULT_KEYS: Mapping[str, str] = {
    "1": "1-0",
    "0": "0-1",
    "=": "½-½",
    "r": "½-½",
    "R": "½-½",
    "5": "½-½",
    "+": "+-",
    "-": "-+",
    "x": "--",
    "X": "--",
}


@dataclass(frozen=True, slots=True)
class Ending:
    """One way a match with one result ends, as stored, labelled (untranslated) and keyed at the grid."""

    value: str
    label: str
    key: str


class ResultEntryRules:
    """What a result entry writes and refuses (see the module)."""

    __slots__ = ()
    result_keys: ClassVar[Mapping[str, str]] = RESULT_KEYS
    endings: ClassVar[tuple[Ending, ...]] = ()  # how a match with one result may end
    # The desk grid's keys where results are entered: on each board, or on the match (one is empty).
    board_result_keys: ClassVar[Mapping[str, str]] = {}
    match_result_keys: ClassVar[Mapping[str, str]] = {}
    place_result_keys: ClassVar[Mapping[str, str]] = {}  # a table's seats: each its place (Schach4)

    def written(self, entry: ResultEntry, encounter: EncounterState, *, field: str = "") -> Written:
        """What ``entry`` writes on ``encounter`` (a board's result, the match's one result, a
        table's finishing order), checked against the encounter as stored; the refusal names the
        field and the rule. ``field`` names a board's result in errors (default "board N")."""
        raise NotImplementedError

    def board_result(self, result: str, *, first_present: bool, second_present: bool, field: str) -> BoardResult:
        """One board's result as entered, checked against its seats; refused where boards take none."""
        raise NotImplementedError

    def match_outcome(self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats):
        """The match's own result with its deciding board and how; refused where boards are scored."""
        raise NotImplementedError

    def board_entry_refusal(self, *, field: str) -> RuleViolation | None:
        """Why a board cannot take a result here, or None."""
        return None

    def match_entry_refusal(self, *, field: str) -> RuleViolation | None:
        """Why the match cannot take a result of its own here, or None."""
        return None

    def places_entry_refusal(self, *, field: str) -> RuleViolation | None:
        """Why an encounter here takes no finishing order of its seats (only a table does), or None."""
        return RuleViolation(
            gettext_noop(
                "only a four-player table takes a finishing order (places); give this encounter its result instead."
            ),
            field=field,
        )

    def loss_of_game(self, *, board: int, result: str) -> ResultEntry:
        """What an arbiter's "loss of the game" on ``board`` writes (``result`` from the first side's view)."""
        raise NotImplementedError

    def deciding_boards(self, boards: int) -> range:
        """The boards a match result may name as the one that decided it (Tandem §1.3); none here."""
        return range(0)

    def decision_fields(self, *, deciding_board: int | None, decided_by: str) -> dict:
        """Where and how the match was decided, as the archive records it; nothing where boards carry results."""
        return {}

    def fixed_claim_answer(self) -> ClaimAnswer | None:
        """The answer to every flag-fall claim where the material does not matter, else None (ask)."""
        return None

    def answer_claim(self, *, claimant: str = "", opponent: str = "", fen: str = "", side: str = "") -> ClaimAnswer:
        """A flag-fall claim: win or draw by the claimant's material (Blitz §14c, §15e)."""
        return answer_claim(claimant=claimant, opponent=opponent, fen=fen, side=side)
