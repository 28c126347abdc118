"""An encounter as a result is written on it: its sides, its games and who sits at each seat.

The one result writer (``services/results.py``) reads the stored encounter into this shape and
asks the discipline what an entry changes (``DisciplineRules.written``). Who is present is decided
**per side, from every seat of that side** (``presence``), never from seat positions: at a
Viererschach table each team has two seats, and in a return leg the first-named team sits at
Black and Red, seats 3 and 2 (Vierer §1; issue 24). The archive import checks its encounters
through the same two steps, so every way in judges an empty seat alike.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleViolation, gettext_noop


class NoSuchGame(RuleViolation):
    """The entry names a board the encounter does not have (the API answers 404)."""


@dataclass(frozen=True, slots=True)
class SeatState:
    position: int  # in the game: at a board 1 and 2, at a table the move order
    side: int  # the encounter's side (1-based) the seat plays for
    player: int | None  # who sits there; None: nobody, a forfeit
    place: int | None = None  # the side's finishing place where a table ranks its sides (0: absent)

    @property
    def present(self) -> bool:
        return self.player is not None


@dataclass(frozen=True, slots=True)
class GameState:
    board: int
    result: str  # from the first side's view; "" while none
    seats: tuple[SeatState, ...]
    changed_in: int = 0  # the match's version at this game's last change (issue 28 item 5)

    def present(self, sides: int) -> tuple[bool, ...]:
        """Per side (in side order), whether every seat of that side in this game is taken."""
        return tuple(all(seat.present for seat in self.seats if seat.side == side) for side in range(1, sides + 1))

    def empty_seats(self) -> frozenset[int]:
        return frozenset(seat.position for seat in self.seats if not seat.present)


@dataclass(frozen=True, slots=True)
class EncounterState:
    """The stored encounter: its number of sides (1: a bye), its games, its own result."""

    sides: int
    games: tuple[GameState, ...]
    result: str = ""
    deciding_board: int | None = None
    decided_by: str = ""

    def presence(self) -> list[tuple[bool, ...]]:
        """Per game, whether each side fields every one of its seats there (what empty seats imply)."""
        return [game.present(self.sides) for game in self.games]

    def game(self, board: int, *, field: str) -> GameState:
        """The game on ``board``, or the refusal naming ``field``."""
        for game in self.games:
            if game.board == board:
                return game
        if self.sides < 2:
            raise NoSuchGame(gettext_noop("a bye has no boards."), field=field)
        raise NoSuchGame(gettext_noop("board %(board)s does not exist in this match."), field=field, board=board)

    @property
    def match_result(self) -> dict:
        return {"result": self.result, "deciding_board": self.deciding_board, "decided_by": self.decided_by}

    def bye_refusal(self, *, field: str) -> RuleViolation | None:
        if self.sides < 2:
            return RuleViolation(gettext_noop("a bye has no result to enter."), field=field)
        return None


@dataclass(frozen=True, slots=True)
class ResultEntry:
    """A result to write, as a client sends it: on one ``board``; or (``board`` None) the
    encounter's own result with the board that decided it and how (Tandem §1.3; Vierer §2, §13);
    or ``places``, a table's finishing order typed per seat (Schach4 "Ende des Spiels").
    An empty ``result`` (or ``places``) clears what is stored."""

    board: int | None = None
    result: str = ""
    deciding_board: int | None = None
    decided_by: str = ""
    places: str | None = None

    @classmethod
    def from_request(cls, data: Mapping) -> "ResultEntry":
        """The entry a request names (the API's and the desk grid's fields); the discipline
        refuses what does not fit it when the entry is written."""
        return cls(
            board=data.get("board"),
            result=data.get("result") or "",
            deciding_board=data.get("deciding_board"),
            decided_by=data.get("decided_by") or "",
            places=data.get("places"),
        )


@dataclass(frozen=True, slots=True)
class Written:
    """What an entry writes, as the discipline checked it against the encounter.

    ``board`` is the game it concerns (None: the encounter as a whole); ``old`` and ``new`` are
    the values the audit trail records, of the shape ``value_type`` names (None: there was none);
    ``same``: the entry writes what is stored. What is stored after it: ``results`` per board,
    ``match`` (result, deciding board, how), ``places`` per seat (its side's place, 0: absent;
    None: cleared) and the seats the entry empties (``emptied``: a table's ``-`` for a seat
    someone was seated at).
    """

    board: int | None
    value_type: str  # an AuditEntry.ValueType: "result", "match-result" or "finish"
    old: object
    new: object
    same: bool
    results: Mapping[int, str] = field(default_factory=dict)
    match: Mapping[str, object] | None = None
    places: Mapping[int, int | None] | None = None
    emptied: frozenset[int] = frozenset()

    @property
    def changed(self) -> bool:
        return not self.same
