"""A game's outcome per seat: the shape of every game, two seats or a table of four.

A two-seat game has one result from the first seat's view (``1-0``); per seat it is each
player's own score: ``1``, ``½``, ``0``, ``+`` (won by forfeit), ``-`` (lost or not played).
A table of several sides has a finishing order instead (Schach4 "Ende des Spiels"): each side a
place, sides that share places share them as in sport (1, 1, 3), an absent player's side last
(issue 15). Archive version 2 writes games this way (docs/archive.md).
"""

from collections import Counter
from dataclasses import dataclass

from .errors import RuleViolation, gettext_noop
from .results import BoardResult

SEAT_RESULTS: dict[BoardResult, tuple[str, str]] = {
    BoardResult.FIRST_WINS: ("1", "0"),
    BoardResult.DRAW: ("½", "½"),
    BoardResult.SECOND_WINS: ("0", "1"),
    BoardResult.FIRST_WINS_BY_FORFEIT: ("+", "-"),
    BoardResult.SECOND_WINS_BY_FORFEIT: ("-", "+"),
    BoardResult.DOUBLE_FORFEIT: ("-", "-"),
}
_BY_SEATS = {seats: result for result, seats in SEAT_RESULTS.items()}


def seat_results(result: BoardResult | None) -> tuple[str | None, str | None]:
    """The two seats' own scores of a result from the first seat's view; ``None`` while unplayed."""
    return SEAT_RESULTS[result] if result is not None else (None, None)


def result_of_seats(first: str | None, second: str | None, *, field: str) -> BoardResult | None:
    """The game result the two seats' scores make together; both ``None`` = not played yet."""
    if first is None and second is None:
        return None
    try:
        return _BY_SEATS[(first, second)]
    except KeyError:
        raise RuleViolation(
            gettext_noop(
                "the seats' results “%(first)s” and “%(second)s” do not make one game; "
                "use 1 and 0, ½ and ½, 0 and 1, + and -, - and +, or - and -."
            ),
            field=field,
            first=first if first is not None else "null",
            second=second if second is not None else "null",
        ) from None


@dataclass(frozen=True, slots=True)
class PlacedSeat:
    """One seat at a table: the side it plays for (1-based), whether anybody sat, its place."""

    side: int
    present: bool
    place: int | None


def finishing_order_violation(seats: list[PlacedSeat], *, sides: int) -> RuleViolation | None:
    """The first problem with a table's finishing order, naming the seat (``seats[2].place``).

    Every side of the encounter sits at the table; a side's seats share its place; the places
    are those of a ranking of ``sides`` sides where a shared place p of m sides is followed by
    p + m; sides with an absent player take the last place, below every side that played (a
    forfeit, issue 15).
    """
    place_of: dict[int, int] = {}
    for index, seat in enumerate(seats):
        field = f"seats[{index}]"
        if not 1 <= seat.side <= sides:
            return RuleViolation(
                gettext_noop("side %(side)d is not at this table; its sides are 1 to %(sides)d."),
                field=f"{field}.side",
                side=seat.side,
                sides=sides,
            )
        if seat.place is None or not 1 <= seat.place <= sides:
            return RuleViolation(
                gettext_noop("give every seat its side's place, from 1 to %(sides)d."),
                field=f"{field}.place",
                sides=sides,
            )
        if place_of.setdefault(seat.side, seat.place) != seat.place:
            return RuleViolation(gettext_noop("the seats of one side share its place."), field=f"{field}.place")
    missing = sorted(set(range(1, sides + 1)) - set(place_of))
    if missing:
        return RuleViolation(gettext_noop("side %(side)d has no seat at this table."), field="seats", side=missing[0])
    counts = Counter(place_of.values())
    expected = 1
    for place in sorted(counts):
        if place != expected:
            index = next(i for i, seat in enumerate(seats) if seat.place == place)
            return RuleViolation(
                gettext_noop(
                    "place %(place)d cannot follow: the places so far end at %(last)d, so the next is %(next)d."
                ),
                field=f"seats[{index}].place",
                place=place,
                last=expected - 1,
                next=expected,
            )
        expected += counts[place]
    absent = {seat.side for seat in seats if not seat.present}
    last = sides - len(absent) + 1  # absent sides share the last places, after every side that played
    for index, seat in enumerate(seats):
        if (seat.side in absent) != (place_of[seat.side] >= last):
            return RuleViolation(
                gettext_noop(
                    "a side with an absent player takes the last place (%(last)d), after every side that played."
                ),
                field=f"seats[{index}].place",
                last=last,
            )
    return None


def placement_points(places: dict[int, int], *, points: tuple[float, ...] | None = None) -> dict[int, float]:
    """Each side's points from its place: of k sides, place p scores k − p unless ``points`` gives
    the points per place; sides sharing places share those places' points equally (issue 15)."""
    k = len(places)
    table = points if points is not None else tuple(float(k - p) for p in range(1, k + 1))
    counts = Counter(places.values())
    return {side: sum(table[place - 1 : place - 1 + counts[place]]) / counts[place] for side, place in places.items()}
