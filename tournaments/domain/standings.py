"""Ranking teams (Blitz §16, with the readings fixed in shared/rules/README.md).

1. Teams are ranked by match points.
2. Among the teams tied on the most match points, the first-place chain (Frankenwald: direct
   encounter) decides only who takes first place. If it cannot, and the event is over, a play-off
   is required; until then those teams share first place.
3. Every other tie, including the rest of a group that was tied for first, is ranked by the
   other-places chain (Frankenwald: BP, DE, BW, FWB). A tie that survives is a shared place.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import gettext_noop
from .formatting import points
from .presets import ByeScoring, DirectEncounter, MatchPoints, TiebreakEdition
from .scoring import MatchRecord
from .tally import Tally, tally_matches
from .tiebreaks import Value, get_tiebreak


@dataclass(frozen=True, slots=True)
class RankingRules:
    boards: int
    match_points: MatchPoints
    bye_scoring: ByeScoring
    tiebreaks_first: tuple[str, ...]
    tiebreaks_other: tuple[str, ...]
    playoff_for_first: bool
    predetermined: bool = True  # pairings fixed in advance (round robin), else a Swiss: C.07 Art. 16.1
    edition: TiebreakEdition = TiebreakEdition.C07_2026  # how C.07 values unplayed rounds (Art. 16.4)
    direct_encounter: DirectEncounter = DirectEncounter.BLITZ  # the discipline's reading of DE


class PlaceReason(NamedTuple):
    """Why a row is below the one above it (issue 16: standings that explain themselves).

    ``code`` separated the two, the row above having ``above`` and this one ``own`` at the split
    (a direct encounter inside the group it was computed in); ``shared``: nothing separated them,
    they share the place. Neither: the chain ended without separating them (a play-off decides).
    ``playoff``: ``code`` is the play-off's criterion (MP, BW, FWB over the play-off, or LOTS) that
    put the row above ahead (Blitz §16), not the regular chain's.

    A named tuple, immutable as the frozen dataclass it was and built in a third of its time:
    one is made for every place of every standings (issue 29).
    """

    code: str = ""
    above: Value = None
    own: Value = None
    shared: bool = False
    playoff: bool = False

    def text(self, translate=lambda message: message) -> str:
        """The reason in words, ``translate`` applied to the template: "behind the one above on
        BP (10½ : 9½)"."""
        if self.shared:
            return translate(gettext_noop("shares the place with the one above: no tie-break separated them."))
        if not self.code:
            return translate(gettext_noop("not separated from the one above by the tie-breaks."))
        if self.playoff and self.code == "LOTS":
            return translate(gettext_noop("behind the one above by the drawing of lots after the play-off."))
        if self.playoff:
            message = gettext_noop("behind the one above in the play-off on %(code)s (%(above)s : %(own)s).")
        else:
            message = gettext_noop("behind the one above on %(code)s (%(above)s : %(own)s).")
        return translate(message) % {
            "code": self.code,
            "above": _shown(self.above),
            "own": _shown(self.own),
        }


def _shown(value: Value) -> str:
    if isinstance(value, tuple):
        return " ".join(points(part) for part in value)
    return points(value)


@dataclass(slots=True)
class StandingRow:
    """One team's line of the standings. Not frozen, though nothing changes a row once made
    (``dataclasses.replace`` makes a new one): a frozen dataclass sets each of its twelve fields
    through ``object.__setattr__``, and building the rows that way (by keyword, too) was a sixth
    of a 14-team tandem Swiss's standings (issue 29)."""

    team: int
    rank: int
    rank_to: int  # equal to rank unless the place is shared ("5.–6.")
    mp: float
    bp: float
    played: int
    won: int
    drawn: int
    lost: int
    tiebreaks: dict[str, Value]
    playoff_required: bool = False
    reason: PlaceReason | None = None  # None for the first row

    @property
    def shared(self) -> bool:
        return self.rank_to != self.rank


def compute_standings(
    teams: Sequence[int],
    matches: Sequence[MatchRecord],
    rules: RankingRules,
    *,
    final: bool,
    first_place: int | None = None,
) -> list[StandingRow]:
    """Standings over finished matches; ``teams`` in seed order, ``final`` after the last round.

    ``first_place``: the team a play-off put first (Blitz §16, "auf dem 1. Platz"); the others it
    was tied with follow by the other-places chain ("für die weitere Platzierung … zuerst die
    größere Zahl der Brettpunkte")."""
    tally = tally_matches(
        teams,
        matches,
        boards=rules.boards,
        points=rules.match_points,
        bye_scoring=rules.bye_scoring,
        predetermined=rules.predetermined,
        edition=rules.edition,
        direct_encounter=rules.direct_encounter,
    )
    ranker = _Ranker(tally, rules, seed_order={team: index for index, team in enumerate(teams)})
    ties = []
    groups = ranker.split_valued(list(teams), "MP")
    for index, (value, score_group) in enumerate(groups):
        inner = ranker.rank_first_place(score_group) if not ties else ranker.order(score_group, rules.tiebreaks_other)
        if index:
            ranker.reasons[frozenset(inner[0])] = ("MP", groups[index - 1][0], value)
        ties += inner
    if first_place is not None and len(ties[0]) > 1 and first_place in ties[0]:
        rest = [team for team in ties[0] if team != first_place]
        ties = [[first_place], *ranker.order(rest, rules.tiebreaks_other), *ties[1:]]

    rows, position, shown, totals = [], 0, ranker.shown_values(), tally.teams
    for tie in ties:
        playoff = final and rules.playoff_for_first and position == 0 and len(tie) > 1
        members = sorted(tie, key=ranker.display_key) if len(tie) > 1 else tie
        reason = PlaceReason(*ranker.reasons.get(frozenset(tie), ())) if position else None
        rank, rank_to = position + 1, position + len(tie)
        for team in members:
            own = totals[team]
            won, drawn, lost = own.results
            # by position: by keyword the call cost three times as much (issue 29)
            tiebreaks = {code: values.get(team) for code, values in shown}
            rows.append(
                StandingRow(
                    team,
                    rank,
                    rank_to,
                    own.mp,
                    own.bp,
                    won + drawn + lost,
                    won,
                    drawn,
                    lost,
                    tiebreaks,
                    playoff,
                    reason,
                )
            )
            reason = _SHARED
        position += len(tie)
    return rows


_SHARED = PlaceReason(shared=True)  # immutable: one for every row that shares its place


class _Ranker:
    """Applies tie-break chains to groups of teams; remembers each value it used for display."""

    def __init__(self, tally: Tally, rules: RankingRules, *, seed_order: dict[int, int]):
        self.tally = tally
        self.rules = rules
        self.seed_order = seed_order
        self.codes = list(dict.fromkeys(rules.tiebreaks_first + rules.tiebreaks_other))
        everyone = list(tally.teams)
        self.global_values = {
            code: get_tiebreak(code).compute(tally, everyone)
            for code in self.codes
            if not get_tiebreak(code).within_group
        }
        self.group_values: dict[str, dict[int, Value]] = {code: {} for code in self.codes}
        # criteria of the whole table with a value for every team: a chain of them alone orders a
        # group by sorting (``_sorted``)
        self.sortable = {code for code, values in self.global_values.items() if values and None not in values.values()}
        # tie group -> why it is below the group before it, as ``PlaceReason``'s arguments (made one
        # only for the rows: later splits overwrite earlier ones)
        self.reasons: dict[frozenset[int], tuple] = {}

    def rank_first_place(self, group: list[int]) -> list[list[int]]:
        """Blitz §16: the first-place chain picks the winner; the rest follow the other chain."""
        if len(group) == 1:
            return [group]
        by_first = self.order(group, self.rules.tiebreaks_first)
        if self.rules.tiebreaks_first == self.rules.tiebreaks_other:
            # one chain for every place: its order stands as it is. Ranking the rest again as a
            # new group would let a direct encounter among them undo what it decided with the
            # winner in (C.07 Art. 6; Held, ex. 45: 5 stays last behind 1, 2 and 3)
            return by_first
        winners = by_first[0]
        rest = [team for team in group if team not in winners]
        if not rest:
            return [winners]
        below = self.order(rest, self.rules.tiebreaks_other)
        self.reasons[frozenset(below[0])] = self.reasons.get(frozenset(by_first[1]), ())
        return [winners] + below

    def order(self, group: list[int], chain: Sequence[str]) -> list[list[int]]:
        """Split a tied group by the chain into an ordered list of still-tied subgroups."""
        if len(group) == 1 or not chain:
            return [group]
        if self.sortable.issuperset(chain):
            return self._sorted(group, chain)
        code, rest = chain[0], chain[1:]
        result = []
        parts = self.split_valued(group, code)
        again = get_tiebreak(code).within_group  # direct encounter again inside each subgroup it leaves
        for index, (value, subgroup) in enumerate(parts):
            if len(subgroup) == 1:
                inner = [subgroup]
            elif again and len(subgroup) < len(group):
                inner = self.order(subgroup, chain)
            else:
                inner = self.order(subgroup, rest)
            if index:
                self.reasons[frozenset(inner[0])] = (code, parts[index - 1][0], value)
            result += inner
        return result

    def _sorted(self, group: list[int], chain: Sequence[str]) -> list[list[int]]:
        """``order`` by sorting, for a chain of criteria of the whole table that value every team:
        the group sorted by each criterion from the last to the first (a stable sort keeps the
        earlier order among equals, as the splits do), cut where two neighbours differ, the first
        criterion that differs being the reason. The same ties and reasons as splitting criterion
        by criterion, at a fraction of the cost (the tandem Swiss's ranking, issue 29)."""
        columns = [(code, self.global_values[code]) for code in chain]
        ordered = list(group)
        for code, values in reversed(columns):
            ordered.sort(key=values.__getitem__, reverse=not get_tiebreak(code).ascending)
        previous, ties, reasons = ordered[0], [[ordered[0]]], []
        for team in ordered[1:]:
            for code, values in columns:
                if values[team] != values[previous]:
                    ties.append([team])
                    reasons.append((code, values[previous], values[team]))
                    break
            else:
                ties[-1].append(team)
            previous = team
        for tie, reason in zip(ties[1:], reasons):
            self.reasons[frozenset(tie)] = reason
        return ties

    def split(self, group: list[int], code: str) -> list[list[int]]:
        return [subgroup for _, subgroup in self.split_valued(group, code)]

    def split_valued(self, group: list[int], code: str) -> list[tuple[Value, list[int]]]:
        """The group split by ``code``, best first, each part with its value."""
        tiebreak = get_tiebreak(code)
        if tiebreak.within_group:
            values = tiebreak.compute(self.tally, group)
            self.group_values[code].update(values)
        else:
            values = self.global_values.get(code) or tiebreak.compute(self.tally, group)
        return self._buckets(group, values, ascending=tiebreak.ascending)

    @staticmethod
    def _buckets(group, values, *, ascending: bool) -> list[tuple[Value, list[int]]]:
        picked = [values[team] for team in group]
        if None in picked:
            return [(None, group)]
        buckets: dict[Value, list[int]] = {}
        for team, value in zip(group, picked):
            buckets.setdefault(value, []).append(team)
        return [(value, buckets[value]) for value in sorted(buckets, reverse=not ascending)]

    def shown_values(self) -> list[tuple[str, dict[int, Value]]]:
        """(code, team -> the value shown) for every code of the chains: a criterion of the whole
        table shows its value, one of the tied group the value it had in the last group it split
        (none where it never ranked the team)."""
        return [(code, self.global_values.get(code, self.group_values[code])) for code in self.codes]

    def display_key(self, team: int):
        """Inside a shared place: board-independent totals first, then the seed, for stable lists."""
        own = self.tally.teams[team]
        return (-own.bp, self.seed_order[team])
