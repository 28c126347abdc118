"""The C.07 team tie-breaks (FIDE Handbook C.07, 2026 edition), each a pure function of the tally.

Scores: MP are match points, GP game (board) points. Where C.07 says "the opponent's score" the
opponent's *adjusted* score is meant (Art. 16.3); a team's own unplayed rounds are valued by
Art. 16.4. In a round robin (pairings fixed in advance) every scheduled match counts as played
(Art. 16.1: predetermined pairings) and the dummy's rounds are left out.

Board-by-board criteria (BC, TBR, BBE) read the points of games on boards only: a bye's notional
points lie on no board.
"""

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from math import floor
from operator import attrgetter, itemgetter, mul

from .presets import TiebreakEdition
from .tally import RoundEntry, Tally
from .tiebreak_codes import TieBreakCode

Values = dict[int, float | tuple[float, ...]]


def _score(entry: RoundEntry, points: str) -> float:
    return entry.mp if points == "MP" else entry.gp


def _total(tally: Tally, team: int, points: str) -> float:
    return tally.teams[team].mp if points == "MP" else tally.teams[team].bp


def _draw(tally: Tally, points: str) -> float:
    return tally.points.draw if points == "MP" else tally.boards / 2


def adjusted_scores(tally: Tally, points: str) -> dict[int, float]:
    """Art. 16.3: every team's score as its opponents' Buchholz sees it, computed once per
    standings and score type (each team's own reading made a Buchholz cubic in the teams).

    Rounds up to the team's last round that was not voluntarily unplayed count as scored; an
    unplayed round after it (a withdrawal) counts as a draw in a Swiss and as nothing in a round
    robin.
    """
    key = (points, tally.predetermined)
    if key not in tally.adjusted:
        score, adjusted = _MP if points == "MP" else _GP, {}
        for team, rounds in rounds_of(tally).items():
            last = rounds[-1] if rounds else None
            if last is not None and (last.played or last.pab or last.forfeit_win or last.full_point_bye):
                # present in the last round (most teams): every round up to it counts as scored
                adjusted[team] = sum(map(score, filter(None, rounds)))
            else:
                adjusted[team] = _adjusted_score(tally, rounds, points)
        tally.adjusted[key] = adjusted
    return tally.adjusted[key]


def rounds_of(tally: Tally) -> dict[int, list[RoundEntry | None]]:
    """Every team's entry per round, round n at index n - 1 (the criteria read them per round)."""
    return tally.round_entries()


def _adjusted_score(tally: Tally, by_round: list[RoundEntry | None], points: str) -> float:
    """A team absent from the last round: its rounds up to the last it did not leave unplayed
    voluntarily (``RoundEntry.voluntarily_unplayed``, inline), draws or nothing after it."""
    mp = points == "MP"
    last_present = max(
        (e.round for e in filter(None, by_round) if e.played or e.pab or e.forfeit_win or e.full_point_bye), default=0
    )
    total = 0.0
    for number, entry in enumerate(by_round, start=1):
        if entry is not None and (number <= last_present or entry.opponent is not None):
            total += entry.mp if mp else entry.gp
        elif number > last_present and not tally.predetermined:
            total += _draw(tally, points)
    return total


_MP, _GP = attrgetter("mp"), attrgetter("gp")


def _opponent_scores(tally: Tally, code: TieBreakCode) -> dict[int, tuple[list[float], list[int], list]]:
    """team -> ([the opponent's score per round, before cuts (Art. 16.4)], [the indices of its
    voluntarily unplayed rounds among them], [the team's own entry per round, None where it has
    none]). They depend only on the code's score type and ``/P`` (every paired round counts as
    played), so they are read once per standings and shared: the team Swiss chain's BH and
    EMGSB, the tandem Swiss chain's BH and EMMSB."""
    points, counted = code.points or "MP", tally.predetermined or code.has("P")
    key = (points, counted)
    if key not in tally.opponent_scores:
        adjusted, by_round = adjusted_scores(tally, points), rounds_of(tally)
        capped = tally.edition == TiebreakEdition.C07_2026
        cap_all, skip = _draw(tally, points) * tally.rounds, tally.predetermined
        tally.opponent_scores[key] = {
            team: _team_scores(tally, team, by_round[team], points, adjusted, counted, capped, cap_all, skip)
            for team in by_round
        }
    return tally.opponent_scores[key]


def _team_scores(tally, team, by_round, points, adjusted, counted, capped, cap_all, skip):
    scores, unplayed, entries = [], [], []
    for entry in by_round:
        if entry is not None and entry.opponent is not None and (entry.played or counted):
            scores.append(adjusted[entry.opponent])
        elif skip:
            continue  # a round robin's dummy is no opponent
        else:
            # Art. 16.4: a dummy opponent with the team's own score, as it stands: Art. 16.3's
            # adjustment is how the team's *opponents* see it (Held, ex. 35: team 7's zero-point
            # bye of the last round counts 6, not 7). The 2026 edition caps it by the forfeiting
            # opponent's adjusted score (16.4.1) or by a draw in every round (16.4.2)
            score = _total(tally, team, points)
            if entry is None or entry.voluntarily_unplayed:
                unplayed.append(len(scores))
            if capped:
                score = min(
                    score, adjusted[entry.opponent] if entry is not None and entry.opponent is not None else cap_all
                )
            scores.append(score)
        entries.append(entry)
    return scores, unplayed, entries


def _cut(scores: list[float], low: int, high: int, unplayed: list[int], values: list[float] | None = None) -> float:
    """Cut the lowest (``C``) and highest (``M``) contributions by their opponent's score; a
    voluntarily unplayed round is cut first unless a played one is lower (Art. 16.5).
    ``values``: each round's contribution where it is not the opponent's score (ESB)."""
    if values is None and not unplayed:  # a Buchholz of rounds all played or forced on the team: by value
        return sum(sorted(scores)[low : max(low, len(scores) - high)])
    rows = [(value, score, index in unplayed) for index, (value, score) in enumerate(zip(values or scores, scores))]
    for _ in range(min(low, len(rows))):
        lowest = min(rows, key=_BY_SCORE)
        if unplayed:  # else the lowest voluntarily unplayed round is no candidate
            vur = min(rows, key=lambda r: (not r[2], r[0], r[1]))
            lowest = lowest if lowest[0] > vur[0] else vur
        rows.remove(lowest)
    for _ in range(min(high, len(rows))):
        rows.remove(max(rows, key=_BY_SCORE))
    return sum(map(_VALUE, rows))


_VALUE = itemgetter(0)  # a contribution's value
_BY_SCORE = itemgetter(1, 0)  # a contribution's opponent score, then its value


def buchholz(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BH: the sum of the opponents' adjusted scores (C.07 Art. 8.1), ``/C1``, ``/M1`` cut."""
    low, high, rows = code.count("C") + code.count("M"), code.count("M"), _opponent_scores(tally, code)
    if not low:
        return {t: sum(rows[t][0]) for t in group}
    return {t: _cut(rows[t][0], low, high, rows[t][1]) for t in group}


def extended_sonneborn_berger(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """ESB (C.07 Art. 8.3): Σ opponent's score × own score in that match; EMGSB reads the
    opponent's MP and the team's own GP, and so on for EMMSB, EGMSB and EGGSB."""
    opponent_points, own_points = code.name[1] + "P", code.name[2] + "P"
    rows, low = _opponent_scores(tally, TieBreakCode(code.name, opponent_points, code.modifiers)), code.count("C")
    own = _MP if own_points == "MP" else _GP
    values = {}
    for t in group:
        scores, unplayed, entries = rows[t]
        # a round without an entry is voluntarily unplayed: where none is, every round has one
        owns = [0.0 if entry is None else own(entry) for entry in entries] if unplayed else map(own, entries)
        if low:
            values[t] = _cut(scores, low, 0, unplayed, list(map(mul, scores, owns)))
        else:
            values[t] = sum(map(mul, scores, owns))
    return values


def mp_versus_gp(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """MPvGP: the score that is not primary; with match points primary, the game points."""
    return {t: tally.teams[t].bp for t in group}


def board_count(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BC (C.07 Art. 9.3): Σ board number × points on that board; the lower sum prevails."""
    boards = tally.board_points()
    return {t: sum(b * p for b, p in enumerate(boards[t], start=1)) for t in group}


def top_board_result(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """TBR (C.07 Art. 9.4): points on board 1, then board 2, …; the first that differs decides."""
    boards = tally.board_points()
    return {t: tuple(boards[t]) for t in group}


def bottom_board_elimination(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BBE (C.07 Art. 9.5): game points without the bottom board, then without the two bottom
    boards, and so on; the first total that differs decides."""
    values, by_board = {}, tally.board_points()
    for t in group:
        boards, total, steps = by_board[t], sum(by_board[t]), []
        for points in reversed(boards):
            total -= points
            steps.append(total)
        values[t] = tuple(steps)
    return values


def score_strength_combination(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """SSSC (C.07 2026, as gacrux computes it): GP + BH:MP ÷ ⌊win MP × rounds ÷ boards⌋,
    rounded half up to two decimals."""
    bh = buchholz(tally, group, TieBreakCode("BH", "MP"))
    divisor = max(1, floor(tally.points.win * tally.rounds / tally.boards))
    return {
        t: float(
            (Decimal(str(tally.teams[t].bp)) + Decimal(str(bh[t])) / divisor).quantize(Decimal(".01"), ROUND_HALF_UP)
        )
        for t in group
    }


# C.07's direct encounter (Art. 6) is EDE's first stage alone: the primary score among the tied
SCORE_STAGES = {"DE": ("MP",)}
# EDE and its variants as gacrux names them: the board stages after match and game points, each
# used only when exactly two teams are still level (C for BC, T for TBR, B for BBE)
EDE_BOARD_STAGES = {"DE": "", "EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


def extended_direct_encounter(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """EDE (C.07 Art. 6, team edition): among the tied teams, the match points scored against
    each other (an opponent met twice counts with the average, Art. 6.1.2); where those leave
    everyone level, the game points.

    A stage that splits the group goes on inside every subgroup it leaves tied; only where it no
    longer separates does the next stage follow, match points again after game points, until no
    stage separates (Held, ex. 45: leaders 1–5 all on 4 MP among themselves, game points put 4
    first and 5 last; 1, 2 and 3 stay level on 8 and game points among the three decide, 2 (5½)
    before 1 (5) before 3 (1½), although 1 beat both: gacrux orders them so too).

    In a Swiss, where the tied teams have not all played each other, a team is placed above the
    rest only with more than any of them could have had by winning the encounters they did not
    play (Art. 6.2; Held, ex. 44: 7, 9 and 13 stay level); a forfeit is no encounter there
    (Art. 16.1). In a round robin every scheduled match counts.

    The variants go on where exactly two teams are still level (gacrux's EDEC, EDET, EDEB, EDEBT,
    EDEBB, after C.07's board criteria): their direct games' board count (C: shown as
    Σ (n + 1 − b) × points, which orders as the lower BC does, the game points being equal), top
    board result (T: points board by board) and bottom board elimination (B: without the bottom
    board, then the two bottom boards …).

    A team's value lists what each stage that separated it found, in order (one number where one
    stage did); ``None`` where nothing separates the group.
    """
    scores = SCORE_STAGES.get(code.name, ("MP", "GP"))
    if tally.predetermined and scores == ("MP",) and not EDE_BOARD_STAGES[code.name]:
        stages = [partial(_round_robin_stage, opponents=tally.opponents)]
    else:
        met = _met_among(tally, group, forfeits_played=code.has("P"))
        stages = [partial(_score_stage, met=met, points=points, tally=tally) for points in scores]
        stages += [partial(_board_stage, met=met, score=_BOARD_STAGE[letter]) for letter in EDE_BOARD_STAGES[code.name]]
    paths: dict[int, tuple] = {team: () for team in group}
    _separate(list(group), stages, 0, paths)
    if len(set(paths.values())) == 1:
        return {team: None for team in group}
    if all(len(path) == 1 for path in paths.values()):
        return {team: path[0] for team, path in paths.items()}
    return paths


def _met_among(tally: Tally, group: Sequence[int], *, forfeits_played: bool) -> dict[int, dict[int, list[RoundEntry]]]:
    """team -> opponent in ``group`` -> the encounters between them that count (Art. 16.1; a
    forfeit too with ``/P``)."""
    members, histories = set(group), tally.histories()
    met: dict[int, dict[int, list[RoundEntry]]] = {team: {} for team in group}
    for team in group:
        for entry in histories[team]:
            if entry.opponent in members and (entry.played or tally.predetermined or forfeits_played):
                met[team].setdefault(entry.opponent, []).append(entry)
    return met


def _separate(group: list[int], stages: list, start: int, paths: dict[int, tuple]) -> None:
    """Apply the stages from ``start`` on, cyclically, until one splits ``group``; then again
    inside each tied part from that stage on. Each separating stage's value joins the path."""
    for offset in range(len(stages)):
        index = (start + offset) % len(stages)
        parts = stages[index](group)
        if len(parts) > 1:
            for value, members in parts:
                for team in members:
                    paths[team] += value if isinstance(value, tuple) else (value,)
                if len(members) > 1:
                    _separate(members, stages, index, paths)
            return


def _score_stage(group: list[int], *, met, points: str, tally: Tally) -> list[tuple]:
    """The group split by the MP or GP scored against each other, best first (Art. 6.1, 6.2)."""
    opponents = len(group) - 1
    win = tally.points.win if points == "MP" else tally.boards
    scores, best_possible, complete, members = {}, {}, True, set(group)
    for team in group:
        against = [entries for opponent, entries in met[team].items() if opponent in members]
        scores[team] = sum(sum(_score(e, points) for e in entries) / len(entries) for entries in against)
        best_possible[team] = scores[team] + (opponents - len(against)) * win
        complete = complete and len(against) == opponents
    if complete or tally.predetermined:
        return _ranked(group, scores)
    order = sorted(group, key=lambda t: (-scores[t], -best_possible[t]))
    # the best any team below position i could have had, for every i (one pass, not one per team)
    best_below = [float("-inf")] * len(order)
    for index in range(len(order) - 2, -1, -1):
        best_below[index] = max(best_below[index + 1], best_possible[order[index + 1]])
    placed = 0
    while placed < len(order) - 1 and scores[order[placed]] > best_below[placed]:
        placed += 1
    rest = order[placed:]
    return [(scores[team], [team]) for team in order[:placed]] + [(max(scores[t] for t in rest), rest)]


def _round_robin_stage(group: list[int], *, opponents: dict[int, dict[int, list[float]]]) -> list[tuple]:
    """``_score_stage`` on match points where every scheduled encounter counts (Art. 16.1): the
    tally's sum and count per pair give the pair's average (Art. 6.1.2), so a chain whose one
    C.07 criterion is DE (tandem's, Viererschach's, the FIDE team round robin's) never builds
    the teams' rounds."""
    members = set(group)
    scores = {
        team: sum(mp / count for other, (mp, count) in opponents[team].items() if other in members) for team in group
    }
    return _ranked(group, scores)


def _board_stage(group: list[int], *, met, score) -> list[tuple]:
    """Two teams still level: their direct games compared board by board (C, T or B)."""
    if len(group) != 2:
        return [(None, group)]
    values, members = {}, set(group)
    for team in group:
        games = [e.boards for opponent, entries in met[team].items() if opponent in members for e in entries]
        values[team] = score([sum(points) for points in zip(*games)])
    return _ranked(group, values)


def _ranked(group: list[int], values: dict) -> list[tuple]:
    buckets: dict = {}
    for team in group:
        buckets.setdefault(values[team], []).append(team)
    return [(value, buckets[value]) for value in sorted(buckets, reverse=True)]


_BOARD_STAGE = {
    "C": lambda points: sum((len(points) - index) * p for index, p in enumerate(points)),
    "T": tuple,
    "B": lambda points: tuple(sum(points[: len(points) - dropped]) for dropped in range(1, len(points))),
}
