"""What every discipline answers, so the rest of the app asks instead of branching on its name.

A discipline says what is scored (each board, or the match as a whole; a table of seats will
follow for four-player chess), what an empty seat implies, how a result is checked, which
tie-breaks make sense, what a flag-fall claim yields, which penalty ladders apply, how the
standings explain their ranking and how it is all shown (``presentation.py``). Everything that
differs between disciplines lives here.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from ..encounter import EncounterState, ResultEntry, Written
from ..errors import RuleViolation, gettext_noop
from ..material import ClaimAnswer, answer_claim
from ..penalties import PenaltyRules
from ..results import BoardResult
from ..scoring import MatchRecord
from ..seat_plan import PlannedGame, board_games
from ..tables.variants import TableVariant
from ..tiebreaks import TieBreak
from .entrant_words import TEAMS, EntrantWords
from .presentation import StandingsColumn

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

# Per game, whether each side (in side order) fields every one of its seats there (EncounterState.presence).
Seats = Sequence[tuple[bool, ...]]


class Scored(StrEnum):
    """What carries a result: each board (team blitz, FIDE team), the match itself (tandem) or a table."""

    BOARD = "board"
    MATCH = "match"
    TABLE = "table"  # four-player chess: a finishing order of the sides at one table of seats


@dataclass(frozen=True, slots=True)
class Ending:
    """One way a match with one result ends, as stored, labelled (untranslated) and keyed at the grid."""

    value: str
    label: str
    key: str


@dataclass(frozen=True, slots=True)
class ImpliedResults:
    """The results empty seats imply: of the match ("" = none) and of each board, in order."""

    match: str
    boards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DisciplineRules:
    """The rules of one discipline; subclasses differ in what is scored (``board_scored``, ``match_scored``)."""

    key: str
    name: str  # untranslated
    standings_legend: str  # untranslated; how the standings rank, citing the paragraph where one exists
    penalty_rules: PenaltyRules = PenaltyRules.ARBITER_DISCRETION
    penalty_rule: str = ""  # the paragraph cited when penalties are at the arbiter's discretion
    penalty_event_ladders: str = ""  # the ladders counted over the event, not per game (Blitz §11d)
    seat_label: str = gettext_noop("Board")  # what a game's place at the match is called
    checks_claim_material: bool = True  # a flag-fall claim wins only with mating material (Blitz §14c)
    claim_note: str = ""  # untranslated; why the claim helper does not ask for the material

    players_per_entrant: int = 0  # how many players an entrant fields (the boards setting); 0: any
    variant_key: str = ""  # the table variant (tables.variants) its games are played at; "" at boards

    scored: ClassVar[Scored]
    result_keys: ClassVar[Mapping[str, str]] = RESULT_KEYS
    groups_tables: ClassVar[bool] = False  # entrants meet in tables of several sides, not in pairs
    entrant_label: ClassVar[str] = gettext_noop("Team")  # what an entrant is called in standings and crosstables
    encounters_label: ClassVar[str] = gettext_noop("Matches")  # … its encounters (a column heading)
    played_label: ClassVar[str] = gettext_noop("Matches played")
    words: ClassVar[EntrantWords] = TEAMS  # every other text naming the entrants (pages, forms, messages)
    layout: ClassVar[str] = "boards"  # how pages show an encounter: boards of two seats, or one table of seats
    round_prints: ClassVar[tuple[str, ...]] = ("match-reports",)  # the forms printed per round for the tables
    exports: ClassVar[tuple[str, ...]] = ("trf",)  # the files the event can be written as (FIDE TRF-2026)
    not_exported_because: ClassVar[str] = ""  # untranslated; why not, where ``exports`` lacks TRF
    endings: ClassVar[tuple[Ending, ...]] = ()  # how a match with one result may end
    # The desk grid's keys where results are entered: on each board, or on the match (one is empty).
    board_result_keys: ClassVar[Mapping[str, str]] = {}
    match_result_keys: ClassVar[Mapping[str, str]] = {}
    place_result_keys: ClassVar[Mapping[str, str]] = {}  # a table's seats: each its place (Schach4)

    # How it is shown (presentation.py): its partials and PDF layout, the standings' totals.
    presentation: ClassVar[str]
    standings_columns: ClassVar[tuple[StandingsColumn, ...]] = ()
    crosstable_note: ClassVar[str] = ""  # untranslated; what a crosstable cell shows
    # untranslated; the standings' score (the MP column) in their legend, formatted with the
    # tournament's ``win`` and ``draw`` match points and its ``place_points``
    score_name: ClassVar[str] = gettext_noop("Match points")
    score_description: ClassVar[str] = gettext_noop("%(win)s for a won match, %(draw)s for a drawn one.")

    @property
    def scores_boards(self) -> bool:
        """Every board has its own result and board points count (Blitz §16)."""
        return self.scored == Scored.BOARD

    @property
    def scores_matches(self) -> bool:
        """The match has one result of its own; its boards carry none (Tandem §1.3)."""
        return self.scored == Scored.MATCH

    @property
    def supports_playoff(self) -> bool:
        """The play-off for first place (Blitz §16) is decided by board points."""
        return self.scores_boards

    def games(self, pattern: str, sides: int = 2) -> tuple[PlannedGame, ...]:
        """The games of an encounter of ``sides`` sides and who sits where, from the leg's colour
        pattern: at boards, one game of two seats per board (Blitz §18, Tandem §8.2)."""
        return board_games(pattern)

    def boards_refusal(self, boards: int, *, field: str) -> RuleViolation | None:
        """Why an entrant cannot field ``boards`` players here, or None."""
        if self.players_per_entrant and boards != self.players_per_entrant:
            return RuleViolation(
                gettext_noop("an entrant here fields exactly %(count)d player(s)."),
                field=field,
                rule=self.seat_rule,
                count=self.players_per_entrant,
            )
        return None

    def colour_pattern_refusal(self, pattern: str, *, field: str) -> RuleViolation | None:
        """Why the colour pattern cannot be played here, or None (any W/B pattern at a board)."""
        return None

    def place_points_refusal(self, text: str, *, field: str) -> RuleViolation | None:
        """Why the tournament cannot set points per place (``tables.place_points``): only a
        table's finishing order scores places; a match or a board scores match points."""
        if not text.strip():
            return None
        return RuleViolation(
            gettext_noop(
                "points per place score a table's finishing order (Schach4); here matches score match points: leave "
                "it empty."
            ),
            field=field,
            rule="rules/README §4",
        )

    def form(self, players: int, *, field: str = "table") -> TableVariant | None:
        """The table a game of ``players`` seats is played at (its seats, sets and move cycle);
        None at boards, where two players meet on a board."""
        return None

    def lineup_rank(self, position: int) -> int:
        """The rank in its team's lineup that the seat at ``position`` of a game holds, to order a
        side's seats within one game. A board has one seat per side, so every seat there is its
        board's; a table of several seats per side answers otherwise (Vierer §1)."""
        return 1

    def seat_points(self, places: Sequence[int | None]) -> list[float | None]:
        """Each seat's points from its side's stored place (0: absent), seats in move order; None
        where a game scores no places (a board's result scores it) or none is recorded yet."""
        return [None] * len(places)

    def with_place_points(self, text: str) -> "DisciplineRules":
        """The discipline scoring places as the tournament sets (``place_points``); itself where
        nothing is scored by place."""
        return self

    def export_refusal(self, name: str) -> RuleViolation | None:
        """Why the event cannot be written as ``name`` (an entry of ``exports``), or None."""
        if name in self.exports:
            return None
        return RuleViolation(self.not_exported_because, field="format", rule="FIDE TRF-2026")

    def pairing_refusal(self, *, groups_tables: bool, field: str) -> RuleViolation | None:
        """A system that pairs two entrants cannot fill a table, nor one that groups tables a board."""
        if groups_tables == self.groups_tables:
            return None
        if self.groups_tables:
            return RuleViolation(
                gettext_noop("entrants here meet at tables of several players; choose a system that groups tables."),
                field=field,
                rule=self.seat_rule,
            )
        return RuleViolation(
            gettext_noop("entrants here meet in pairs; a system that groups tables cannot pair them."), field=field
        )

    @property
    def seat_rule(self) -> str:
        """The paragraph that says who sits where (empty where no rulebook says it)."""
        return ""

    def written(self, entry: ResultEntry, encounter: EncounterState, *, field: str = "") -> Written:
        """What ``entry`` writes on ``encounter`` (a board's result, the match's one result, a
        table's finishing order), checked against the encounter as stored; the refusal names the
        field and the rule. ``field`` names a board's result in errors (default "board N")."""
        raise NotImplementedError

    def implied_results(self, seats: Seats) -> ImpliedResults:
        """What empty seats make of the match and its boards, before anyone enters a result."""
        raise NotImplementedError

    def match_record(
        self, round_number: int, first: int, second: int, *, result: str, board_results: Sequence[str], boards: int
    ) -> MatchRecord | None:
        """The finished match as the standings see it, or None while a result is missing."""
        raise NotImplementedError

    def encounter_record(
        self,
        round_number: int,
        entrants: Sequence[int],
        *,
        result: str,
        board_results: Sequence[str],
        boards: int,
        places: Sequence[int | None] = (),
    ) -> MatchRecord | None:
        """Any encounter as the standings see it: ``entrants`` by side position, ``places`` the
        sides' stored places (tables only). A match of two, or a bye, by ``match_record``."""
        second = entrants[1] if len(entrants) > 1 else None
        return self.match_record(
            round_number, entrants[0], second, result=result, board_results=board_results, boards=boards
        )

    def score(self, *, result: str, board_results: Sequence[str]) -> tuple[float, float]:
        """(first, second) points so far: what a result grid and a team's page show."""
        raise NotImplementedError

    def missing_results(self, *, result: str, board_results: Sequence[str]) -> int:
        """How many results the match still lacks (boards, or the match's one result)."""
        raise NotImplementedError

    def missing(self, *, result: str, board_results: Sequence[str]) -> list[int | None]:
        """Which results the match still lacks: board numbers, or None for the match's own result."""
        raise NotImplementedError

    def boards_with_results(self, boards: int) -> range:
        """The board numbers that carry a result of their own (none where the match has one)."""
        raise NotImplementedError

    def score_text(self, first: float, second: float, result: str, *, separator: str = " : ") -> str:
        """A finished match's score as shown, from the first side's view: "2½ : 1½" or "1-0"."""
        raise NotImplementedError

    def short_score_text(self, own: float, result: str) -> str:
        """The score in a narrow crosstable cell: the own points "2½", or the result "1-0"."""
        raise NotImplementedError

    def loss_of_game(self, *, board: int, result: str) -> ResultEntry:
        """What an arbiter's "loss of the game" on ``board`` writes (``result`` from the first side's view)."""
        raise NotImplementedError

    def side_results(self, result: str) -> tuple[str | None, ...]:
        """Each side's own result of the match as the archive records it; none where boards carry them."""
        return ()

    def deciding_boards(self, boards: int) -> range:
        """The boards a match result may name as the one that decided it (Tandem §1.3); none here."""
        return range(0)

    def decision_fields(self, *, deciding_board: int | None, decided_by: str) -> dict:
        """Where and how the match was decided, as the archive records it; nothing where boards carry results."""
        return {}

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

    def tiebreak_refusal(self, tiebreak: TieBreak, *, field: str) -> RuleViolation | None:
        """A board-based tie-break means nothing where there are no board points (Tandem §1.3)."""
        if tiebreak.board_based and not self.scores_boards:
            return RuleViolation(
                gettext_noop("“%(value)s” counts board points, but a match here has one result and no board points."),
                field=field,
                rule="Tandem §1.3",
                value=tiebreak.code,
            )
        return None

    def playoff_refusal(self) -> RuleViolation | None:
        if self.supports_playoff:
            return None
        return RuleViolation(
            gettext_noop(
                "the play-off for first place (Blitz §16) is decided by board points, but a match here has one result "
                "and no board points."
            ),
            field="playoff_for_first",
            rule="Tandem §1.3",
        )

    def reference_check_refusal(self) -> str:
        """Why FIDE's reference tool cannot re-compute these standings ("": it can): it reads our
        TRF export, so where there is none, for the same reason."""
        return "" if "trf" in self.exports else self.not_exported_because

    def fixed_claim_answer(self) -> ClaimAnswer | None:
        """The answer to every flag-fall claim where the material does not matter, else None (ask)."""
        return None

    def answer_claim(self, *, claimant: str = "", opponent: str = "", fen: str = "", side: str = "") -> ClaimAnswer:
        """A flag-fall claim: win or draw by the claimant's material (Blitz §14c, §15e)."""
        return answer_claim(claimant=claimant, opponent=opponent, fen=fen, side=side)
