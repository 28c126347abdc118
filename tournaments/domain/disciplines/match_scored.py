"""Disciplines where the match has one result: tandem (bughouse).

The first board decided decides the whole match (Tandem §1.3), so the boards carry no result and
there are no board points; a team cannot play with one player short, so one empty seat forfeits
the whole match. A flag fall always loses (Tandem §5.2): captured pieces can be dropped.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ..encounter import EncounterState, ResultEntry, Written
from ..errors import RuleViolation, gettext_noop
from ..lineup import clearing_violation
from ..match_result import (
    DECIDED_BY_KEYS,
    DECIDED_BY_LABELS,
    DecidedBy,
    MatchOutcome,
    forfeit_violation,
    match_forfeit,
    parse_match_outcome,
)
from ..material import ClaimAnswer, answer_claim
from ..presets import DirectEncounter
from ..results import BoardResult
from ..scoring import MatchRecord, match_from_result
from ..seats import seat_results
from .base import DisciplineRules
from .entry import RESULT_KEYS, Ending
from .scores import DisciplineKind, ImpliedResults, Seats


@dataclass(frozen=True, slots=True)
class MatchScored(DisciplineRules):
    kind = DisciplineKind.MATCH
    # our decision (docs/rules.md, "DE"): the rulebooks name no tie-breaks, our chain reads DE as
    # C.07 Art. 6 does, as FIDE's reference tool ranks a round robin still running
    direct_encounter: DirectEncounter = DirectEncounter.C07
    endings = tuple(Ending(way.value, DECIDED_BY_LABELS[way], DECIDED_BY_KEYS[way]) for way in DecidedBy)
    match_result_keys = RESULT_KEYS
    standings_columns = ()  # no board points (Tandem §1.3)
    # no play-off without board points (Tandem §1.3, ``playoff_refusal``); no table's places
    unused_settings = frozenset({"place_points", "table_bye_points", "playoff_for_first", "playoff_ranks_all"})
    exports = ()  # TRF-2026 records games; a match here has one result of its own, its boards none
    not_exported_because = gettext_noop("one result per match: a TRF file records games (Tandem §1.3)")
    not_checked_because = gettext_noop(
        "a match here has one result of its own, while FIDE's tool ranks teams by the games on the boards"
    )
    crosstable_note = gettext_noop(
        "Each cell shows the match results of the team in the row against the team in the column, one line per match "
        "(leg)."
    )

    def written(self, entry: ResultEntry, encounter: EncounterState, *, field: str = "") -> Written:
        """The match's one result with its deciding board and how, checked by the domain (an agreed
        draw has no deciding board …) and against every seat of each side: a team one player short
        forfeits the match (Tandem §1.3; Vierer §1)."""
        if entry.places is not None:
            raise self.places_entry_refusal(field="places")
        if entry.board is not None:
            raise self.board_entry_refusal(field=field or f"board {entry.board}")
        if refusal := encounter.bye_refusal(field="result"):
            raise refusal
        new = {"result": "", "deciding_board": None, "decided_by": ""}
        if not entry.result and (refusal := clearing_violation(match_forfeit(encounter.presence()), field="result")):
            raise refusal
        if entry.result:
            outcome = self.match_outcome(
                entry.result,
                deciding_board=entry.deciding_board,
                decided_by=entry.decided_by,
                boards=len(encounter.games),
                seats=encounter.presence(),
            )
            new = {
                "result": outcome.result.value,
                "deciding_board": outcome.deciding_board,
                "decided_by": outcome.decided_by.value if outcome.decided_by else "",
            }
        old = encounter.match_result
        return Written(
            board=None,
            value_type="match-result",
            old=old if old["result"] else None,
            new=new if new["result"] else None,
            same=new == old,
            match=new,
        )

    def implied_results(self, seats: Seats) -> ImpliedResults:
        forfeit = match_forfeit(list(seats))
        return ImpliedResults(forfeit.value if forfeit else "", tuple("" for _ in seats))

    def match_record(
        self, round_number: int, first: int, second: int, result: str, board_results: Sequence[str], boards: int
    ) -> MatchRecord | None:
        return match_from_result(round_number, first, second, BoardResult(result)) if result else None

    def score(self, *, result: str, board_results: Sequence[str]) -> tuple[float, float]:
        return BoardResult(result).points if result else (0.0, 0.0)

    def missing_results(self, *, result: str, board_results: Sequence[str]) -> int:
        return 0 if result else 1

    def missing(self, *, result: str, board_results: Sequence[str]) -> list[int | None]:
        return [] if result else [None]

    def boards_with_results(self, boards: int) -> range:
        return range(0)

    def deciding_boards(self, boards: int) -> range:
        """The first board decided decides the match (Tandem §1.3): any board may be it."""
        return range(1, boards + 1)

    def score_text(self, first: float, second: float, result: str, *, separator: str = " : ") -> str:
        return result

    def short_score_text(self, own: float, result: str) -> str:
        return result

    def loss_of_game(self, *, board: int, result: str) -> ResultEntry:
        """The loss of one game loses the match, decided on that board by the arbiter (Tandem §7.4)."""
        return ResultEntry(board=None, result=result, deciding_board=board, decided_by=DecidedBy.ARBITER.value)

    def side_results(self, result: str) -> tuple[str | None, ...]:
        return seat_results(BoardResult(result) if result else None)

    def decision_fields(self, *, deciding_board: int | None, decided_by: str) -> dict:
        return {"deciding_board": deciding_board, "decided_by": decided_by or None}

    def fixed_claim_answer(self) -> ClaimAnswer:
        """A flag fall always loses (Tandem §5.2): the answer needs no material."""
        return self.answer_claim()

    def board_result(self, result: str, *, first_present: bool, second_present: bool, field: str) -> BoardResult:
        raise self.board_entry_refusal(field=field)

    def match_outcome(
        self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats
    ) -> MatchOutcome:
        outcome = parse_match_outcome(result, deciding_board=deciding_board, decided_by=decided_by, boards=boards)
        problem = forfeit_violation(outcome, match_forfeit(list(seats)))
        if problem:
            raise problem
        return outcome

    def colour_pattern_refusal(self, pattern: str, *, field: str) -> RuleViolation | None:
        """Tandem §1.1: "Jedes Team führt an einem Brett die weißen, am anderen Brett die schwarzen
        Figuren": as many boards with White as with Black (``BW`` or ``WB``, never ``WW``)."""
        if pattern.count("W") == pattern.count("B"):
            return None
        return RuleViolation(
            gettext_noop("each team has White on one board and Black on the other: the pattern is BW or WB."),
            field=field,
            rule="Tandem §1.1",
        )

    def board_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(
            gettext_noop("this match has one result for the whole match; enter it for the match, not per board."),
            field=field,
            rule="Tandem §1.3",
        )

    def answer_claim(self, *, claimant: str = "", opponent: str = "", fen: str = "", side: str = "") -> ClaimAnswer:
        """In tandem a flag fall always loses; the material is not checked (Tandem §5.2)."""
        return answer_claim(tandem=True)


TANDEM = MatchScored(
    key="tandem",
    name=gettext_noop("Tandem (bughouse)"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    penalty_rule="Tandem §7.4",
    checks_claim_material=False,
    claim_note=gettext_noop("In tandem a flag fall always loses the game; the material is not checked (Tandem §5.2)."),
)
