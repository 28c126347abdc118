"""The tables the rulebooks define: who sits at them, with how many piece sets, on which side.

Seats are numbered in the order of their first move: seat 1 moves first ("Das Los bestimmt den
Spieler mit dem ersten Zug", Schach4 "Der Spielbeginn"; we rotate seats instead of drawing lots),
then play goes clockwise, except where a rule has one player move after each opponent set
(Schach4 V3, V6, V11, V12). ``turns`` is one full cycle of play by seat number. The Schach4 text
names no colours for the sets, so those seats carry none; Viererschach names them (Vierer §1, §4).
"""

from dataclasses import dataclass

from ..errors import RuleViolation, gettext_noop
from .endings import SCHACH4_ENDINGS, VIERER_ENDINGS, TableEndings


@dataclass(frozen=True, slots=True)
class Seat:
    number: int
    sets: int = 1  # piece sets the player at this seat commands
    colour: str = ""  # untranslated; empty where the rulebook names none


@dataclass(frozen=True, slots=True)
class TableVariant:
    key: str
    rule: str  # the paragraph the table is defined in
    name: str  # untranslated
    seats: tuple[Seat, ...]
    sides: tuple[tuple[int, ...], ...]  # seat numbers per side
    turns: tuple[int, ...]  # one cycle of play, by seat number
    partners_diagonal: bool = False  # "Die Spielfiguren im Team stehen sich diagonal gegenüber"
    fallback: str = ""  # the smaller form a table one player short plays
    can_draw: bool = True  # Schach4 "Ende des Spiels", Vierer §13
    result_rule: str = "Schach4 Ende des Spiels"  # where the rulebook says how a game here ends and is won
    endings: TableEndings = SCHACH4_ENDINGS  # how a team match's one game here may end
    side_rule: str = ""  # where the rulebook forms a table's sides, where not the table's rule

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def team_rule(self) -> str:
        """The rule that puts a team's players on one side: a team one player short cannot play."""
        return self.side_rule or self.rule

    def role(self, seat: int) -> tuple[int, int]:
        """What ``seat`` plays as: the players of its side and the sets it commands. Schach4 V4: a
        partner of the pair (2, 1) or a single (1, 1); V8: the single with two sets (1, 2)."""
        return len(self.sides[self.side_of(seat)]), self.seats[seat - 1].sets

    @property
    def pairs(self) -> tuple[tuple[int, ...], ...]:
        """Sides of two players whose sets face each other diagonally: the teams of a team event."""
        return tuple(side for side in self.sides if len(side) == 2) if self.partners_diagonal else ()

    @property
    def team_event(self) -> bool:
        """A team match of teams of two needs every side to be a pair: Schach4 V2 alone. V4 (two
        singles against a pair) would split a team into two enemies, V8 (three players) would sit a
        team's player out; their pairs and singles are formed per table in individual events."""
        return bool(self.pairs) and len(self.pairs) == len(self.sides)

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` plays for."""
        return next(index for index, side in enumerate(self.sides) if seat in side)

    def moves_of(self, seat: int) -> tuple[int, ...]:
        """When ``seat`` moves in one cycle of play (1-based): Schach4 V3's single moves 2nd, 4th
        and 6th, after each team player ("Der Einzelkämpfer zieht jeweils nach jedem Team-Spieler")."""
        return tuple(turn for turn, number in enumerate(self.turns, start=1) if number == seat)

    def partners_of(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side: its partners, whose pieces do not threaten its own."""
        return tuple(other for other in self.sides[self.side_of(seat)] if other != seat)


def _seats(*sets: int) -> tuple[Seat, ...]:
    return tuple(Seat(number, count) for number, count in enumerate(sets, start=1))


def _singles(count: int) -> tuple[tuple[int, ...], ...]:
    return tuple((seat,) for seat in range(1, count + 1))


SCHACH4: dict[str, TableVariant] = {
    variant.key: variant
    for variant in (
        # 4 players
        TableVariant(
            "schach4-v1",
            "Schach4 V1",
            gettext_noop("Schach4 V1: four players, each against each"),
            _seats(1, 1, 1, 1),
            _singles(4),
            (1, 2, 3, 4),
            fallback="schach4-v5",
        ),
        TableVariant(
            "schach4-v2",
            "Schach4 V2",
            gettext_noop("Schach4 V2: two pairs, partners diagonal"),
            _seats(1, 1, 1, 1),
            ((1, 3), (2, 4)),
            (1, 2, 3, 4),
            partners_diagonal=True,
        ),
        TableVariant(
            "schach4-v3",
            "Schach4 V3",
            gettext_noop("Schach4 V3: one player against a team of three"),
            _seats(1, 1, 1, 1),
            ((2,), (1, 3, 4)),
            (1, 2, 3, 2, 4, 2),
        ),  # the single moves after each
        TableVariant(
            "schach4-v4",
            "Schach4 V4",
            gettext_noop("Schach4 V4: two singles against a pair"),
            _seats(1, 1, 1, 1),
            ((1, 3), (2,), (4,)),
            (1, 2, 3, 4),
            partners_diagonal=True,
        ),
        # 3 players
        TableVariant(
            "schach4-v5",
            "Schach4 V5",
            gettext_noop("Schach4 V5: three players, each against each"),
            _seats(1, 1, 1),
            _singles(3),
            (1, 2, 3),
            fallback="schach4-v9",
        ),
        TableVariant(
            "schach4-v6",
            "Schach4 V6",
            gettext_noop("Schach4 V6: one player against a pair"),
            _seats(1, 1, 1),
            ((2,), (1, 3)),
            (1, 2, 3, 2),
        ),  # the single moves after each
        TableVariant(
            "schach4-v7",
            "Schach4 V7",
            gettext_noop("Schach4 V7: one player with two sets against two singles"),
            _seats(2, 1, 1),
            _singles(3),
            (1, 2, 1, 3),
            partners_diagonal=True,
        ),
        TableVariant(
            "schach4-v8",
            "Schach4 V8",
            gettext_noop("Schach4 V8: one player with two sets against a pair"),
            _seats(2, 1, 1),
            ((1,), (2, 3)),
            (1, 2, 1, 3),
            partners_diagonal=True,
        ),
        # 2 players
        TableVariant(
            "schach4-v9", "Schach4 V9", gettext_noop("Schach4 V9: one against one"), _seats(1, 1), _singles(2), (1, 2)
        ),
        TableVariant(
            "schach4-v10",
            "Schach4 V10",
            gettext_noop("Schach4 V10: two players with two sets each"),
            _seats(2, 2),
            _singles(2),
            (1, 2, 1, 2),
            partners_diagonal=True,
        ),
        TableVariant(
            "schach4-v11",
            "Schach4 V11",
            gettext_noop("Schach4 V11: one set against three sets"),
            _seats(3, 1),
            _singles(2),
            (1, 2, 1, 2, 1, 2),
        ),  # one set moves after each of the three
        TableVariant(
            "schach4-v12",
            "Schach4 V12",
            gettext_noop("Schach4 V12: one set against two sets"),
            _seats(2, 1),
            _singles(2),
            (1, 2, 1, 2),
        ),  # one set moves after each of the two
        TableVariant(
            "schach4-v13",
            "Schach4 V13",
            gettext_noop("Schach4 V13: classical chess"),
            (Seat(1, 1, gettext_noop("White")), Seat(2, 1, gettext_noop("Black"))),
            _singles(2),
            (1, 2),
        ),
    )
}

# Vierer §1: White + Yellow against Black + Red; §4: White moves first, then Red, Black, Yellow.
VIERERSCHACH = TableVariant(
    "vierer",
    "Vierer §1, §4",
    gettext_noop("Modern Viererschach"),
    (
        Seat(1, 1, gettext_noop("White")),
        Seat(2, 1, gettext_noop("Red")),
        Seat(3, 1, gettext_noop("Black")),
        Seat(4, 1, gettext_noop("Yellow")),
    ),
    ((1, 4), (3, 2)),  # White + Yellow, Black + Red: each side listed as player 1, player 2
    (1, 2, 3, 4),
    result_rule="Vierer §2, §12, §13",
    endings=VIERER_ENDINGS,
    side_rule="Vierer §1",
)

VARIANTS: dict[str, TableVariant] = {**SCHACH4, VIERERSCHACH.key: VIERERSCHACH}


def get_variant(key: str) -> TableVariant:
    try:
        return VARIANTS[key]
    except KeyError:
        raise RuleViolation(
            gettext_noop("unknown table variant “%(value)s”; known variants: %(known)s"),
            field="variant",
            value=key,
            known=", ".join(VARIANTS),
        ) from None


def forms(variant: TableVariant) -> list[TableVariant]:
    """The variant and its smaller forms, largest first (Schach4 V1 → V5 → V9)."""
    chain = [variant]
    while chain[-1].fallback:
        chain.append(VARIANTS[chain[-1].fallback])
    return chain


def form_for(variant: TableVariant, players: int, *, field: str = "table") -> TableVariant:
    """The form a table of ``players`` plays: the variant, or a smaller form when players are short."""
    for form in forms(variant):
        if form.size == players:
            return form
    raise RuleViolation(
        gettext_noop("%(variant)s has no form for a table of %(players)d players."),
        field=field,
        rule=variant.rule,
        variant=variant.rule,
        players=players,
    )
