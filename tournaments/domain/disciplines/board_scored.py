"""Disciplines where every board has its own result: team blitz and FIDE-style team events.

An empty seat forfeits that board only (Blitz preamble); the match score is the sum of the
board points (Blitz §16).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ..encounter import EncounterState, ResultEntry, Written
from ..errors import RuleViolation, gettext_noop
from ..formatting import points
from ..lineup import clearing_violation, forfeit_for_empty_seats, result_violation
from ..penalties import IncidentKind, PenaltyRules
from ..presets import DirectEncounter
from ..results import BoardResult, parse_board_result
from ..scoring import MatchRecord, match_from_results
from .base import DisciplineRules
from .entry import RESULT_KEYS
from .presentation import BOARD_POINTS
from .scores import DisciplineKind, ImpliedResults, Seats


@dataclass(frozen=True, slots=True)
class BoardScored(DisciplineRules):
    kind = DisciplineKind.BOARDS
    board_result_keys = RESULT_KEYS
    standings_columns = (BOARD_POINTS,)
    crosstable_note = gettext_noop(
        "Each cell shows the board points of the team in the row against the team in the column."
    )

    def written(self, entry: ResultEntry, encounter: EncounterState, *, field: str = "") -> Written:
        """A board's result, checked against that board's seats (an empty seat allows only the
        forfeit, Blitz preamble); errors name ``field`` (default: "board N")."""
        if entry.places is not None:
            raise self.places_entry_refusal(field="places")
        if entry.board is None:
            raise self.match_entry_refusal(field="result")
        field = field or f"board {entry.board}"
        game = encounter.game(entry.board, field=field)
        first, second = game.present(2)
        if entry.result:
            new = self.board_result(entry.result, first_present=first, second_present=second, field=field).value
        elif refusal := clearing_violation(forfeit_for_empty_seats(first, second), field=field):
            raise refusal
        else:
            new = ""
        return Written(
            board=game.board,
            value_type="result",
            old=game.result or None,
            new=new or None,
            same=new == game.result,
            results={game.board: new},
        )

    def implied_results(self, seats: Seats) -> ImpliedResults:
        forfeits = (forfeit_for_empty_seats(first, second) for first, second in seats)
        return ImpliedResults("", tuple(forfeit.value if forfeit else "" for forfeit in forfeits))

    def match_record(
        self, round_number: int, first: int, second: int, result: str, board_results: Sequence[str], boards: int
    ) -> MatchRecord | None:
        if len(board_results) != boards or not all(board_results):
            return None
        return match_from_results(round_number, first, second, board_results)

    def score(self, *, result: str, board_results: Sequence[str]) -> tuple[float, float]:
        points = [BoardResult(text).points for text in board_results if text]
        return sum(p[0] for p in points), sum(p[1] for p in points)

    def missing_results(self, *, result: str, board_results: Sequence[str]) -> int:
        return sum(1 for text in board_results if not text)

    def missing(self, *, result: str, board_results: Sequence[str]) -> list[int | None]:
        return [number for number, text in enumerate(board_results, start=1) if not text]

    def boards_with_results(self, boards: int) -> range:
        return range(1, boards + 1)

    def score_text(self, first: float, second: float, result: str, *, separator: str = " : ") -> str:
        return f"{points(first)}{separator}{points(second)}"

    def short_score_text(self, own: float, result: str) -> str:
        return points(own)

    def loss_of_game(self, *, board: int, result: str) -> ResultEntry:
        return ResultEntry(board=board, result=result)

    def board_result(self, result: str, *, first_present: bool, second_present: bool, field: str) -> BoardResult:
        parsed = parse_board_result(result, field=field)
        problem = result_violation(parsed, first_present=first_present, second_present=second_present, board=0)
        if problem:
            problem.field = field
            raise problem
        return parsed

    def match_outcome(self, result: str, *, deciding_board=None, decided_by="", boards: int, seats: Seats):
        raise self.match_entry_refusal(field="result")

    def match_entry_refusal(self, *, field: str) -> RuleViolation:
        return RuleViolation(
            gettext_noop("in this tournament every board has its own result; enter the results per board."),
            field=field,
        )


TEAM_BLITZ = BoardScored(
    key="team-blitz",
    name=gettext_noop("Team blitz"),
    standings_legend=gettext_noop("Teams are ranked by match points (Blitz §16)."),
    penalty_rules=PenaltyRules.BLITZ,
    penalty_event_ladders=IncidentKind.TOUCH_MOVE.value,  # Blitz §11d: "danach … Ausschluss vom Turnier"
)

TEAM = BoardScored(
    key="team",
    name=gettext_noop("Team tournament"),
    standings_legend=gettext_noop("Teams are ranked by match points."),
    penalty_rule=gettext_noop("FIDE Laws Art. 12.9"),
    direct_encounter=DirectEncounter.C07,  # a FIDE event: C.07 Art. 6, as FIDE's reference tool
)
