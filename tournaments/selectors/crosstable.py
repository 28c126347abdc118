from dataclasses import dataclass, field

from tournaments.domain.match_result import reversed_result
from tournaments.domain.results import BoardResult
from tournaments.models import Team, Tournament

from .matches import matches_with_boards
from .standings import Standings, standings_for_tournament


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
    """Five queries: the standings' three plus matches and boards again, none per team."""
    standings = standings_for_tournament(tournament=tournament, published_only=published_only)
    rows = {
        entry.team.id: CrosstableRow(entry.team, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.bp)
        for entry in standings.rows
    }
    match_level = tournament.match_level_result
    for match in matches_with_boards(tournament=tournament, published_only=published_only):
        if match.second_team_id is None:
            continue
        if match.round.is_playoff or not {match.first_team_id, match.second_team_id} <= rows.keys():
            continue  # the play-off has its own table; a cancelled team's matches count for nobody
        number = match.round.number
        if match_level:
            if not match.result:
                continue
            result = BoardResult(match.result)
            first, second = result.points
            mine, theirs = result.value, reversed_result(result).value
        else:
            boards = list(match.boards.all())
            if not boards or any(not b.result for b in boards):
                continue
            first = sum(BoardResult(b.result).points[0] for b in boards)
            second = sum(BoardResult(b.result).points[1] for b in boards)
            mine = theirs = ""
        rows[match.first_team_id].cells.setdefault(match.second_team_id, []).append(
            Encounter(number, first, second, mine, match.leg)
        )
        rows[match.second_team_id].cells.setdefault(match.first_team_id, []).append(
            Encounter(number, second, first, theirs, match.leg)
        )
    return Crosstable(rows=list(rows.values()), standings=standings)
