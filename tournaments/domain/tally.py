"""Per-team totals of an event, gathered once so every tie-break is a cheap lookup."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .presets import ByeScoring, DirectEncounter, MatchPoints, TiebreakEdition
from .scoring import MatchRecord, match_points, pairwise_points


class RoundEntry(NamedTuple):
    """One team's round as C.07 sees it: the opponent (``None`` for a bye, an unpaired round or a
    table of more than two sides, which C.07 does not know), the match points and game points it
    scored, and how it was (not) played (Art. 16.2).

    A named tuple rather than a frozen dataclass, immutable all the same: one is built for every
    team and round of every standings, and a frozen dataclass costs five times as much to build
    (half of the team Swiss chain's time at 200 teams, issue 29)."""

    round: int
    opponent: int | None
    mp: float
    gp: float
    played: bool  # a game was played over the board
    pab: bool = False  # the pairing-allocated bye (a round robin's dummy, too)
    forfeit_win: bool = False
    full_point_bye: bool = False  # a requested bye scored as a win (TRF 240 F)
    boards: tuple[float, ...] = ()  # the points per board of an encounter's games (EDE's board stages)

    @property
    def voluntarily_unplayed(self) -> bool:
        """C.07 Art. 16.2: an unplayed round not forced on the team: a forfeit loss, a half- or
        zero-point bye, an unpaired round. A round won without playing is not: the forfeit win,
        the pairing-allocated bye, the full-point bye (as gacrux's ``is_vur`` has it: an unplayed
        round scored as a win is no VUR)."""
        return not (self.played or self.pab or self.forfeit_win or self.full_point_bye)


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
    # board points from games only: a bye's notional points are on no board (C.07 BC, TBR, BBE)
    game_board_points: list[float] = field(default_factory=list)
    history: list[RoundEntry] = field(default_factory=list)

    def __post_init__(self):
        self.board_points = [0.0] * self.boards
        self.game_board_points = [0.0] * self.boards


@dataclass(slots=True)
class Tally:
    """Totals per team and, per pair of teams, the match points each scored against the other
    (``pairwise_points`` of every encounter: the pairwise tie-breaks DE and SB read only these)."""

    boards: int
    teams: dict[int, TeamTally]
    # (a, b) -> [match points a scored against b, matches a and b played]
    encounters: dict[tuple[int, int], list[float]]
    # a -> every b with an entry (a, b) above, in the order they first met, -> that same entry: a
    # team's own encounters without scanning everyone's (Sonneborn-Berger stays linear in the
    # teams) and without a tuple key built per read
    opponents: dict[int, dict[int, list[float]]] = field(default_factory=dict)
    points: MatchPoints = field(default_factory=MatchPoints)
    predetermined: bool = True  # pairings fixed in advance (round robin), C.07 Art. 16.1
    edition: TiebreakEdition = TiebreakEdition.C07_2026  # C.07 Art. 16.4: 2026 caps, 2024 does not
    direct_encounter: DirectEncounter = DirectEncounter.BLITZ  # how DE reads an unfinished round robin
    # rounds with at least one result: the n of C.07's caps and divisors, kept as the matches are
    # added (read once per team by Art. 16.3, a scan of every history would make it quadratic)
    rounds: int = 0
    # (score type, predetermined) -> every team's Art. 16.3 adjusted score: computed once per
    # standings by the first criterion that needs it (team_tiebreaks.adjusted_scores)
    adjusted: dict[tuple[str, bool], dict[int, float]] = field(default_factory=dict)
    # team -> round -> its entry: every C.07 criterion reads a team's rounds by number, built once
    # per standings by the first that asks (team_tiebreaks.rounds_of)
    by_round: dict[int, dict[int, RoundEntry]] = field(default_factory=dict)

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
    predetermined: bool = True,
    edition: TiebreakEdition = TiebreakEdition.C07_2026,
    direct_encounter: DirectEncounter = DirectEncounter.BLITZ,
) -> Tally:
    tally = Tally(boards, {team: TeamTally(team, boards) for team in teams}, {}, points=points)
    tally.predetermined, tally.edition, tally.direct_encounter = predetermined, edition, direct_encounter
    encounters, opponents, rounds = tally.encounters, tally.opponents, 0
    for record in matches:
        if record.round > rounds:
            rounds = record.round
        sides = record.sides
        if len(sides) == 2 and not record.placement:
            _tally_match(tally, record, points)
            continue
        mps = match_points(record, points, bye_scoring=bye_scoring)
        if len(sides) == 1:
            own = tally.teams[sides[0].entrant]
            _add(own, mps[0], sides[0].boards, on_boards=False)
            own.history.append(_bye_entry(record, mps[0]))
            continue
        best = max(mps)
        alone = mps.count(best) == 1  # the most match points, not shared: the encounter's winner
        for index, side in enumerate(sides):
            own, mp = tally.teams[side.entrant], mps[index]
            won = mp == best and alone
            _add(own, mp, side.boards, on_boards=True)
            own.history.append(_round_entry(record, index, mp, won))
            _count(own, won, not won and (mp < best or record.forfeited_by_all))
        for team, opponent, mp in pairwise_points(record, points):
            _meet(encounters, opponents, team, opponent, mp)
    tally.rounds = rounds
    return tally


def _tally_match(tally: Tally, record: MatchRecord, points: MatchPoints) -> None:
    """A match of two sides: ``match_points`` and ``pairwise_points`` of the general case, which
    agree between two sides, computed once and inline: this runs for every match of every
    standings, and the tally was more than half of the team Swiss chain's time at 200 teams."""
    first, second = record.sides
    if record.forfeited_by_all:
        mps = (points.loss, points.loss)
    elif first.score == second.score:
        mps = (points.draw, points.draw)
    else:
        mps = (points.win, points.loss) if first.score > second.score else (points.loss, points.win)
    alone = mps[0] != mps[1]
    best = max(mps)
    played, unplayed, teams, forfeited = not record.unplayed, record.unplayed, tally.teams, record.forfeited_by_all
    for side, other, mp in ((first, second, mps[0]), (second, first, mps[1])):
        own, boards = teams[side.entrant], side.boards
        won = mp == best and alone
        scored = sum(boards)
        own.mp += mp
        own.bp += scored  # halves: exact in any order
        totals, games = own.board_points, own.game_board_points
        for index, value in enumerate(boards):
            totals[index] += value
            games[index] += value
        own.history.append(
            RoundEntry(record.round, other.entrant, mp, scored, played, False, unplayed and won, False, boards)
        )
        own.played += 1
        if won:
            own.won += 1
        elif mp < best or forfeited:
            own.lost += 1
        else:
            own.drawn += 1
        _meet(tally.encounters, tally.opponents, side.entrant, other.entrant, mp)


def _count(own: TeamTally, won: bool, lost: bool) -> None:
    own.played += 1
    if won:
        own.won += 1
    elif lost:
        own.lost += 1
    else:
        own.drawn += 1


def _meet(encounters: dict, opponents: dict, team: int, opponent: int, mp: float) -> None:
    """``team`` scored ``mp`` against ``opponent`` in one more encounter (DE and SB read these)."""
    against = opponents.get(team)
    if against is None:
        against = opponents[team] = {}
    entry = against.get(opponent)
    if entry is None:
        entry = against[opponent] = encounters[(team, opponent)] = [0.0, 0]
    entry[0] += mp
    entry[1] += 1


def _round_entry(record: MatchRecord, index: int, mp: float, won: bool) -> RoundEntry:
    """The round of the encounter's side ``index``: a forfeit win is an unplayed encounter that
    side won (C.07 Art. 16.2)."""
    side = record.sides[index]
    opponent = record.sides[1 - index].entrant if len(record.sides) == 2 else None
    return RoundEntry(
        record.round,
        opponent,
        mp,
        sum(side.boards),
        not record.unplayed,
        False,
        record.unplayed and won,
        False,
        side.boards,
    )


def _bye_entry(record: MatchRecord, mp: float) -> RoundEntry:
    """A bye's round: the pairing-allocated one unless the team asked for it (or entered later):
    that one is voluntarily unplayed (C.07 Art. 16.2)."""
    side = record.sides[0]
    return RoundEntry(
        record.round, None, mp, sum(side.boards), False, not record.requested, False, record.requested == "F"
    )


def _add(own: TeamTally, mp: float, board_points: Sequence[float], *, on_boards: bool) -> None:
    own.mp += mp
    own.bp += sum(board_points)  # halves: exact in any order
    totals = own.board_points
    for index, value in enumerate(board_points):
        totals[index] += value
    if on_boards:
        totals = own.game_board_points
        for index, value in enumerate(board_points):
            totals[index] += value
