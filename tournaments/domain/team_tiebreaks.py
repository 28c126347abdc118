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
from math import floor

from .presets import TiebreakEdition
from .tally import RoundEntry, Tally
from .tiebreak_codes import TieBreakCode

Values = dict[int, float | tuple[float, ...]]


def _score(entry: RoundEntry, points: str) -> float:
    return entry.mp if points == "MP" else entry.gp


def _draw(tally: Tally, points: str) -> float:
    return tally.points.draw if points == "MP" else tally.boards / 2


def adjusted_score(tally: Tally, team: int, points: str) -> float:
    """Art. 16.3: a team's score as its opponents' Buchholz sees it.

    Rounds up to the team's last round that was not voluntarily unplayed count as scored; an
    unplayed round after it (a withdrawal) counts as a draw in a Swiss and as nothing in a round
    robin.
    """
    history = {entry.round: entry for entry in tally.teams[team].history}
    last_present = max((e.round for e in history.values() if not e.voluntarily_unplayed), default=0)
    total = 0.0
    for number in range(1, tally.rounds + 1):
        entry = history.get(number)
        if entry is not None and (number <= last_present or entry.opponent is not None):
            total += _score(entry, points)
        elif number > last_present and not tally.predetermined:
            total += _draw(tally, points)
    return total


def _contributions(tally: Tally, team: int, code: TieBreakCode, own_points: str | None):
    """(value, opponent score, voluntarily unplayed) per round, before cuts (Art. 16.4)."""
    points = code.points or "MP"
    adjusted = {t: adjusted_score(tally, t, points) for t in tally.teams}
    history = {entry.round: entry for entry in tally.teams[team].history}
    result = []
    for number in range(1, tally.rounds + 1):
        entry = history.get(number) or RoundEntry(number, None, 0.0, 0.0, False)
        played = entry.played or tally.predetermined
        if played and entry.opponent is not None:
            score, vur = adjusted[entry.opponent], False
        elif tally.predetermined:
            continue  # a round robin's dummy is no opponent
        else:
            # Art. 16.4: a virtual opponent scoring as the team itself; the 2026 edition caps it
            # by the forfeiting opponent's score (16.4.1) or by a draw in every round (16.4.2)
            score, vur = adjusted[team], entry.voluntarily_unplayed
            if tally.edition == TiebreakEdition.C07_2026:
                cap = adjusted[entry.opponent] if entry.opponent is not None else _draw(tally, points) * tally.rounds
                score = min(score, cap)
        value = score * _score(entry, own_points) if own_points else score
        result.append((value, score, vur))
    return result


def _cut(contributions: list, low: int, high: int) -> float:
    """Cut the lowest (``C``) and highest (``M``) contributions; a voluntarily unplayed round is
    cut first unless a played one is lower (Art. 16.5)."""
    rows = list(contributions)
    for _ in range(min(low, len(rows))):
        lowest = min(rows, key=lambda r: (r[1], r[0]))
        unplayed = min(rows, key=lambda r: (not r[2], r[0], r[1]))
        rows.remove(lowest if not unplayed[2] or lowest[0] > unplayed[0] else unplayed)
    for _ in range(min(high, len(rows))):
        rows.remove(max(rows, key=lambda r: (r[1], r[0])))
    return sum(r[0] for r in rows)


def buchholz(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BH: the sum of the opponents' adjusted scores (C.07 Art. 8.1), ``/C1``, ``/M1`` cut."""
    low = code.count("C") + code.count("M")
    return {t: _cut(_contributions(tally, t, code, None), low, code.count("M")) for t in group}


def extended_sonneborn_berger(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """ESB (C.07 Art. 8.3): Σ opponent's score × own score in that match; EMGSB reads the
    opponent's MP and the team's own GP, and so on for EMMSB, EGMSB and EGGSB."""
    opponent_points, own_points = code.name[1] + "P", code.name[2] + "P"
    scored = TieBreakCode(code.name, opponent_points, code.modifiers)
    return {t: _cut(_contributions(tally, t, scored, own_points), code.count("C"), 0) for t in group}


def mp_versus_gp(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """MPvGP: the score that is not primary; with match points primary, the game points."""
    return {t: tally.teams[t].bp for t in group}


def board_count(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BC (C.07 Art. 9.3): Σ board number × points on that board; the lower sum prevails."""
    return {t: sum(b * p for b, p in enumerate(tally.teams[t].game_board_points, start=1)) for t in group}


def top_board_result(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """TBR (C.07 Art. 9.4): points on board 1, then board 2, …; the first that differs decides."""
    return {t: tuple(tally.teams[t].game_board_points) for t in group}


def bottom_board_elimination(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """BBE (C.07 Art. 9.5): game points without the bottom board, then without the two bottom
    boards, and so on; the first total that differs decides."""
    values = {}
    for t in group:
        boards, total, steps = tally.teams[t].game_board_points, sum(tally.teams[t].game_board_points), []
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
        t: float((Decimal(str(tally.teams[t].bp)) + Decimal(str(bh[t])) / divisor).quantize(Decimal(".01"), ROUND_HALF_UP))
        for t in group
    }


# EDE and its variants as gacrux names them: the board stages after match and game points, each
# used only when exactly two teams are still level (C for BC, T for TBR, B for BBE)
EDE_BOARD_STAGES = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


def extended_direct_encounter(tally: Tally, group: Sequence[int], code: TieBreakCode) -> Values:
    """EDE (C.07 Art. 6, team edition): among the tied teams, the match points scored against
    each other (an opponent met twice counts with the average); where those leave everyone
    level, the game points. The standings apply it again inside every subgroup it leaves tied,
    match points first each time, as the article's iteration does.

    The variants go on where exactly two teams are still level (gacrux's EDEC, EDET, EDEB, EDEBT,
    EDEBB, after C.07's board criteria): their direct games' board count (C: shown as
    Σ (n + 1 − b) × points, which orders as the lower BC does, the game points being equal), top
    board result (T: points board by board) and bottom board elimination (B: without the bottom
    board, then the two bottom boards …).

    Round robins only (every scheduled match counts, Art. 16.1); ``None`` where it separates
    nobody.
    """
    members = set(group)
    sums, direct = {}, {}
    for team in group:
        met: dict[int, list[RoundEntry]] = {}
        for entry in tally.teams[team].history:
            if entry.opponent in members:
                met.setdefault(entry.opponent, []).append(entry)
        sums[team] = (
            sum(sum(e.mp for e in entries) / len(entries) for entries in met.values()),
            sum(sum(e.gp for e in entries) / len(entries) for entries in met.values()),
        )
        direct[team] = [sum(points) for points in zip(*(e.boards for entries in met.values() for e in entries))] or [0.0] * tally.boards
    stages = [{team: values[index] for team, values in sums.items()} for index in (0, 1)]
    if len(group) == 2:
        stages += [{team: _BOARD_STAGE[stage](points) for team, points in direct.items()} for stage in EDE_BOARD_STAGES[code.name]]
    for values in stages:
        if len(set(values.values())) > 1:
            return values
    return {team: None for team in group}


_BOARD_STAGE = {
    "C": lambda points: sum((len(points) - index) * p for index, p in enumerate(points)),
    "T": tuple,
    "B": lambda points: tuple(sum(points[: len(points) - dropped]) for dropped in range(1, len(points))),
}
