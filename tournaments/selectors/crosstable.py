from dataclasses import dataclass, field

from tournaments.domain.match_result import reversed_result
from tournaments.domain.results import BoardResult
from tournaments.models import Team, Tournament

from .standings import Standings, standings_with_records


@dataclass(frozen=True)
class Encounter:
    """One finished match seen from one team: its points, the opponent's, the round.

    Points are board points, or where a match has one result (tandem) that result's points;
    ``result`` is then the match result from this team's view (``1-0``, ``0-1``, ``+-`` …).
    """

    round: int
    own: float
    opponent: float
    result: str = ""
    leg: int = 1


@dataclass
class CrosstableRow:
    team: Team
    rank: int
    rank_to: int
    mp: float
    bp: float
    # opponent team id -> encounters (two in a double round robin or with double rounds); unplayed pairs are absent
    cells: dict[int, list[Encounter]] = field(default_factory=dict)


@dataclass(frozen=True)
class Crosstable:
    """The Kreuztabelle: teams in standings order, match score against every opponent."""

    rows: list[CrosstableRow]
    standings: Standings


def crosstable_for_tournament(*, tournament: Tournament, published_only: bool = False) -> Crosstable:
    """The standings' own queries (three, two with match results): the cells come from the same records."""
    standings, matches = standings_with_records(tournament=tournament, published_only=published_only)
    rows = {
        entry.team.id: CrosstableRow(entry.team, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.bp)
        for entry in standings.rows
    }
    for match in matches:
        record = match.record
        if record.second is None or not {record.first, record.second} <= rows.keys():
            continue  # a bye has no cell; a cancelled team's matches count for nobody
        if record.decided is not None:
            first, second = record.decided
            result = BoardResult(match.result)
            mine, theirs = result.value, reversed_result(result).value
        else:
            first, second = record.first_score, record.second_score
            mine = theirs = ""
        rows[record.first].cells.setdefault(record.second, []).append(Encounter(record.round, first, second, mine, match.leg))
        rows[record.second].cells.setdefault(record.first, []).append(Encounter(record.round, second, first, theirs, match.leg))
    return Crosstable(rows=list(rows.values()), standings=standings)
