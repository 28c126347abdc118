"""The points per place a tournament sets instead of k − p (issue 15: "The preset may set other
points per place"), written as text: ``4: 3 2 1 0; 3: 2 1 0``.

One part per number of sides at a table, its points for places 1 … k; a number of sides not
named keeps k − p (rules/README §4, we decided). Empty: k − p everywhere. Points are in halves from
0 to 99, and a better place never scores less than a worse one, as sides sharing places share
those places' points (Schach4 "Ende des Spiels"; ``finishing.Finish``).
"""

import re
from fractions import Fraction

from ..errors import RuleViolation, gettext_noop

RULE = "rules/README §4"
SIDES = range(2, 5)  # a table has 2–4 sides
_PART = re.compile(r"^\s*(\d+)\s*:\s*(.*?)\s*$")

PlacePoints = tuple[tuple[int, tuple[Fraction, ...]], ...]  # (sides, points for places 1..sides), by sides


def parse_place_points(text: str, *, field: str = "place_points") -> PlacePoints:
    """The points per place ``text`` sets, refused with the part and the rule named."""
    found: dict[int, tuple[Fraction, ...]] = {}
    for part in filter(str.strip, (text or "").split(";")):
        match = _PART.match(part)
        sides = int(match.group(1)) if match else 0
        if sides not in SIDES:
            raise RuleViolation(
                gettext_noop(
                    "“%(value)s” is not points per place: write the number of sides (2 to 4), a colon and the points "
                    "for each place, e.g. 4: 3 2 1 0."
                ),
                field=field,
                rule=RULE,
                value=part.strip(),
            )
        if sides in found:
            raise RuleViolation(
                gettext_noop("the points for tables of %(sides)d sides are given twice."),
                field=field,
                rule=RULE,
                sides=sides,
            )
        points = tuple(_points(value, field=field) for value in match.group(2).split())
        if len(points) != sides:
            raise RuleViolation(
                gettext_noop("points per place for %(sides)d sides need one value for each of the %(sides)d places."),
                field=field,
                rule=RULE,
                sides=sides,
            )
        if any(better < worse for better, worse in zip(points, points[1:])):
            raise RuleViolation(
                gettext_noop("a better place cannot score less than a worse one (%(sides)d sides: %(value)s)."),
                field=field,
                rule=RULE,
                sides=sides,
                value=" ".join(match.group(2).split()),
            )
        found[sides] = points
    return tuple(sorted(found.items()))


def format_place_points(points: PlacePoints) -> str:
    """The stored form: ``4: 3 2 1 0; 3: 2 1 0`` (halves as ``1.5``), "" for k − p everywhere."""
    return "; ".join(f"{sides}: " + " ".join(_number(value) for value in values) for sides, values in points)


def _points(text: str, *, field: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        value = None
    if value is None or "/" in text or not 0 <= value <= 99 or (value * 2).denominator != 1:
        raise RuleViolation(
            gettext_noop("“%(value)s” must be a number of points in halves, from 0 to 99."),
            field=field,
            rule=RULE,
            value=text,
        )
    return value


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))
