"""A table's result: the finishing order of its sides, and the placement points it gives.

A mated player is out and the side whose pieces remain last wins; a draw ends the game and the
sides still in share the remaining places (Schach4 "Ende des Spiels", Vierer §13). We decided
(rules/README §4): a side in place p of k sides scores k − p, sides sharing places share those
places' points equally, every player of a side scores the side's points, and an absent side takes
the last place with 0 points while the sides present are placed above it from their game.
"""

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RuleViolation, gettext_noop
from .variants import TableVariant

RULE = "Schach4 Ende des Spiels"
_TOKEN = re.compile(r"\s*(?:(\d+)|(=)|(\S))")


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one side finished: places ``first``–``last`` (equal unless shared) and its points."""

    side: int  # index into the variant's sides
    first: int
    last: int
    points: Fraction
    absent: bool = False

    @property
    def shared(self) -> bool:
        return self.first != self.last

    @property
    def won(self) -> bool:
        """A win is first place alone; a shared first place is not a win."""
        return self.first == self.last == 1 and not self.absent


@dataclass(frozen=True, slots=True)
class Finish:
    variant: TableVariant
    places: tuple[tuple[int, ...], ...]  # sides present, by place, best first
    absent: tuple[int, ...] = ()  # sides that forfeited: last place, 0 points
    points_per_place: Mapping[int, Sequence[float]] | None = None  # per side count; default k − p

    def placings(self) -> tuple[Placing, ...]:
        """Every side's place and points, sides in the variant's order."""
        k = len(self.variant.sides)
        scale = place_points(k, self.points_per_place)
        found: dict[int, Placing] = {}
        place = 1
        for group in self.places:
            last = place + len(group) - 1
            share = sum(scale[place - 1 : last], Fraction(0)) / len(group)
            found |= {side: Placing(side, place, last, share) for side in group}
            place = last + 1
        found |= {side: Placing(side, place, k, Fraction(0), absent=True) for side in self.absent}
        return tuple(found[side] for side in range(k))

    def seat_points(self) -> dict[int, Fraction]:
        """Every player of a side scores the side's points."""
        placings = self.placings()
        return {seat: placings[index].points for index, side in enumerate(self.variant.sides) for seat in side}


def place_points(sides: int, points_per_place: Mapping[int, Sequence[float]] | None = None) -> list[Fraction]:
    """Points for places 1..k: k − p unless the preset sets its own for k sides."""
    if points_per_place and sides in points_per_place:
        values = points_per_place[sides]
        if len(values) != sides:
            raise RuleViolation(
                gettext_noop("points per place for %(sides)d sides need one value for each of the %(sides)d places."),
                field="points_per_place",
                sides=sides,
            )
        return [Fraction(value).limit_denominator(1000) for value in values]
    return [Fraction(sides - place) for place in range(1, sides + 1)]


def parse_finish(
    text: str,
    variant: TableVariant,
    *,
    absent_seats: Collection[int] = (),
    points_per_place: Mapping[int, Sequence[float]] | None = None,
    field: str = "result",
) -> Finish:
    """Read a typed finishing order: seats from first place to last, ``=`` joins the previous place.

    ``"1 3 = 2 4"``: seat 1 first, seats 3 and 2 share second, seat 4 last. Naming one seat of a
    side places the whole side; absent seats are not typed, their side forfeits (last, 0 points).
    """
    seats = {seat.number for seat in variant.seats}
    for seat in absent_seats:
        if seat not in seats:
            raise _not_at_table(seat, variant, field="absent")
    absent = tuple(sorted({variant.side_of(seat) for seat in absent_seats}))
    groups = _groups(text, field=field)
    places: list[tuple[int, ...]] = []
    placed: dict[int, int] = {}  # seat -> place index
    side_place: dict[int, int] = {}
    for place_index, group in enumerate(groups):
        sides: list[int] = []
        for seat in group:
            if seat not in seats:
                raise _not_at_table(seat, variant, field=field)
            if seat in placed:
                raise RuleViolation(
                    gettext_noop("seat %(seat)d is named twice; every seat takes one place."), field=field, seat=seat
                )
            placed[seat] = place_index
            side = variant.side_of(seat)
            if side in absent:
                raise RuleViolation(
                    gettext_noop("seat %(seat)d is absent: its side takes the last place by forfeit and is not typed."),
                    field=field,
                    rule=RULE,
                    seat=seat,
                )
            if side in side_place and side_place[side] != place_index:
                raise RuleViolation(
                    gettext_noop("seats %(seats)s play for one side and finish in one place."),
                    field=field,
                    rule=variant.rule,
                    seats=_seat_list(variant.sides[side]),
                )
            if side not in side_place:
                side_place[side] = place_index
                sides.append(side)
        if len(sides) > 1 and not variant.can_draw:
            raise RuleViolation(
                gettext_noop("sides can share a place only after a draw, and %(variant)s cannot be drawn."),
                field=field,
                rule=variant.rule,
                variant=variant.rule,
            )
        places.append(tuple(sides))
    if refusal := shared_place_refusal(places, field=field):
        raise refusal
    missing = [
        seat
        for side in sorted(set(range(len(variant.sides))) - set(side_place) - set(absent))
        for seat in variant.sides[side]
    ]
    if missing:
        raise RuleViolation(
            gettext_noop("seat %(seats)s has no place; name every seat present from first place to last."),
            field=field,
            rule=RULE,
            seats=_seat_list(missing),
        )
    return Finish(variant, tuple(places), absent, points_per_place)


def shared_place_refusal(places: Sequence[Sequence[int]], *, field: str) -> RuleViolation | None:
    """A finishing order the game cannot produce: a mate counts only when the mated player is to
    move, so players drop out one at a time, and a draw ends the game for everyone still in
    (Schach4 "Ende des Spiels"). Sides present can share a place only at the top (the survivors
    of a draw); ``1 2 2 4`` and ``1 2 3 3`` are impossible. Absent sides share the last places
    apart from ``places``. ``places``: the sides present by place, best first."""
    place = 1
    for group in places:
        if len(group) > 1 and place > 1:
            return RuleViolation(
                gettext_noop(
                    "place %(place)d cannot be shared: players drop out one at a time, and only the sides still in "
                    "when the game is drawn share a place, the first."
                ),
                field=field,
                rule=RULE,
                place=place,
            )
        place += len(group)
    return None


def format_finish(finish: Finish) -> str:
    """The typed form of a finish, first seat of each side: ``parse_finish`` reads it back."""
    return " ".join(" = ".join(str(finish.variant.sides[side][0]) for side in group) for group in finish.places)


def _groups(text: str, *, field: str) -> list[list[int]]:
    groups: list[list[int]] = []
    join = False
    for number, equals, other in _TOKEN.findall(text or ""):
        if other:
            raise RuleViolation(
                gettext_noop(
                    "“%(value)s” is not a seat number; type seats from first place to last, = for a shared place."
                ),
                field=field,
                value=other,
            )
        if equals:
            if not groups or join:
                raise RuleViolation(
                    gettext_noop("“=” joins a seat to the place before it, so it needs a seat on each side."),
                    field=field,
                )
            join = True
            continue
        if join:
            groups[-1].append(int(number))
        else:
            groups.append([int(number)])
        join = False
    if join:
        raise RuleViolation(
            gettext_noop("“=” joins a seat to the place before it, so it needs a seat on each side."), field=field
        )
    return groups


def _not_at_table(seat: int, variant: TableVariant, *, field: str) -> RuleViolation:
    return RuleViolation(
        gettext_noop("there is no seat %(seat)d at this table; %(variant)s has seats 1 to %(seats)d."),
        field=field,
        rule=variant.rule,
        seat=seat,
        variant=variant.rule,
        seats=variant.size,
    )


def _seat_list(seats: Sequence[int]) -> str:
    return ", ".join(str(seat) for seat in seats)
