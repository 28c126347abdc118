"""Per-team totals of an event, gathered once so every tie-break is a cheap lookup."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .presets import ByeScoring, MatchPoints
from .scoring import MatchRecord, match_points


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
    """Totals per team and, per pair of teams, the match points each scored against the other."""

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
        first_mp, second_mp = match_points(record, points, bye_scoring=bye_scoring)
        _add(tally.teams[record.first], first_mp, record.first_boards)
        if record.second is None:
            continue
        _add(tally.teams[record.second], second_mp, record.second_boards)
        for team, opponent, mp, theirs in (
            (record.first, record.second, first_mp, second_mp),
            (record.second, record.first, second_mp, first_mp),
        ):
            own = tally.teams[team]
            own.played += 1
            if mp > theirs:
                own.won += 1
            elif mp < theirs or record.forfeited_by_both:
                own.lost += 1
            else:
                own.drawn += 1
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
