"""Individual standings of a four-player event (rules/README §4, we decided).

Points, then wins (first place alone; a shared first place is not a win), then opposition (the
sum, over every game, of the final points of everyone else seated at that table, absent players
included), then the entrants share the place.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from ..errors import gettext_noop
from .finishing import Finish

LEGEND = gettext_noop(
    "Ranked by points (a side in place p of k scores k − p), then wins (first place alone), then opposition "
    "(the final points of everyone else at your tables); entrants still level share the place."
)


@dataclass(frozen=True, slots=True)
class TableGame:
    round: int
    seats: Mapping[int, int]  # seat number -> entrant id
    finish: Finish


@dataclass(frozen=True, slots=True)
class StandingRow:
    entrant: int
    first: int  # place; equal to ``last`` unless shared
    last: int
    points: Fraction
    wins: int
    opposition: Fraction
    games: int

    @property
    def place(self) -> str:
        return f"{self.first}." if self.first == self.last else f"{self.first}.–{self.last}."


def table_standings(entrants: Sequence[int], games: Sequence[TableGame]) -> list[StandingRow]:
    """Every entrant ranked; entrants without a game yet rank with 0 points."""
    points = {entrant: Fraction(0) for entrant in entrants}
    wins = dict.fromkeys(entrants, 0)
    played = dict.fromkeys(entrants, 0)
    for game in games:
        placings = game.finish.placings()
        for seat, entrant in game.seats.items():
            placing = placings[game.finish.variant.side_of(seat)]
            points[entrant] += placing.points
            wins[entrant] += placing.won
            played[entrant] += 1
    opposition = dict.fromkeys(entrants, Fraction(0))
    for game in games:
        for entrant in game.seats.values():
            opposition[entrant] += sum(points[other] for other in game.seats.values() if other != entrant)

    def key(entrant: int) -> tuple:
        return (-points[entrant], -wins[entrant], -opposition[entrant])

    ordered = sorted(entrants, key=lambda entrant: (*key(entrant), entrant))
    rows: list[StandingRow] = []
    first = 1
    for _, level in groupby(ordered, key=key):
        level = list(level)
        last = first + len(level) - 1
        rows += [StandingRow(e, first, last, points[e], wins[e], opposition[e], played[e]) for e in level]
        first = last + 1
    return rows
