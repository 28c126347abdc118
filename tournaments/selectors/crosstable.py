from dataclasses import dataclass, field

from tournaments.models import Team, Tournament

from .standings import Standings, standings_with_records


@dataclass(frozen=True)
class Encounter:
    """One finished match seen from one team: its board points, the opponent's, the round."""

    round: int
    own: float
    opponent: float


@dataclass
class CrosstableRow:
    team: Team
    rank: int
    rank_to: int
    mp: float
    bp: float
    # opponent team id -> encounters (two in a double round robin); unplayed pairs are absent
    cells: dict[int, list[Encounter]] = field(default_factory=dict)


@dataclass(frozen=True)
class Crosstable:
    """The Kreuztabelle: teams in standings order, match score against every opponent."""

    rows: list[CrosstableRow]
    standings: Standings


def crosstable_for_tournament(*, tournament: Tournament, published_only: bool = False) -> Crosstable:
    """Three queries, the standings' own: the cells come from the same match records."""
    standings, records = standings_with_records(tournament=tournament, published_only=published_only)
    rows = {
        entry.team.id: CrosstableRow(entry.team, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.bp)
        for entry in standings.rows
    }
    for record in records:
        if record.second is None:
            continue
        first, second = record.first_score, record.second_score
        rows[record.first].cells.setdefault(record.second, []).append(Encounter(record.round, first, second))
        rows[record.second].cells.setdefault(record.first, []).append(Encounter(record.round, second, first))
    return Crosstable(rows=list(rows.values()), standings=standings)
