"""Grouping entrants into tables each round: a "Swiss in fours" (rules/README §4, issue 15).

Entrants are ordered by points, then rating, and tables are filled from the top, avoiding
entrants who have already shared a table wherever a grouping allows; what repeats remain is
reported to the TD. When the entry count does not divide, the lower tables take one player fewer
and play the variant's smaller form (Schach4 V1 → V5). The search is deterministic: the same
standings and history always give the same tables. A fixed group of size² entrants can instead
play a round robin of tables (``round_robin_of_tables``): every two share a table exactly once.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..errors import RuleViolation, gettext_noop
from .variants import TableVariant, forms

SEARCH_BUDGET = 5_000  # tables tried before the best grouping found so far is taken
WINDOW = 12  # how far below a table's top entrant its table-mates are looked for, beyond the table size


@dataclass(frozen=True, slots=True)
class Entrant:
    id: int
    points: float = 0.0
    rating: int = 0


@dataclass(frozen=True, slots=True)
class Grouping:
    tables: tuple[tuple[int, ...], ...]  # entrant ids per table, top table first, in score order
    repeats: int  # pairs seated together who had already shared a table


def table_sizes(entrants: int, variant: TableVariant, *, field: str = "entrants") -> list[int]:
    """As few tables as the variant's size allows, sizes differing by one, full tables on top.

    13 players in fours: [4, 3, 3, 3]. A size the variant has no smaller form for is refused.
    """
    if entrants == 0:
        return []
    tables = -(-entrants // variant.size)
    base, extra = divmod(entrants, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    playable = {form.size for form in forms(variant)}
    if not set(sizes) <= playable:
        raise RuleViolation(
            gettext_noop("%(entrants)d entrants cannot be seated at tables of %(sizes)s players."),
            field=field,
            rule=variant.rule,
            entrants=entrants,
            sizes=" or ".join(str(size) for size in sorted(playable, reverse=True)),
        )
    return sizes


def met_pairs(rounds: Sequence[Sequence[Sequence[int]]]) -> set[frozenset[int]]:
    """Every pair of entrants who shared a table in the given rounds' tables."""
    return {frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2)}


def group_by_score(
    entrants: Sequence[Entrant], variant: TableVariant, met: Collection[frozenset[int]] = frozenset()
) -> Grouping:
    """Tables for the next round: by score from the top, with as few repeat table-mates as found."""
    order = [e.id for e in sorted(entrants, key=lambda e: (-e.points, -e.rating, e.id))]
    sizes = table_sizes(len(order), variant)
    search = _Search(order, sizes, met)
    search.run()
    return Grouping(tuple(search.best), search.best_repeats)


@dataclass(slots=True)
class _Table:
    """One table of the search's current path: its top entrant, the candidates below it, the
    choices of table-mates cheapest first, the next to try, and the repeats before it."""

    anchor: int  # positions in the score order
    window: list[int]
    options: list[tuple[int, tuple[int, ...]]]
    repeats: int
    next: int = 0
    mates: tuple[int, ...] = ()


class _Search:
    """Depth-first over tables, cheapest table-mates first, pruned by the best grouping so far.

    The path is a stack, not recursion (one level per table: about 4,000 entrants reached
    Python's recursion limit, issue 29), and the entrants left are the score order with the seated
    ones marked, so each table costs what its window does: linear in the entrants."""

    def __init__(self, order: list[int], sizes: list[int], met: Collection[frozenset[int]]):
        self.order = order
        self.sizes = sizes
        self.met = met
        self.seated = [False] * len(order)
        self.path: list[_Table] = []
        self.best: list[tuple[int, ...]] = []
        self.best_repeats = -1
        self.budget = SEARCH_BUDGET

    def repeats(self, table: Sequence[int]) -> int:
        return sum(1 for pair in combinations(table, 2) if frozenset(pair) in self.met)

    def run(self) -> None:
        self._open(0, 0)
        while self.path:
            table = self.path[-1]
            self._unseat(table)
            if table.next == len(table.options):
                self._close()
                continue
            cost, picks = table.options[table.next]
            if self.budget <= 0 or (self.best_repeats >= 0 and table.repeats + cost >= self.best_repeats):
                self._close()
                continue
            self.budget -= 1
            table.next += 1
            table.mates = tuple(table.window[i] for i in picks)
            for position in table.mates:
                self.seated[position] = True
            self._open(table.anchor + 1, table.repeats + cost)

    def _open(self, start: int, repeats: int) -> None:
        """The next table, topped by the first entrant left from ``start`` on; none left: a
        complete grouping, kept if it has fewer repeats than the best so far."""
        anchor = start
        while anchor < len(self.order) and self.seated[anchor]:
            anchor += 1
        if anchor == len(self.order):
            if self.best_repeats < 0 or repeats < self.best_repeats:
                self.best, self.best_repeats = [self._entrants(table) for table in self.path], repeats
            return
        need = self.sizes[len(self.path)] - 1
        window, position = [], anchor + 1
        while position < len(self.order) and len(window) < need + WINDOW:
            if not self.seated[position]:
                window.append(position)
            position += 1
        options = sorted(
            (self.repeats([self.order[anchor], *(self.order[window[i]] for i in picks)]), picks)
            for picks in combinations(range(len(window)), need)
        )
        self.seated[anchor] = True
        self.path.append(_Table(anchor, window, options, repeats))

    def _close(self) -> None:
        self.seated[self.path.pop().anchor] = False

    def _unseat(self, table: _Table) -> None:
        """The table-mates tried last at ``table`` stand up again: the next choice, or none."""
        for position in table.mates:
            self.seated[position] = False
        table.mates = ()

    def _entrants(self, table: _Table) -> tuple[int, ...]:
        return (self.order[table.anchor], *(self.order[position] for position in table.mates))


# Multiplication in the fields of 2, 3 and 4 elements (GF(4) = {0, 1, a, a + 1} as 0–3; its
# addition is XOR): what the Latin squares of a round robin of tables are built from.
_ADD = {2: lambda a, b: a ^ b, 3: lambda a, b: (a + b) % 3, 4: lambda a, b: a ^ b}
_MUL = {
    2: lambda a, b: a * b,
    3: lambda a, b: a * b % 3,
    4: lambda a, b: ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))[a][b],
}


def round_robin_of_tables(group: Sequence[int], variant: TableVariant) -> list[tuple[tuple[int, ...], ...]]:
    """A fixed group of size² entrants in size + 1 rounds where every two share a table exactly once.

    The group is laid out as a size × size square: round 1 seats its rows, round 2 its columns,
    the others the cells of equal symbol in each Latin square of a complete orthogonal set
    (entrant (x, y) sits at table y − m·x in round m + 2). 16 players in fours: 5 rounds.
    """
    size = variant.size
    if size not in _MUL or len(group) != size * size:
        raise RuleViolation(
            gettext_noop("a round robin of tables of %(size)d needs a group of exactly %(needed)d entrants."),
            field="entrants",
            rule=variant.rule,
            size=size,
            needed=size * size,
        )
    add, mul = _ADD[size], _MUL[size]
    cells = [(x, y) for x in range(size) for y in range(size)]
    rounds = [tuple(tuple(group[x * size + y] for y in range(size)) for x in range(size))]
    for slope in range(size):
        tables: list[list[int]] = [[] for _ in range(size)]
        for x, y in cells:
            # y = slope·x + c, so c = y − slope·x; in these fields subtraction is y + (−slope·x)
            c = next(c for c in range(size) if add(mul(slope, x), c) == y)
            tables[c].append(group[x * size + y])
        rounds.append(tuple(tuple(table) for table in tables))
    return rounds
