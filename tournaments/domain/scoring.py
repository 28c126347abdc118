"""From board results to match scores and match points (Blitz §16)."""

from collections.abc import Sequence
from dataclasses import dataclass

from .presets import ByeScoring, MatchPoints
from .results import BoardResult


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match as the standings see it: the points each team scored on each board.

    ``second`` is ``None`` for a bye. ``forfeited_by_both`` marks a match in which no game was
    played at all (every board ``--``): both teams lose it rather than share a 0–0 draw.
    ``decided`` holds the (first, second) points of a match with one result for the whole match
    (Tandem §1.3); such a match has no board points. ``unplayed`` marks a match in which every
    board was forfeited: no game was played over the board (C.07 Art. 16 treats its rounds as
    unplayed).
    """

    round: int
    first: int
    second: int | None
    first_boards: tuple[float, ...]
    second_boards: tuple[float, ...]
    forfeited_by_both: bool = False
    decided: tuple[float, float] | None = None
    unplayed: bool = False

    @property
    def first_score(self) -> float:
        return sum(self.first_boards)

    @property
    def second_score(self) -> float:
        return sum(self.second_boards)


def match_from_results(
    round_number: int, first: int, second: int | None, results: Sequence[BoardResult]
) -> MatchRecord:
    points = [result.points for result in results]
    return MatchRecord(
        round=round_number,
        first=first,
        second=second,
        first_boards=tuple(p[0] for p in points),
        second_boards=tuple(p[1] for p in points),
        forfeited_by_both=bool(results) and all(r == BoardResult.DOUBLE_FORFEIT for r in results),
        unplayed=bool(results) and all(r.is_forfeit for r in results),
    )


def match_from_result(round_number: int, first: int, second: int, result: BoardResult) -> MatchRecord:
    """A match with one result for the whole match (Tandem §1.3): no board points."""
    return MatchRecord(
        round=round_number,
        first=first,
        second=second,
        first_boards=(),
        second_boards=(),
        forfeited_by_both=result == BoardResult.DOUBLE_FORFEIT,
        decided=result.points,
        unplayed=result.is_forfeit,
    )


def bye_record(round_number: int, team: int, *, boards: int, scoring: ByeScoring) -> MatchRecord:
    """A bye scores nothing in a round robin by default; presets may score it as a draw or a win."""
    share = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}[scoring]
    return MatchRecord(round_number, team, None, (share,) * boards, ())


def match_points(record: MatchRecord, points: MatchPoints, *, bye_scoring: ByeScoring) -> tuple[float, float]:
    """(first, second) match points: more board points wins the match (Blitz §16).

    A match with one result is won by whoever won that result (Tandem §1.3).
    """
    if record.second is None:
        return {
            ByeScoring.NOTHING: (0.0, 0.0),
            ByeScoring.DRAW: (points.draw, 0.0),
            ByeScoring.WIN: (points.win, 0.0),
        }[bye_scoring]
    if record.forfeited_by_both:
        return points.loss, points.loss
    first, second = record.decided or (record.first_score, record.second_score)
    if first > second:
        return points.win, points.loss
    if first < second:
        return points.loss, points.win
    return points.draw, points.draw
