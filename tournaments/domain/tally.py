"""Per-team totals of an event, gathered once so every tie-break is a cheap lookup."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .presets import ByeScoring, MatchPoints
from .scoring import MatchRecord, match_points


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One team's round as C.07 sees it: the opponent (``None`` for a bye or an unpaired round),
    the match points and game points it scored, and how it was (not) played (Art. 16.2)."""

    round: int
    opponent: int | None
    mp: float
    gp: float
    played: bool  # a game was played over the board
    pab: bool = False  # the pairing-allocated bye (a round robin's dummy, too)
    forfeit_win: bool = False

    @property
    def voluntarily_unplayed(self) -> bool:
        """C.07 Art. 16.2: an unplayed round not forced on the team: a forfeit loss, a requested
        bye, an unpaired round. A forfeit win and the pairing-allocated bye are not."""
        return not (self.played or self.pab or self.forfeit_win)


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
    # board points from matches only: a bye's notional points are on no board (C.07 BC, TBR, BBE)
    game_board_points: list[float] = field(default_factory=list)
    history: list[RoundEntry] = field(default_factory=list)

    def __post_init__(self):
        self.board_points = [0.0] * self.boards
        self.game_board_points = [0.0] * self.boards


@dataclass(slots=True)
class Tally:
    """Totals per team and, per pair of teams, the match points each scored against the other."""

    boards: int
    teams: dict[int, TeamTally]
    # (a, b) -> [match points a scored against b, matches a and b played]
    encounters: dict[tuple[int, int], list[float]]
    points: MatchPoints = field(default_factory=MatchPoints)
    predetermined: bool = True  # pairings fixed in advance (round robin), C.07 Art. 16.1

    def encounter(self, a: int, b: int) -> tuple[float, int]:
        mp, count = self.encounters.get((a, b), (0.0, 0))
        return mp, int(count)

    @property
    def rounds(self) -> int:
        """Rounds with at least one result: the n of C.07's caps and divisors."""
        return max((entry.round for own in self.teams.values() for entry in own.history), default=0)


def tally_matches(
    teams: Iterable[int],
    matches: Sequence[MatchRecord],
    *,
    boards: int,
    points: MatchPoints,
    bye_scoring: ByeScoring,
) -> Tally:
    tally = Tally(boards, {team: TeamTally(team, boards) for team in teams}, {}, points)
    for record in matches:
        first_mp, second_mp = match_points(record, points, bye_scoring=bye_scoring)
        first = tally.teams[record.first]
        _add(first, first_mp, record.first_boards, on_boards=record.second is not None)
        bye = record.second is None
        played = not bye and not record.unplayed
        first.history.append(
            RoundEntry(record.round, record.second, first_mp, record.first_score, played, bye, record.unplayed and first_mp > second_mp)
        )
        if bye:
            continue
        second = tally.teams[record.second]
        _add(second, second_mp, record.second_boards, on_boards=True)
        second.history.append(
            RoundEntry(record.round, record.first, second_mp, record.second_score, played, False, record.unplayed and second_mp > first_mp)
        )
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
            entry = tally.encounters.setdefault((team, opponent), [0.0, 0])
            entry[0] += mp
            entry[1] += 1
    return tally


def _add(own: TeamTally, mp: float, board_points: Sequence[float], *, on_boards: bool) -> None:
    own.mp += mp
    for index, value in enumerate(board_points):
        own.board_points[index] += value
        own.bp += value
        if on_boards:
            own.game_board_points[index] += value
