"""Table byes: the entrants left over where a variant is played only at full tables (issue 25).

Schach4 V2–V4, V6–V8 and V10–V13 have no smaller form, so 9 entrants at tables of four cannot
all sit, and one withdrawal would block the next round. *Our decision* (docs/rules.md): as an
individual Swiss gives its pairing-allocated bye, the entrants the tables leave over (9 at
tables of four: one) get a table bye — each round to entrants who have had fewest table byes,
so to a different entrant each round while anyone has had none, the lowest score first and then
the lowest rank. A table bye scores the points of a shared middle place (what a side scores
sharing every place of the table: ½ at two sides, 1 at three) unless the tournament sets its own
(``table_bye_points``).
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import RuleViolation, gettext_noop
from .finishing import place_points
from .grouping import table_sizes
from .variants import TableVariant, forms

RULE = "rules/README §4"  # our decision: the rulebooks have no byes
MAXIMUM = 100


def bye_count(entrants: int, variant: TableVariant) -> int:
    """How many entrants the tables leave over: none where the variant or its smaller forms seat
    everyone (Schach4 V1: 13 sit 4 + 3 + 3 + 3); else the fewest that let full tables be set."""
    smallest = min(form.size for form in forms(variant))
    if 0 < entrants < smallest:
        raise RuleViolation(
            gettext_noop("%(entrants)d entrants cannot fill a table of %(sizes)s players."),
            field="entrants",
            rule=variant.rule,
            entrants=entrants,
            sizes=smallest,
        )
    for byes in range(variant.size):
        try:
            table_sizes(entrants - byes, variant)
        except RuleViolation:
            continue
        return byes
    raise AssertionError("a multiple of the table size always seats")  # pragma: no cover


def bye_receivers(order: Sequence[int], count: int, had: Mapping[int, int]) -> tuple[int, ...]:
    """The ``count`` entrants who sit out: from the bottom of ``order`` (best first, so the lowest
    score and then the lowest rank first), those with the fewest table byes so far (``had``)."""
    bottom_up = list(reversed(order))
    return tuple(sorted(bottom_up, key=lambda entrant: had.get(entrant, 0))[:count])


def byes_had(records) -> Counter:
    """How often each entrant sat out at a table bye: the encounters of one side in ``records``
    (a requested bye is not one: the entrant asked to be away)."""
    return Counter(record.sides[0].entrant for record in records if record.is_bye and not record.requested)


def middle_points(variant: TableVariant, points_per_place: Mapping[int, Sequence[float]] | None = None) -> Fraction:
    """The points of a shared middle place at ``variant``'s table: the mean of its places' points
    (two sides 1/0: ½; three 2/1/0: 1; the tournament's points per place where it sets them)."""
    scale = place_points(len(variant.sides), points_per_place)
    return sum(scale, Fraction(0)) / len(scale)


def parse_bye_points(text: str, *, field: str = "table_bye_points") -> Fraction | None:
    """``""``: the points of a shared middle place; else the points a table bye scores (``1``, ``1.5``)."""
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite() or not 0 <= value <= MAXIMUM:
        raise RuleViolation(
            gettext_noop(
                "a table bye scores a number of points from 0 to %(max)d, e.g. 1 or 1.5; empty: the points of a "
                "shared middle place."
            ),
            field=field,
            rule=RULE,
            max=MAXIMUM,
        )
    return Fraction(value)


def format_bye_points(points: Fraction | None) -> str:
    if points is None:
        return ""
    return f"{float(points):g}"
