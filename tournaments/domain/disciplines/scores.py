"""What a discipline scores and how it counts: the part of ``DisciplineRules`` the standings,
the result grid's counters, the tie-breaks, the play-off and the files (TRF) ask.

Its ``kind`` says what carries a result: each board (team blitz, FIDE team; Blitz §16), the match
as a whole (tandem, Tandem §1.3; Viererschach, Vierer §2), or a table's finishing order (Schach4).
The same tag keys the layout registry (``tournaments/layouts.py``).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from ..errors import RuleViolation, gettext_noop
from ..presets import ByeScoring
from ..scoring import MatchRecord, bye_record
from ..tiebreaks import TieBreak


class DisciplineKind(StrEnum):
    """What an encounter of the discipline is, and so what carries its result: the one tag the
    layout registry (``tournaments/layouts.py``) is keyed on."""

    BOARDS = "boards"  # two teams on boards, each board scored (team blitz, FIDE team; Blitz §16)
    MATCH = "match"  # two teams on boards, one result for the match (tandem; Tandem §1.3)
    TEAM_TABLE = "team-table"  # two teams at one table of seats, one result (Viererschach; Vierer §1, §2)
    TABLE = "table"  # entrants at one table of seats, a finishing order of the sides (Schach4)


# Per game, whether each side (in side order) fields every one of its seats there (EncounterState.presence).
Seats = Sequence[tuple[bool, ...]]


@dataclass(frozen=True, slots=True)
class ImpliedResults:
    """The results empty seats imply: of the match ("" = none) and of each board, in order."""

    match: str
    boards: tuple[str, ...]


class Scoring:
    """What is scored and how it counts (see the module)."""

    __slots__ = ()
    exports: ClassVar[tuple[str, ...]] = ("trf",)  # the files the event can be written as (FIDE TRF-2026)
    not_exported_because: ClassVar[str] = ""  # untranslated; why not, where ``exports`` lacks TRF
    # untranslated, for spectators (no file formats, no closing period: the page adds it); why
    # FIDE's reference tool cannot check these standings, where ``exports`` lacks TRF
    not_checked_because: ClassVar[str] = ""

    @property
    def scores_boards(self) -> bool:
        """Every board has its own result and board points count (Blitz §16)."""
        return self.kind == DisciplineKind.BOARDS

    @property
    def scores_matches(self) -> bool:
        """The match has one result of its own; its boards carry none (Tandem §1.3)."""
        return self.kind in (DisciplineKind.MATCH, DisciplineKind.TEAM_TABLE)

    @property
    def supports_playoff(self) -> bool:
        """The play-off for first place (Blitz §16) is decided by board points."""
        return self.scores_boards

    def implied_results(self, seats: Seats) -> ImpliedResults:
        """What empty seats make of the match and its boards, before anyone enters a result."""
        raise NotImplementedError

    def match_record(
        self, round_number: int, first: int, second: int, result: str, board_results: Sequence[str], boards: int
    ) -> MatchRecord | None:
        """The finished match as the standings see it, or None while a result is missing."""
        raise NotImplementedError

    def bye_record(self, round_number: int, entrant: int, *, boards: int, scoring: ByeScoring) -> MatchRecord:
        """A lone entrant's round: a bye scored by the tournament's bye rule (``bye_scoring``)."""
        return bye_record(round_number, entrant, boards=boards, scoring=scoring)

    def encounter_record(
        self,
        round_number: int,
        entrants: Sequence[int],
        result: str,
        board_results: Sequence[str],
        boards: int,
        places: Sequence[int | None] = (),
    ) -> MatchRecord | None:
        """Any encounter as the standings see it: ``entrants`` by side position, ``places`` the
        sides' stored places (tables only). A match of two, or a bye, by ``match_record``.
        Called by position down to the record, as ``match_record`` is: once per encounter of
        every standings (issue 29)."""
        second = entrants[1] if len(entrants) > 1 else None
        return self.match_record(round_number, entrants[0], second, result, board_results, boards)

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

    def seat_points(self, places: Sequence[int | None]) -> list[float | None]:
        """Each seat's points from its side's stored place (0: absent), seats in move order; None
        where a game scores no places (a board's result scores it) or none is recorded yet."""
        return [None] * len(places)

    def with_place_points(self, text: str) -> "Scoring":
        """The discipline scoring places as the tournament sets (``place_points``); itself where
        nothing is scored by place."""
        return self

    def with_bye_points(self, text: str) -> "Scoring":
        """The discipline scoring a table bye as the tournament sets (``table_bye_points``); itself
        where no table bye is given."""
        return self

    def bye_points_refusal(self, text: str, *, field: str) -> RuleViolation | None:
        """Why the tournament cannot set what a table bye scores (``tables.byes``): only entrants
        grouped into tables sit out at one; a match's bye scores by ``bye_scoring``."""
        if not text.strip():
            return None
        return RuleViolation(
            gettext_noop("a table bye is given where entrants are grouped into tables (Schach4); leave it empty."),
            field=field,
            rule="rules/README §4",
        )

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

    def side_results(self, result: str) -> tuple[str | None, ...]:
        """Each side's own result of the match as the archive records it; none where boards carry them."""
        return ()

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

    def export_refusal(self, name: str) -> RuleViolation | None:
        """Why the event cannot be written as ``name`` (an entry of ``exports``), or None."""
        if name in self.exports:
            return None
        return RuleViolation(self.not_exported_because, field="format", rule="FIDE TRF-2026")

    def reference_check_refusal(self) -> str:
        """Why FIDE's reference tool cannot re-compute these standings ("": it can): it reads our
        TRF export, so where there is none, for the same reason, in a spectator's words (the TRF
        jargon and a double period reached the public page, issue 28 item 10)."""
        return "" if "trf" in self.exports else self.not_checked_because
