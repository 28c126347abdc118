from dataclasses import dataclass, field

from tournaments.domain.results import BoardResult
from tournaments.models import Team, Tournament

from .matches import matches_with_boards
from .standings import Standings, standings_for_tournament


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
    """Five queries: the standings' three plus matches and boards again, none per team."""
    standings = standings_for_tournament(tournament=tournament, published_only=published_only)
    rows = {
        entry.team.id: CrosstableRow(entry.team, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.bp)
        for entry in standings.rows
    }
    for match in matches_with_boards(tournament=tournament, published_only=published_only):
        boards = list(match.boards.all())
        if match.second_team_id is None or not boards or any(not b.result for b in boards):
            continue
        if match.round.is_playoff or not {match.first_team_id, match.second_team_id} <= rows.keys():
            continue  # the play-off has its own table; a cancelled team's matches count for nobody
        first = sum(BoardResult(b.result).points[0] for b in boards)
        second = sum(BoardResult(b.result).points[1] for b in boards)
        number = match.round.number
        rows[match.first_team_id].cells.setdefault(match.second_team_id, []).append(Encounter(number, first, second))
        rows[match.second_team_id].cells.setdefault(match.first_team_id, []).append(Encounter(number, second, first))
    return Crosstable(rows=list(rows.values()), standings=standings)
