"""Keyboard entry of a table's result as places per seat: ``2 1 4 3`` or ``1134``, ``-`` for absent.

One token per seat, in seat order (seat 1 first): the place the seat's side finished in, as in
sport (two sides sharing first place of four are 1 and 1, the next is 3), or ``-`` for a seat
nobody took (a forfeit: that side takes the last place with 0 points, issue 15). Partners type
the same place. The typed places are checked before anything is stored and then read as a
``Finish`` (``finishing``), so a place for a seat not at the table, partners in different
places, a shared place where the variant cannot be drawn, or a shared place below the first
(``1 2 2 4``: players drop out one at a time) is refused with the field and the rule named.
What is stored is read back without that last check, so a result stored before it still shows.
The other way round, ``side_places`` gives each side's stored place.

Worked examples (Schach4 "Ende des Spiels"): seat 3 mated first, then seat 1, seat 2 last on the
board: ``2 1 4 3``. A draw by stalemate with seats 1 and 4 still in after seat 2 was mated
first: ``1 4 3 1``, seats 1 and 4 share first place and score 2½ each.
"""

import re
from collections.abc import Mapping, Sequence

from ..errors import RuleViolation, gettext_noop
from .finishing import RULE, Finish, shared_place_refusal
from .variants import TableVariant

ABSENT = "-"
_TOKEN = re.compile(r"\s*(?:(\d)|(-)|(\S))")


def parse_places(
    text: str,
    variant: TableVariant,
    *,
    points_per_place: Mapping[int, Sequence[float]] | None = None,
    field: str = "result",
) -> Finish:
    """The finish the typed places per seat describe, refused with the seat and rule named."""
    tokens = []
    for digit, _dash, other in _TOKEN.findall(text or ""):
        if other:
            raise RuleViolation(
                gettext_noop("“%(value)s” is not a place; type each seat's place, - for a seat nobody took."),
                field=field,
                value=other,
            )
        tokens.append(int(digit) if digit else None)
    if len(tokens) != variant.size:
        raise RuleViolation(
            gettext_noop("type one place for each of the %(seats)d seats, in seat order; got %(count)d."),
            field=field,
            rule=variant.rule,
            seats=variant.size,
            count=len(tokens),
        )
    finish = finish_from_seat_places(
        dict(enumerate(tokens, start=1)), variant, points_per_place=points_per_place, field=field
    )
    if refusal := shared_place_refusal(finish.places, field=field):
        raise refusal
    return finish


def finish_from_seat_places(
    places: Mapping[int, int | None],
    variant: TableVariant,
    *,
    points_per_place: Mapping[int, Sequence[float]] | None = None,
    field: str = "result",
) -> Finish:
    """A finish from each seat's place (``None``: nobody sat there), checked seat by seat."""
    side_place: dict[int, int | None] = {}
    for seat, place in places.items():
        if seat not in {s.number for s in variant.seats}:
            raise RuleViolation(
                gettext_noop("there is no seat %(seat)d at this table; %(variant)s has seats 1 to %(seats)d."),
                field=f"{field}.seat {seat}",
                rule=variant.rule,
                seat=seat,
                variant=variant.rule,
                seats=variant.size,
            )
        side = variant.side_of(seat)
        if side in side_place and side_place[side] != place:
            raise RuleViolation(
                gettext_noop("seats %(seats)s play for one side: they share its place, or its forfeit."),
                field=f"{field}.seat {seat}",
                rule=variant.rule,
                seats=", ".join(map(str, variant.sides[side])),
            )
        side_place[side] = place
    missing = [seat for seat in (s.number for s in variant.seats) if seat not in places]
    if missing:
        raise RuleViolation(
            gettext_noop("seat %(seats)s has no place; name every seat present from first place to last."),
            field=field,
            rule=RULE,
            seats=", ".join(map(str, missing)),
        )
    present = {side: place for side, place in side_place.items() if place is not None}
    absent = tuple(sorted(side for side, place in side_place.items() if place is None))
    groups: dict[int, list[int]] = {}
    for side, place in sorted(present.items()):
        groups.setdefault(place, []).append(side)
    expected = 1
    for place in sorted(groups):
        if place != expected:
            seat = next(s for s, p in sorted(places.items()) if p == place)
            raise RuleViolation(
                gettext_noop(
                    "place %(place)d cannot follow: the places so far end at %(last)d, so the next is %(next)d."
                ),
                field=f"{field}.seat {seat}",
                rule=RULE,
                place=place,
                last=expected - 1,
                next=expected,
            )
        if len(groups[place]) > 1 and not variant.can_draw:
            raise RuleViolation(
                gettext_noop("sides can share a place only after a draw, and %(variant)s cannot be drawn."),
                field=field,
                rule=variant.rule,
                variant=variant.rule,
            )
        expected += len(groups[place])
    ordered = tuple(tuple(groups[place]) for place in sorted(groups))
    return Finish(variant, ordered, absent, points_per_place)


def side_places(finish: Finish) -> tuple[int, ...]:
    """Each side's place as stored, sides in the variant's order: shared places as in sport
    (1, 1, 3), absent sides the first of the last places (an absent side of four after three
    that played: 4)."""
    return tuple(placing.first for placing in finish.placings())


def seat_places(finish: Finish) -> dict[int, int | None]:
    """Each seat's typed place (``None`` for a forfeiting seat): what ``parse_places`` reads back."""
    placings = finish.placings()
    return {
        seat: (None if placings[index].absent else placings[index].first)
        for index, side in enumerate(finish.variant.sides)
        for seat in side
    }


def stored_places(finish: Finish) -> dict[int, int]:
    """Each seat's place as the database keeps it on the seat's side: 0 for a seat nobody took
    (its side forfeited: last, no points), so the standings need not read the seats."""
    return {seat: place or 0 for seat, place in seat_places(finish).items()}


def finish_from_stored(
    places: Mapping[int, int],
    variant: TableVariant,
    *,
    points_per_place: Mapping[int, Sequence[float]] | None = None,
    field: str = "places",
) -> Finish:
    """The finish ``stored_places`` wrote, read back per seat (0: absent)."""
    return finish_from_seat_places(
        {seat: place or None for seat, place in places.items()}, variant, points_per_place=points_per_place, field=field
    )


def format_places(finish: Finish) -> str:
    """The typed form, ``1 1 3 4`` or ``1 - 3 2``."""
    return " ".join(ABSENT if place is None else str(place) for _, place in sorted(seat_places(finish).items()))
