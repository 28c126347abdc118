"""Per-team totals of an event, gathered once so every tie-break is a cheap lookup."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .presets import ByeScoring, MatchPoints
from .scoring import MatchRecord, match_points, pairwise_points


@dataclass(slots=True)
class TeamTally:
    team: int
    boards: int
    mp: float = 0.0
    bp: float = 0.0
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    board_points: list[float] = field(default_factory=list)

    def __post_init__(self):
        self.board_points = [0.0] * self.boards


@dataclass(slots=True)
class Tally:
    """Totals per team and, per pair of teams, the match points each scored against the other
    (``pairwise_points`` of every encounter: the pairwise tie-breaks DE and SB read only these)."""

    boards: int
    teams: dict[int, TeamTally]
    # (a, b) -> [match points a scored against b, matches a and b played]
    encounters: dict[tuple[int, int], list[float]]
    # a -> every b with an entry (a, b) above, in the order they first met: a team's own
    # encounters without scanning everyone's (Sonneborn-Berger stays linear in the teams)
    opponents: dict[int, list[int]] = field(default_factory=dict)

    def encounter(self, a: int, b: int) -> tuple[float, int]:
        mp, count = self.encounters.get((a, b), (0.0, 0))
        return mp, int(count)


def tally_matches(
    teams: Iterable[int],
    matches: Sequence[MatchRecord],
    *,
    boards: int,
    points: MatchPoints,
    bye_scoring: ByeScoring,
) -> Tally:
    tally = Tally(boards, {team: TeamTally(team, boards) for team in teams}, {})
    for record in matches:
        mps = match_points(record, points, bye_scoring=bye_scoring)
        for side, mp in zip(record.sides, mps):
            _add(tally.teams[side.entrant], mp, side.boards)
        if record.is_bye:
            continue
        for index, side in enumerate(record.sides):
            own, mp = tally.teams[side.entrant], mps[index]
            best_other = max(other for position, other in enumerate(mps) if position != index)
            own.played += 1
            if mp > best_other:
                own.won += 1
            elif mp < best_other or record.forfeited_by_all:
                own.lost += 1
            else:
                own.drawn += 1
        for team, opponent, mp in pairwise_points(record, points):
            entry = tally.encounters.get((team, opponent))
            if entry is None:
                entry = tally.encounters[(team, opponent)] = [0.0, 0]
                tally.opponents.setdefault(team, []).append(opponent)
            entry[0] += mp
            entry[1] += 1
    return tally


def _add(own: TeamTally, mp: float, board_points: Sequence[float]) -> None:
    own.mp += mp
    for index, value in enumerate(board_points):
        own.board_points[index] += value
        own.bp += value
