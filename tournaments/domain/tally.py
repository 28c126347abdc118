"""Per-team totals of an event, gathered once so every tie-break is a cheap lookup."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
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


@dataclass(slots=True, init=False)
class TeamTally:
    team: int
    boards: int
    mp: float
    bp: float
    # matches won, drawn and lost (a bye is none of them): one list indexed by ``WON``, ``DRAWN``,
    # ``LOST``, so a match adds to its side's count in one step (``_outcomes``)
    results: list[int]

    def __init__(self, team: int, boards: int):  # one per team of every standings: no defaults to resolve
        self.team, self.boards, self.mp, self.bp = team, boards, 0.0, 0.0
        self.results = [0, 0, 0]

    @property
    def won(self) -> int:
        return self.results[WON]

    @property
    def drawn(self) -> int:
        return self.results[DRAWN]

    @property
    def lost(self) -> int:
        return self.results[LOST]

    @property
    def played(self) -> int:
        return sum(self.results)


WON, DRAWN, LOST = 0, 1, 2


@dataclass(slots=True)
class Tally:
    """Totals per team and, per pair of teams, the match points each scored against the other
    (``pairwise_points`` of every encounter: the pairwise tie-breaks DE, SB and OPP read only these).

    The pairs (``opponents``), each team's rounds (``histories``) and its points per board
    (``board_points``) are built from the matches only when a criterion first reads them: the
    pairs by DE in a round robin, SB and OPP, the rounds by C.07's BH and ESB family, EDE and DE
    in a Swiss, the boards by BW, FWB, BC, TBR and BBE. A chain reads few of them, and none is paid
    for where it is not read (the pairs were a third of the tally, the boards two thirds of what
    was left, issue 29)."""

    boards: int
    teams: dict[int, TeamTally]
    # a -> b -> [match points a scored against b, matches a and b played], b in the order a first
    # met them: a team's own encounters without scanning everyone's (Sonneborn-Berger stays
    # linear in the teams); built by ``opponents`` on first reading
    pairs: dict[int, dict[int, list[float]]] = field(default_factory=dict)
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
    # team -> its entry of round n at index n - 1 (None where it has none; the later where it has
    # two, a double round): every C.07 criterion reads a team's rounds by number (``round_entries``)
    by_round: dict[int, list[RoundEntry | None]] = field(default_factory=dict)
    # (team, its earlier entry) of each round a team played twice: what ``by_round`` does not hold
    doubles: list[tuple[int, RoundEntry]] = field(default_factory=list)
    # (score type, every paired round counted) -> team -> its opponents' scores per round and its
    # own entries: read by BH and the ESB family alike (team_tiebreaks._opponent_scores)
    opponent_scores: dict[tuple[str, bool], dict] = field(default_factory=dict)
    # the matches tallied, each with its sides' match points: what the pairs and rounds are built from
    scored: list[tuple[MatchRecord, tuple[float, ...]]] = field(default_factory=list)
    history: dict[int, list[RoundEntry]] = field(default_factory=dict)
    # team -> its points per board from games only; built by ``board_points`` on first reading
    by_board: dict[int, list[float]] = field(default_factory=dict)

    @property
    def opponents(self) -> dict[int, dict[int, list[float]]]:
        """a -> b -> [match points a scored against b, matches they played]; built on the first
        reading."""
        if not self.pairs and self.teams:
            self.pairs = _pairs(self.teams, self.scored, self.points)
        return self.pairs

    def encounter(self, a: int, b: int) -> tuple[float, int]:
        mp, count = self.opponents[a].get(b, (0.0, 0))
        return mp, int(count)

    def board_points(self) -> dict[int, list[float]]:
        """team -> its points on each board in games only: a bye's notional points lie on no
        board (C.07 BC, TBR, BBE); built on the first call."""
        if not self.by_board and self.teams:
            self.by_board = {team: [0.0] * self.boards for team in self.teams}
            for record, _mps in self.scored:
                if len(record.sides) > 1:
                    for side in record.sides:
                        games = self.by_board[side.entrant]
                        for index, value in enumerate(side.boards):
                            games[index] += value
        return self.by_board

    def round_entries(self) -> dict[int, list[RoundEntry | None]]:
        """team -> its entry per round, round n at index n - 1 (``RoundEntry``); built on the first call."""
        if not self.by_round and self.teams:
            self.by_round = _round_entries(self.teams, self.scored, self.rounds, self.doubles)
        return self.by_round

    def histories(self) -> dict[int, list[RoundEntry]]:
        """team -> every round of it as C.07 sees it, by round number (both matches of a double
        round, the earlier first); built on the first call."""
        if not self.history and self.teams:
            self.history = {team: list(filter(None, rounds)) for team, rounds in self.round_entries().items()}
            for team, earlier in reversed(self.doubles):
                rounds = self.history[team]
                later = next(index for index, entry in enumerate(rounds) if entry.round == earlier.round)
                rounds.insert(later, earlier)
        return self.history


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
    """Every team's totals over ``matches``, in one pass.

    A match of two sides, the most of them, is tallied inline from a table of its four possible
    outcomes (``_outcomes``): this runs for every match of every standings, and the tally was
    three quarters of the tandem chain's time (issue 29). A one-result match (tandem, Viererschach:
    Tandem §1.3, Vierer §2) has no boards to walk; a match of boards adds each board's points."""
    tally = Tally(boards, {team: TeamTally(team, boards) for team in teams}, points=points)
    tally.predetermined, tally.edition, tally.direct_encounter = predetermined, edition, direct_encounter
    totals, scored, rounds, outcomes = tally.teams, tally.scored, 0, _outcomes(points)
    keep = scored.append
    for record in matches:
        if record.round > rounds:
            rounds = record.round
        sides = record.sides
        if len(sides) != 2 or record.placement:
            keep((record, _tally_encounter(tally, record, points, bye_scoring)))
            continue
        first, second = sides
        a, b = first.entrant, second.entrant
        if record.forfeited_by_all:
            mps, own, other = outcomes[0]
        elif first.score > second.score:
            mps, own, other = outcomes[1]
        elif first.score < second.score:
            mps, own, other = outcomes[3]
        else:
            mps, own, other = outcomes[2]
        keep((record, mps))
        team_a, team_b = totals[a], totals[b]
        mp_a, mp_b = mps
        team_a.mp += mp_a
        team_b.mp += mp_b
        team_a.results[own] += 1
        team_b.results[other] += 1
        # games on boards, their sum the side's score (each board's points: ``Tally.board_points``);
        # a one-result match has none (Tandem §1.3)
        if first.boards:
            team_a.bp += first.score
            team_b.bp += second.score
    tally.rounds = rounds
    return tally


@cache
def _outcomes(points: MatchPoints) -> tuple[tuple[tuple[float, float], int, int], ...]:
    """A match of two sides: (its match points, the first side's result, the second's) when no
    game was played at all (every board ``--``: both lose), the first side ahead, level, the
    second ahead: what ``match_points`` and ``_result`` make of each, once per scale of match points."""
    cases = (
        (points.loss, points.loss),
        (points.win, points.loss),
        (points.draw, points.draw),
        (points.loss, points.win),
    )
    table = []
    for index, mps in enumerate(cases):
        best, alone = max(mps), mps[0] != mps[1]
        table.append((mps, *(_result(mp, best, alone, forfeited=index == 0) for mp in mps)))
    return tuple(table)


def _result(mp: float, best: float, alone: bool, *, forfeited: bool) -> int:
    """The most match points, not shared, win the encounter; fewer (or none played at all) lose."""
    if mp == best and alone:
        return WON
    return LOST if mp < best or forfeited else DRAWN


def _tally_encounter(tally: Tally, record: MatchRecord, points: MatchPoints, bye_scoring: ByeScoring):
    """A bye, or a table of several sides (placement points, issue 15): its match points per side."""
    mps = match_points(record, points, bye_scoring=bye_scoring)
    sides = record.sides
    if len(sides) == 1:
        own = tally.teams[sides[0].entrant]
        own.mp += mps[0]
        own.bp += sum(sides[0].boards)  # a bye's notional points: on no board
        return mps
    best = max(mps)
    alone = mps.count(best) == 1
    for index, side in enumerate(sides):
        own = tally.teams[side.entrant]
        own.mp += mps[index]
        own.results[_result(mps[index], best, alone, forfeited=record.forfeited_by_all)] += 1
        own.bp += sum(side.boards)
    return mps


def _pairs(teams: Iterable[int], scored, points: MatchPoints) -> dict[int, dict[int, list[float]]]:
    """Per pair of teams, the match points each scored against the other and how often they met:
    a match's sides from its match points, a table's by ``pairwise_points``."""
    opponents: dict[int, dict[int, list[float]]] = {team: {} for team in teams}
    for record, mps in scored:
        sides = record.sides
        if len(sides) == 2 and not record.placement:
            (first, second), (mp_a, mp_b) = sides, mps
            met_pairs = ((first.entrant, second.entrant, mp_a), (second.entrant, first.entrant, mp_b))
        elif len(sides) > 1:
            met_pairs = pairwise_points(record, points)
        else:
            continue  # a bye meets nobody
        for team, opponent, mp in met_pairs:
            met = opponents[team].get(opponent)
            if met is None:
                met = opponents[team][opponent] = [0.0, 0]
            met[0] += mp
            met[1] += 1
    return opponents


def _round_entries(teams: Iterable[int], scored, rounds: int, doubles: list) -> dict[int, list[RoundEntry | None]]:
    """Every team's rounds from the tallied matches and their match points, by round number (C.07's
    criteria read them so: a list per team built in one pass, issue 29); the earlier of a double
    round's two goes to ``doubles``. A tuple is made a ``RoundEntry`` by ``tuple.__new__``, not
    its own ``__new__`` (every field is given: the same named tuple at a quarter of the cost, one
    per team and round).
    Between two sides the one with more match points won (``_result``); a forfeit win is an
    unplayed encounter won (C.07 Art. 16.2)."""
    by_round: dict[int, list[RoundEntry | None]] = {team: [None] * rounds for team in teams}
    new = tuple.__new__
    for record, mps in scored:
        sides, index = record.sides, record.round - 1
        if len(sides) == 2:  # the most of them: inline
            (first, second), (mp_a, mp_b), unplayed = sides, mps, record.unplayed
            a, b, number, played = first.boards, second.boards, record.round, not unplayed
            team_a, team_b = first.entrant, second.entrant
            own, other = by_round[team_a], by_round[team_b]
            if own[index] is not None or other[index] is not None:
                doubles += [(team, rounds[index]) for team, rounds in ((team_a, own), (team_b, other)) if rounds[index]]
            # the boards' sum, the score (``SideRecord``); a one-result match has no boards (Tandem §1.3)
            gp_a, gp_b = first.score if a else 0, second.score if b else 0
            own[index] = new(
                RoundEntry, (number, team_b, mp_a, gp_a, played, False, unplayed and mp_a > mp_b, False, a)
            )
            other[index] = new(
                RoundEntry, (number, team_a, mp_b, gp_b, played, False, unplayed and mp_b > mp_a, False, b)
            )
            continue
        if len(sides) == 1:
            entries = ((sides[0].entrant, _bye_entry(record, mps[0])),)
        else:  # a table of several sides: no opponent C.07 knows
            best = max(mps)
            alone = mps.count(best) == 1
            entries = tuple(
                (
                    side.entrant,
                    new(
                        RoundEntry,
                        (
                            record.round,
                            None,
                            mp,
                            sum(side.boards),
                            not record.unplayed,
                            False,
                            record.unplayed and mp == best and alone,
                            False,
                            side.boards,
                        ),
                    ),
                )
                for side, mp in zip(sides, mps)
            )
        for team, entered in entries:
            rounds = by_round[team]
            if rounds[index] is not None:
                doubles.append((team, rounds[index]))
            rounds[index] = entered
    return by_round


def _bye_entry(record: MatchRecord, mp: float) -> RoundEntry:
    """A bye's round: the pairing-allocated one unless the team asked for it (or entered later):
    that one is voluntarily unplayed (C.07 Art. 16.2)."""
    side = record.sides[0]
    return RoundEntry(
        record.round, None, mp, sum(side.boards), False, not record.requested, False, record.requested == "F"
    )
