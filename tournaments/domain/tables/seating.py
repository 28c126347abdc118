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
from collections.abc import Hashable, Mapping, Sequence
from enum import StrEnum
from itertools import combinations, permutations

from .variants import TableVariant, form_for


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


def partner_counts(rounds: Sequence[Sequence[Sequence[int]]], variant: TableVariant) -> Counter:
    """How often each two entrants partnered each other on one side, from seated tables."""
    partnered: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for side in form_for(variant, len(table)).sides:
                partnered.update(frozenset(pair) for pair in combinations((table[seat - 1] for seat in side), 2))
    return partnered


def seat_table(
    table: Sequence[int],
    counts: SeatCounts,
    roles: Sequence[Hashable] = (),
    sides: Sequence[Sequence[int]] = (),
    partnered: Mapping[frozenset[int], int] | None = None,
) -> tuple[int, ...]:
    """The table's entrants in seat order (seat 1 first), evening out the roles and seats they have held.

    Where the seats play different roles (``roles``, one per seat: Schach4 V4 a partner of the
    pair or a single, V8 the single with two sets or a partner), each entrant is first put in the
    role it has played least often, and then with the partners it has partnered least often
    (``partnered``, the form's ``sides``), so an event of individual entrants rotates who
    partners whom and who plays alone. Then each entrant is put where it has sat least often:
    the arrangement with the fewest earlier sittings at the seats given wins, then the one whose
    first mover has moved first least often, then the first in the table's (score) order, so the
    result is deterministic.
    """

    def played(entrant: int, seat: int) -> int:
        held = counts.get(entrant, Counter())
        return sum(times for earlier, times in held.items() if roles[earlier - 1] == roles[seat - 1])

    def again(arrangement: tuple[int, ...]) -> int:
        return sum(
            (partnered or {}).get(frozenset(pair), 0)
            for side in sides
            for pair in combinations((arrangement[seat - 1] for seat in side), 2)
        )

    def cost(arrangement: tuple[int, ...]) -> tuple[int, int, int, int]:
        seats = list(enumerate(arrangement, start=1))
        in_role = sum(played(entrant, seat) for seat, entrant in seats) if roles else 0
        held = sum(counts.get(entrant, Counter())[seat] for seat, entrant in seats)
        return in_role, again(arrangement), held, counts.get(arrangement[0], Counter())[1]

    return min(permutations(table), key=cost)


def seat_round(
    tables: Sequence[Sequence[int]],
    counts: SeatCounts,
    variant: TableVariant | None = None,
    partnered: Mapping[frozenset[int], int] | None = None,
) -> list[tuple[int, ...]]:
    """Seat every table of a round from the counts before it, rotating the roles of ``variant``'s
    seats and the partners (``partner_counts``) where its sides have them."""
    return [seat_table(table, counts, *_roles(variant, len(table)), partnered) for table in tables]


def _roles(variant: TableVariant | None, size: int) -> tuple[tuple[Hashable, ...], tuple[tuple[int, ...], ...]]:
    """Each seat's role at a table of ``size`` (none where every seat plays alike: Schach4 V1, V2),
    and its sides of partners (none where everyone plays alone: V1, V5, V9)."""
    if variant is None:
        return (), ()
    form = form_for(variant, size)
    roles = tuple(form.role(seat.number) for seat in form.seats)
    return (roles if len(set(roles)) > 1 else ()), tuple(side for side in form.sides if len(side) > 1)


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
