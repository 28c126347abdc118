"""From results to encounter records and match points (Blitz §16), for encounters of any number of sides."""

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import permutations

from .presets import ByeScoring, MatchPoints
from .requested_byes import ByeKind
from .results import BOARD_POINTS, FORFEITS, BoardResult


@dataclass(frozen=True, slots=True, init=False)
class SideRecord:
    """One side of a finished encounter: its entrant (a team), the points it scored on each
    board (none where the encounter has one result), and the points that decide the encounter:
    the sum of its boards' where it has any (the tally reads it as that sum).

    A frozen dataclass with slots, not a named tuple, though a named tuple is built in a third of
    the time: the tally and every criterion read its fields, and a slot is read in half the time
    of a named tuple's field (the standings' computation was 5–7 % slower with named tuples).
    Its ``__init__`` is its own: the one ``dataclass`` writes for a frozen class sets each field
    through ``object.__setattr__``, at twice the cost of the slot's own setter (``_slot_setters``;
    two sides and a record for every match of every standings, issue 29)."""

    entrant: int
    boards: tuple[float, ...]
    score: float

    def __init__(self, entrant: int, boards: tuple[float, ...], score: float):
        set_entrant, set_boards, set_score = _SIDE_SETTERS
        set_entrant(self, entrant)
        set_boards(self, boards)
        set_score(self, score)


@dataclass(frozen=True, slots=True, init=False)
class MatchRecord:
    """A finished encounter as the standings see it: its sides, each with its scores.

    Two sides make a match, one alone a bye; more sides sit at one table (issue 15). The side
    with the most points wins (Blitz §16: more board points). ``forfeited_by_all`` marks an
    encounter in which no game was played at all (every board ``--``): every side loses it rather
    than share a 0–0 draw. ``board_scored`` is false where the encounter has one result of its
    own (Tandem §1.3): its sides then score that result and have no board points. ``unplayed``
    marks an encounter in which every board was forfeited: no game was played over the board
    (C.07 Art. 16 treats its rounds as unplayed). A frozen dataclass built by its own
    ``__init__``, as ``SideRecord``.
    """

    round: int
    sides: tuple[SideRecord, ...]
    forfeited_by_all: bool = False
    board_scored: bool = True
    unplayed: bool = False
    placement: bool = False  # a table's sides score their placement points themselves (issue 15)
    requested: str = ""  # a bye asked for in advance or a late entry's missed round: H, F or Z (TRF 240)
    leg: int = 1  # 2: the return match of a double round (``RankingRules.legs``)

    def __init__(
        self,
        round: int,
        sides: tuple[SideRecord, ...],
        forfeited_by_all: bool = False,
        board_scored: bool = True,
        unplayed: bool = False,
        placement: bool = False,
        requested: str = "",
        leg: int = 1,
    ):
        set_round, set_sides, set_forfeited, set_board_scored, set_unplayed, set_placement, set_requested, set_leg = (
            _MATCH_SETTERS
        )
        set_round(self, round)
        set_sides(self, sides)
        set_forfeited(self, forfeited_by_all)
        set_board_scored(self, board_scored)
        set_unplayed(self, unplayed)
        set_placement(self, placement)
        set_requested(self, requested)
        set_leg(self, leg)

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(side.entrant for side in self.sides)

    @property
    def is_bye(self) -> bool:
        return len(self.sides) == 1

    # The two-sided view of a match, for the team × team crosstable.
    @property
    def first(self) -> int:
        return self.sides[0].entrant

    @property
    def second(self) -> int | None:
        return self.sides[1].entrant if len(self.sides) > 1 else None

    @property
    def first_score(self) -> float:
        return sum(self.sides[0].boards)

    @property
    def second_score(self) -> float:
        return sum(self.sides[1].boards) if len(self.sides) > 1 else 0.0

    @property
    def decided(self) -> tuple[float, float] | None:
        """(first, second) points of a match with one result of its own; ``None`` otherwise."""
        return None if self.board_scored else (self.sides[0].score, self.sides[1].score)


def _slot_setters(cls) -> tuple:
    """Each field's slot setter, in field order: what a frozen class's own ``__init__`` sets
    its fields with (``setattr`` refuses)."""
    return tuple(cls.__dict__[field.name].__set__ for field in fields(cls))


_SIDE_SETTERS, _MATCH_SETTERS = _slot_setters(SideRecord), _slot_setters(MatchRecord)


def match_from_results(
    round_number: int, first: int, second: int | None, results: Sequence[BoardResult]
) -> MatchRecord:
    """A match scored board by board; without a second team, a bye. ``results`` may be the
    results' values ("1-0"): a ``BoardResult`` is its value to a dictionary or a set.

    Each side's points in one pass over the boards: once per match of every standings (the
    pairs transposed by ``zip`` cost half as much again, issue 29)."""
    if not results:
        teams = (first,) if second is None else (first, second)
        return MatchRecord(round_number, tuple(SideRecord(team, (), 0) for team in teams))
    own, other = [], []
    for result in results:
        first_points, second_points = BOARD_POINTS[result]
        own.append(first_points)
        other.append(second_points)
    unplayed = FORFEITS.issuperset(results)
    forfeited_by_all = unplayed and _DOUBLE_FORFEIT.issuperset(results)
    if second is None:
        sides = (SideRecord(first, tuple(own), sum(own)),)
    else:
        sides = (SideRecord(first, tuple(own), sum(own)), SideRecord(second, tuple(other), sum(other)))
    return MatchRecord(round_number, sides, forfeited_by_all, True, unplayed)


_DOUBLE_FORFEIT = {BoardResult.DOUBLE_FORFEIT}


def match_from_result(round_number: int, first: int, second: int | None, result: BoardResult) -> MatchRecord:
    """A match with one result for the whole match (Tandem §1.3): no board points; without a
    second team, a bye."""
    teams = (first,) if second is None else (first, second)
    return MatchRecord(
        round=round_number,
        sides=tuple(SideRecord(team, (), score) for team, score in zip(teams, result.points)),
        forfeited_by_all=result == BoardResult.DOUBLE_FORFEIT,
        board_scored=False,
        unplayed=result.is_forfeit,
    )


def bye_record(round_number: int, team: int, *, boards: int, scoring: ByeScoring) -> MatchRecord:
    """A bye scores nothing in a round robin by default; presets may score it as a draw or a win."""
    share = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}[scoring]
    return MatchRecord(round_number, (SideRecord(team, (share,) * boards, share * boards),))


def requested_bye_record(round_number: int, team: int, *, boards: int, kind: str) -> MatchRecord:
    """A bye the team asked for (or a round before it entered late), scored by its kind (TRF 240)."""
    share = ByeKind(kind).share
    return MatchRecord(round_number, (SideRecord(team, (share,) * boards, share * boards),), requested=kind)


def match_points(record: MatchRecord, points: MatchPoints, *, bye_scoring: ByeScoring) -> tuple[float, ...]:
    """Match points per side: the most points wins the encounter (Blitz §16: more board points;
    Tandem §1.3: the match's one result); sides sharing the most draw, the others lose. At a
    table of four-player chess each side scores its placement points instead (k − p, issue 15).

    A bye scores by the tournament's bye rule; a requested one by its kind (TRF 240).
    """
    if record.requested:
        return (ByeKind(record.requested).match_points(points),)
    if record.is_bye and record.placement:  # a table bye scores what the tournament sets (tables.byes)
        return (record.sides[0].score,)
    if record.is_bye:
        return ({ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: points.draw, ByeScoring.WIN: points.win}[bye_scoring],)
    if record.placement:
        return tuple(side.score for side in record.sides)
    if record.forfeited_by_all:
        return (points.loss,) * len(record.sides)
    scores = [side.score for side in record.sides]
    best = max(scores)
    shared = scores.count(best) > 1
    return tuple(points.loss if score < best else points.draw if shared else points.win for score in scores)


def pairwise_points(record: MatchRecord, points: MatchPoints) -> list[tuple[int, int, float]]:
    """(entrant, opponent, match points the entrant scored against the opponent) for every
    ordered pair of an encounter's sides: the match itself between two sides, each pair's own
    comparison at a table of more. Direct encounter and Sonneborn-Berger are sums of these."""
    if len(record.sides) == 2:  # a match: one comparison, both ways
        first, second = record.sides
        if record.forfeited_by_all:
            return [(first.entrant, second.entrant, points.loss), (second.entrant, first.entrant, points.loss)]
        if first.score == second.score:
            return [(first.entrant, second.entrant, points.draw), (second.entrant, first.entrant, points.draw)]
        own, other = (points.win, points.loss) if first.score > second.score else (points.loss, points.win)
        return [(first.entrant, second.entrant, own), (second.entrant, first.entrant, other)]
    rows = []
    for own, other in permutations(record.sides, 2):
        if record.forfeited_by_all:
            rows.append((own.entrant, other.entrant, points.loss))
        else:
            mp = points.win if own.score > other.score else points.loss if own.score < other.score else points.draw
            rows.append((own.entrant, other.entrant, mp))
    return rows
