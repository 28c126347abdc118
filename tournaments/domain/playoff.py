"""The play-off for first place (Blitz §16) and its ranking.

Blitz §16: a tie for first that the direct encounter cannot break is played off — two matches
between two teams (colours swapped in the second), or a single round robin among three or more.
If the play-off is tied again, the Berliner Wertung decides, then the first won game in board
order, both over the play-off matches only. A tie that survives all of that is decided by the
drawing of lots, which the director records (our reading: the rulebook stops at the first won
board, and lots are the usual last resort).

The play-off is "auf dem 1. Platz": it decides first place only, and "für die weitere Platzierung
entscheidet … zuerst die größere Zahl der Brettpunkte" — the other teams of the play-off take
their places by the other-places chain over the event (``compute_standings``' ``first_place``).
The setting ``playoff_ranks_all`` lets the play-off rank all its teams instead (*our decision*
to offer, docs/rules.md); only then do its lower ties need lots.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .berger import Pair, berger_rounds
from .errors import gettext_noop
from .presets import ByeScoring, MatchPoints
from .scoring import MatchRecord
from .standings import PlaceReason, StandingRow
from .tally import tally_matches
from .tiebreaks import berliner_wertung, first_won_board, total_match_points

CRITERIA = ("MP", "BW", "FWB")  # Blitz §16, in this order
LOTS = "LOTS"
DECIDED_BY = {  # how the standings name the criterion that decided a place
    "MP": gettext_noop("play-off match points"),
    "BW": gettext_noop("Berliner Wertung of the play-off"),
    "FWB": gettext_noop("first won board of the play-off"),
    LOTS: gettext_noop("drawing of lots"),
}


def playoff_schedule(teams: Sequence[int]) -> list[list[Pair]]:
    """Rounds of the play-off, teams in seed order: two teams play twice with colours swapped."""
    if len(teams) == 2:
        a, b = teams
        return [[(a, b)], [(b, a)]]
    return [[_seeded(pair, teams) for pair in pairs] for pairs in berger_rounds(len(teams))]


def _seeded(pair: Pair, teams: Sequence[int]) -> Pair:
    first, second = pair
    return teams[first - 1], teams[second - 1] if second is not None else None


@dataclass(frozen=True, slots=True)
class PlayoffRow:
    team: int
    rank: int
    rank_to: int
    mp: float
    bp: float
    bw: float
    fwb: tuple[float, ...]
    decided_by: str | None  # the criterion that put this team above the next one ("MP", "BW", "FWB", "LOTS")

    @property
    def shared(self) -> bool:
        return self.rank_to != self.rank


@dataclass(frozen=True, slots=True)
class PlayoffRanking:
    rows: list[PlayoffRow]
    complete: bool  # every play-off match has its result
    lots_needed: list[list[int]]  # groups still tied after FWB (only once complete and no lots given)

    @property
    def decided(self) -> bool:
        return self.complete and not self.lots_needed

    @property
    def winner(self) -> int | None:
        """The team the play-off put in first place alone, once decided."""
        top = self.rows[0] if self.rows else None
        return top.team if self.decided and top is not None and not top.shared else None


def rank_playoff(
    teams: Sequence[int],
    records: Sequence[MatchRecord],
    *,
    boards: int,
    points: MatchPoints,
    bye_scoring: ByeScoring,
    complete: bool,
    lots: Sequence[int] = (),
    ranks_all: bool = False,
) -> PlayoffRanking:
    """Play-off MP, then Berliner Wertung, then first won board, then the lots drawn (Blitz §16).

    Unless ``ranks_all``, only a tie at the top needs lots: the play-off decides first place alone."""
    tally = tally_matches(teams, records, boards=boards, points=points, bye_scoring=bye_scoring)
    values = {
        "MP": total_match_points(tally, teams),
        "BW": berliner_wertung(tally, teams),
        "FWB": first_won_board(tally, teams),
    }
    seed_order = {team: index for index, team in enumerate(teams)}
    lot_order = {team: index for index, team in enumerate(lots)}

    def key(team):
        return tuple(values[code][team] for code in CRITERIA)

    groups: dict[tuple, list[int]] = {}
    for team in sorted(teams, key=seed_order.get):
        groups.setdefault(key(team), []).append(team)
    ordered: list[list[int]] = []
    lots_needed = []
    for group_key in sorted(groups, reverse=True):
        group = groups[group_key]
        if len(group) > 1 and complete and all(team in lot_order for team in group):
            ordered += [[team] for team in sorted(group, key=lot_order.get)]
        else:
            ordered.append(group)
            if len(group) > 1 and complete and (ranks_all or len(ordered) == 1):
                lots_needed.append(group)

    rows, position = [], 0
    for index, group in enumerate(ordered):
        following = ordered[index + 1][0] if index + 1 < len(ordered) else None
        decided_by = None
        if following is not None and len(group) == 1:
            decided_by = next((code for code in CRITERIA if values[code][group[0]] != values[code][following]), LOTS)
        for team in group:
            own = tally.teams[team]
            rows.append(
                PlayoffRow(
                    team=team,
                    rank=position + 1,
                    rank_to=position + len(group),
                    mp=own.mp,
                    bp=own.bp,
                    bw=values["BW"][team],
                    fwb=values["FWB"][team],
                    decided_by=decided_by,
                )
            )
        position += len(group)
    return PlayoffRanking(rows=rows, complete=complete, lots_needed=lots_needed)


def playoff_stands(rows: Sequence[StandingRow], teams: Sequence[int]) -> bool:
    """Whether a play-off among ``teams`` still decides a tie the standings ``rows`` have: the
    teams tied for first are exactly its teams (Blitz §16). A correction of a regular result
    after the play-off was paired can undo that tie or make another one; the play-off is then
    void (*our decision*, docs/rules.md): shown as such, never applied."""
    return bool(teams) and {row.team for row in rows if row.playoff_required} == set(teams)


def standings_after_playoff(rows: Sequence[StandingRow], playoff: PlayoffRanking) -> list[StandingRow]:
    """Final standings where the play-off ranks all its teams (setting ``playoff_ranks_all``).

    Until the play-off is decided, the regular standings stand as they are (shared first place,
    play-off required). Each placed row says why it is below the one above: the play-off's
    criterion, or a place shared with it (``PlaceReason``).
    """
    if not playoff.decided or not playoff_stands(rows, [p.team for p in playoff.rows]):
        return list(rows)
    by_team = {row.team: row for row in rows}
    placed, above = [], None
    for p in playoff.rows:
        reason = None
        if above is not None and above.rank == p.rank:
            reason = PlaceReason(shared=True)
        elif above is not None:
            reason = playoff_place_reason(above, p)
        placed.append(replace(by_team[p.team], rank=p.rank, rank_to=p.rank_to, playoff_required=False, reason=reason))
        above = p
    inside = {p.team for p in playoff.rows}
    return placed + [row for row in rows if row.team not in inside]


def standings_after_playoff_for_first(rows: Sequence[StandingRow], playoff: PlayoffRanking) -> list[StandingRow]:
    """Standings where the play-off decided first place only (Blitz §16, "auf dem 1. Platz"):
    the row below the winner says the play-off put the winner ahead; the other places keep the
    reasons of the regular chain."""
    by_team = {p.team: p for p in playoff.rows}
    if len(rows) < 2 or rows[0].team != playoff.winner or rows[1].team not in by_team:
        return list(rows)
    reason = playoff_place_reason(by_team[rows[0].team], by_team[rows[1].team])
    return [rows[0], replace(rows[1], reason=reason), *rows[2:]]


def playoff_place_reason(above: PlayoffRow, below: PlayoffRow) -> PlaceReason:
    """Why ``below`` is behind ``above`` after the play-off: the criterion that put ``above``
    ahead, with both teams' values over the play-off."""
    code = above.decided_by
    values = {"MP": (above.mp, below.mp), "BW": (above.bw, below.bw), "FWB": (above.fwb, below.fwb)}
    shown_above, shown_own = values.get(code, (None, None))
    return PlaceReason(code, shown_above, shown_own, playoff=True)
