from dataclasses import dataclass, field

from tournaments.domain.disciplines import DisciplineRules
from tournaments.domain.formatting import points
from tournaments.domain.match_result import reversed_result
from tournaments.domain.results import BoardResult
from tournaments.models import Team, Tournament

from .encounters import seat_placings
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
    discipline: DisciplineRules | None = None  # says how the score reads

    @property
    def text(self) -> str:
        """The score as a cell shows it: "2½:1½", or the match result "1-0" (Tandem §1.3)."""
        return self.discipline.score_text(self.own, self.opponent, self.result, separator=":")

    @property
    def short_text(self) -> str:
        """The score in a narrow cell: the own points "2½", or the match result "1-0"."""
        return self.discipline.short_score_text(self.own, self.result)


@dataclass(frozen=True)
class TableFinish:
    """One entrant's game at a table (Schach4): its place in the finishing order and the points
    it scored (rules/README §4); an absent player took the last place with nothing."""

    place: int
    points: float
    absent: bool = False

    @property
    def text(self) -> str:
        """ "1. (3)": first place, 3 points; "– (0)" for an absent player."""
        return f"{'–' if self.absent else f'{self.place}.'} ({points(self.points)})"


@dataclass
class CrosstableRow:
    team: Team
    rank: int
    rank_to: int
    mp: float
    bp: float
    # opponent team id -> encounters (two in a double round robin or with double rounds); unplayed pairs are absent
    cells: dict[int, list[Encounter]] = field(default_factory=dict)
    # one entry per round of the table (``Crosstable.rounds``): (opponent's number in the table, encounter) per leg,
    # or at a table of several sides ("T3:", its finish)
    by_round: list[list[tuple[int | str, Encounter | TableFinish]]] = field(default_factory=list)
    tables: dict[int, tuple[str, TableFinish]] = field(default_factory=dict)  # round -> the table it sat at


GRID_MAX_TEAMS = 24  # beyond this a team-by-team grid is unreadable, and it grows with the square of the teams


@dataclass(frozen=True)
class Crosstable:
    """The Kreuztabelle: teams in standings order, match score against every opponent.

    Small events show it as a grid (team against team); larger ones as one column per round
    naming the opponent by its number in the table, which grows with teams × rounds, not teams².
    """

    rows: list[CrosstableRow]
    standings: Standings
    rounds: list[int] = field(default_factory=list)
    crosstable_note: str = ""  # untranslated; what a cell shows, from the discipline
    by_table: bool = False  # entrants met at tables of several sides: a column per round, never a grid

    @property
    def grid(self) -> bool:
        return not self.by_table and len(self.rows) <= GRID_MAX_TEAMS


def crosstable_for_tournament(*, tournament: Tournament, published_only: bool = False) -> Crosstable:
    """The standings' own queries (four, three with match results): the cells come from the same records."""
    standings, matches = standings_with_records(tournament=tournament, published_only=published_only)
    discipline = tournament.discipline_rules
    rows = {
        entry.team.id: CrosstableRow(entry.team, entry.row.rank, entry.row.rank_to, entry.row.mp, entry.row.bp)
        for entry in standings.rows
    }
    for match in matches:
        record = match.record
        if match.places and len(record.sides) > 1:
            _seat_at_table(rows, match, discipline)
            continue
        if len(record.sides) != 2 or not {record.first, record.second} <= rows.keys():
            continue  # a bye has no cell, nor a table of more sides; a cancelled team's matches count for nobody
        if record.decided is not None:
            first, second = record.decided
            result = BoardResult(match.result) if match.result else None  # a table of two has places, no result
            mine, theirs = (result.value, reversed_result(result).value) if result else ("", "")
        else:
            first, second = record.first_score, record.second_score
            mine = theirs = ""
        rows[record.first].cells.setdefault(record.second, []).append(
            Encounter(record.round, first, second, mine, match.leg, discipline)
        )
        rows[record.second].cells.setdefault(record.first, []).append(
            Encounter(record.round, second, first, theirs, match.leg, discipline)
        )
    ordered = list(rows.values())
    return Crosstable(
        rows=ordered,
        standings=standings,
        rounds=_by_round(ordered),
        crosstable_note=discipline.crosstable_note,
        by_table=any(match.places for match in matches),
    )


def _seat_at_table(rows: dict[int, CrosstableRow], match, discipline) -> None:
    """Each entrant at a table of several sides (Schach4): the table, its place and points, as
    the finishing order gives them (the read model's placings)."""
    placings = seat_placings(discipline, dict(enumerate(match.places, start=1)))
    for seat, side in enumerate(match.record.sides, start=1):
        if side.entrant in rows:
            placing = placings[seat]
            finish = TableFinish(placing.first, float(placing.points), placing.absent)
            rows[side.entrant].tables[match.record.round] = (f"T{match.table}:", finish)


def _by_round(rows: list[CrosstableRow]) -> list[int]:
    """Fill each row's ``by_round`` from its cells; returns the round numbers, in order."""
    number = {row.team.id: index for index, row in enumerate(rows, start=1)}
    rounds = sorted(
        {encounter.round for row in rows for cell in row.cells.values() for encounter in cell}
        | {number for row in rows for number in row.tables}
    )
    column = {round_: index for index, round_ in enumerate(rounds)}
    for row in rows:
        row.by_round = [[] for _ in rounds]
        for opponent, encounters in row.cells.items():
            for encounter in encounters:
                row.by_round[column[encounter.round]].append((number[opponent], encounter))
        for legs in row.by_round:
            legs.sort(key=lambda leg: leg[1].leg)
        for number, seated in row.tables.items():
            row.by_round[column[number]].append(seated)
    return rounds
