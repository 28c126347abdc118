"""Who sits where: seats rotate so that every entrant moves first, second, third … equally often.

The first mover has an advantage; the rules draw it by lot (Schach4 "Der Spielbeginn": "Das Los
bestimmt den Spieler mit dem ersten Zug"). By default (*our decision*, fairer over an event) we
instead seat each table so that everyone has held each seat as evenly as the tables allow
(rules/README §4); the setting ``first_mover`` = ``lot`` draws each table's seats by lot at
pairing instead, seat 1 moving first (``draw_seats``). Fixed groups that meet at the same table
every round rotate through the seats as a Latin square.
"""

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
from itertools import permutations


class FirstMover(StrEnum):
    """Who moves first at a table: seats rotated evenly over the event, or drawn by lot."""

    ROTATION = "rotation"
    LOT = "lot"  # Schach4 "Der Spielbeginn"


SeatCounts = Mapping[int, Counter]  # entrant -> how often it sat at each seat number


def seat_counts(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[int, Counter]:
    """How often each entrant held each seat, from seated tables (entrant ids in seat order)."""
    counts: dict[int, Counter] = {}
    for tables in rounds:
        for table in tables:
            for seat, entrant in enumerate(table, start=1):
                counts.setdefault(entrant, Counter())[seat] += 1
    return counts


def seat_table(table: Sequence[int], counts: SeatCounts) -> tuple[int, ...]:
    """The table's entrants in seat order (seat 1 first), evening out the seats they have held.

    Each entrant is put where it has sat least often: the arrangement with the fewest earlier
    sittings at the seats given wins, then the one whose first mover has moved first least often,
    then the first in the table's (score) order, so the result is deterministic.
    """

    def cost(arrangement: tuple[int, ...]) -> tuple[int, int]:
        held = sum(counts.get(entrant, Counter())[seat] for seat, entrant in enumerate(arrangement, start=1))
        return held, counts.get(arrangement[0], Counter())[1]

    return min(permutations(table), key=cost)


def seat_round(tables: Sequence[Sequence[int]], counts: SeatCounts) -> list[tuple[int, ...]]:
    """Seat every table of a round from the counts before it."""
    return [seat_table(table, counts) for table in tables]


def draw_seats(tables: Sequence[Sequence[int]], lot: int) -> list[tuple[int, ...]]:
    """Every table's seats drawn by lot, seat 1 moving first (Schach4 "Der Spielbeginn");
    ``lot`` is the draw recorded with the round, so the same lot seats the same way."""
    drawn = random.Random(lot)
    return [tuple(drawn.sample(list(table), len(table))) for table in tables]


def latin_square_seats(group: Sequence[int], round_number: int) -> tuple[int, ...]:
    """A fixed group's seat order in round ``round_number`` (1-based): member i takes seat i + r − 1.

    Over as many rounds as the table has seats, everyone holds every seat exactly once.
    """
    shift = (round_number - 1) % len(group)
    return tuple(group[(index - shift) % len(group)] for index in range(len(group)))
