"""Who sits where: the part of ``DisciplineRules`` that pairing, lineups and the encounters'
seats ask (one board of two seats per rank, or one table of seats; its colours and the lineup
rank each seat holds), and which entrants and patterns can play here at all.
"""

from typing import ClassVar

from ..errors import RuleViolation, gettext_noop
from ..seat_plan import PlannedGame, board_games
from ..tables.variants import TableVariant


class Seating:
    """Who sits where (see the module)."""

    __slots__ = ()
    groups_tables: ClassVar[bool] = False  # entrants meet in tables of several sides, not in pairs

    def games(self, pattern: str, sides: int = 2) -> tuple[PlannedGame, ...]:
        """The games of an encounter of ``sides`` sides and who sits where, from the leg's colour
        pattern: at boards, one game of two seats per board (Blitz §18, Tandem §8.2)."""
        return board_games(pattern)

    def lineup_rank(self, position: int) -> int:
        """The rank in its team's lineup that the seat at ``position`` of a game holds, to order a
        side's seats within one game. A board has one seat per side, so every seat there is its
        board's; a table of several seats per side answers otherwise (Vierer §1)."""
        return 1

    def partner_sides(self, position: int, sides: int) -> tuple[int, ...]:
        """The other sides of an encounter of ``sides`` sides that play together with side
        ``position``: a report is confirmed by an opponent, never a partner. At boards, and at a
        table of teams, every other side is an opponent."""
        return ()

    def form(self, players: int, *, field: str = "table") -> TableVariant | None:
        """The table a game of ``players`` seats is played at (its seats, sets and move cycle);
        None at boards, where two players meet on a board."""
        return None

    @property
    def seat_rule(self) -> str:
        """The paragraph that says who sits where (empty where no rulebook says it)."""
        return ""

    def lineup_size(self, boards: int, pattern: str) -> int:
        """The players an entrant fields, from an archive's ``boards``: the games an encounter has
        (docs/archive.md). At boards the two are one number; where the discipline fixes the lineup
        it fields that for its one game (Viererschach: two players at one table, Vierer §1), and
        an archive written before issue 24, which gave the two players, means the same."""
        if self.players_per_entrant and boards == len(self.games(pattern)):
            return self.players_per_entrant
        return boards

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
