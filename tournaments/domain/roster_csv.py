"""Reading team rosters from a CSV file, row by row, before anything is saved.

Columns: ``team``, ``board``, ``name``, ``rating`` and optionally ``fide_id``, or their German
names as a German club's export writes them (``Mannschaft;Brett;Name;DWZ``: ``HEADERS``). ``board`` is the
fixed board order handed in before the start (Blitz preamble); ``S`` or a number above the
tournament's boards marks a substitute. Where an entrant fields one player (Schach4 events of
single players, rules/README §4) ``team`` and ``board`` may be left out: each line is an entrant
of its own, named after its player. Comma or semicolon separated (German spreadsheets write
semicolons), UTF-8 or Windows-1252, lines ending in LF, CR LF or CR (old Mac spreadsheets). Every
row gets its own list of problems so the TD sees all of them in the preview at once.
"""

import csv
import io
from dataclasses import dataclass, field

from .disciplines.entrant_words import TEAMS, EntrantWords
from .errors import RuleViolation, RuleViolations, gettext_noop
from .identifiers import fide_id
from .numbers import whole_number
from .text import plain_name

COLUMNS = ("team", "board", "name", "rating", "fide_id")
REQUIRED = ("team", "board", "name", "rating")
REQUIRED_ALONE = ("name", "rating")  # one player per entrant: the player is the entrant
# Every spelling of a column's header that is read as that column (compared in lower case, without
# spaces, dashes or underscores): the English names and the German ones the help lists; a German
# club's export names the rating after its list (DWZ, Elo).
HEADERS = {
    "team": ("team", "mannschaft"),
    "board": ("board", "brett"),
    "name": ("name", "spieler"),
    "rating": ("rating", "wertzahl", "dwz", "elo"),
    "fide_id": ("fideid",),
}
_HEADER = {spelling: column for column, spellings in HEADERS.items() for spelling in spellings}
MAX_ROWS = 2000
NAME_LENGTH = 120  # of team and player names, as everywhere (services/teams.py)
# What Windows-1252 text of names holds beyond ASCII: letters (but not ƒ) and apostrophes, dashes.
# A file in another encoding (Shift-JIS, …) read as Windows-1252 shows typographic marks instead.
_NAME_PUNCTUATION = "’‘–·´`"


@dataclass
class RosterRow:
    """One line of the file as read, with the problems found in it (empty when it is fine)."""

    line: int
    team: str
    board: str
    name: str
    rating: str
    fide_id: str = ""
    problems: list[RuleViolation] = field(default_factory=list)

    @property
    def is_substitute_mark(self) -> bool:
        return self.board.strip().upper() == "S"


@dataclass
class RosterFile:
    """The whole file: its rows, problems of the file itself, and the teams it would create."""

    rows: list[RosterRow]
    problems: list[RuleViolation] = field(default_factory=list)
    teams: dict[str, list[dict]] = field(default_factory=dict)  # team name -> players in board order

    @property
    def valid(self) -> bool:
        return not self.problems and all(not row.problems for row in self.rows) and bool(self.teams)


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM) first, then Windows-1252; anything else is refused, naming
    what is accepted, rather than read as garbled names."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        text = None
    if text is None or any(not _plausible(char) for char in text):
        raise RuleViolation(
            gettext_noop(
                "the file is neither UTF-8 nor Windows-1252 (perhaps Shift-JIS?); save it as “CSV UTF-8”. Accepted: "
                "UTF-8 or Windows-1252, comma or semicolon separated, lines ending in LF, CR LF or CR."
            ),
            field="file",
        )
    return text


def _plausible(char: str) -> bool:
    return char.isascii() or (char.isalpha() and char != "ƒ") or char in _NAME_PUNCTUATION


def parse_roster_csv(
    text: str,
    *,
    boards: int,
    max_substitutes: int,
    existing_teams: frozenset[str] | set[str] = frozenset(),
    words: EntrantWords = TEAMS,
) -> RosterFile:
    """Read and check every row; ``teams`` is filled only with teams whose rows are all valid.
    ``words``: what the messages call an entrant (the discipline's)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        return RosterFile(rows=[], problems=[RuleViolation(gettext_noop("the file is empty."), field="file")])
    dialect = ";" if lines[0].count(";") > lines[0].count(",") else ","
    try:
        records = list(csv.reader(io.StringIO(text), delimiter=dialect))
    except csv.Error as error:
        return RosterFile(
            rows=[],
            problems=[
                RuleViolation(gettext_noop("not a readable CSV file: %(error)s"), field="file", error=str(error))
            ],
        )
    header, problem = _columns(records[0])
    if problem:
        return RosterFile(rows=[], problems=[problem])
    alone = boards == 1 and "team" not in header and "board" not in header
    missing = [column for column in (REQUIRED_ALONE if alone else REQUIRED) if column not in header]
    if missing:
        return RosterFile(
            rows=[],
            problems=[
                RuleViolation(
                    gettext_noop("the first line must name the columns %(columns)s; missing: %(missing)s."),
                    field="file",
                    columns=", ".join(COLUMNS),
                    missing=", ".join(missing),
                )
            ],
        )
    rows = []
    for line_number, values in enumerate(records[1:], start=2):
        if not any(value.strip() for value in values):
            continue
        if len(rows) >= MAX_ROWS:
            return RosterFile(
                rows=rows,
                problems=[RuleViolation(gettext_noop("at most %(max)d rows."), field="file", max=MAX_ROWS)],
            )
        cells = {column: (values[index].strip() if index < len(values) else "") for index, column in enumerate(header)}
        rows.append(
            RosterRow(
                line=line_number,
                team=cells.get("name", "") if alone else cells.get("team", ""),
                board="1" if alone else cells.get("board", ""),
                name=cells.get("name", ""),
                rating=cells.get("rating", ""),
                fide_id=cells.get("fide_id", ""),
            )
        )
    if not rows:
        return RosterFile(rows=[], problems=[RuleViolation(gettext_noop("the file lists no players."), field="file")])
    result = RosterFile(rows=rows)
    _check(result, boards=boards, max_substitutes=max_substitutes, existing_teams=existing_teams, words=words)
    return result


def _columns(cells: list[str]) -> tuple[list[str], RuleViolation | None]:
    """The column each header cell names (``HEADERS``; an unknown cell keeps its text and is
    ignored), or the problem of two cells naming one column (DWZ and Elo: which is the rating?)."""
    header, seen = [], {}
    for cell in cells:
        text = cell.strip()
        column = _HEADER.get("".join(char for char in text.lower() if char not in " -_"), text.lower())
        if column in HEADERS and column in seen:
            return header, RuleViolation(
                gettext_noop("the columns “%(first)s” and “%(second)s” name the same column; keep one of them."),
                field="file",
                first=seen[column],
                second=text,
            )
        seen[column] = text
        header.append(column)
    return header, None


def _check(roster: RosterFile, *, boards: int, max_substitutes: int, existing_teams, words: EntrantWords) -> None:
    by_team: dict[str, list[tuple[int, RosterRow]]] = {}
    for row in roster.rows:
        field_name = f"line {row.line}"
        if not row.team:
            row.problems.append(RuleViolation(words.missing_name, field=field_name))
        elif row.team in existing_teams:
            row.problems.append(RuleViolation(words.duplicate_name, field=field_name, value=row.team))
        if not row.name:
            row.problems.append(RuleViolation(gettext_noop("the player's name is missing."), field=field_name))
        for column, check in (
            ("team", lambda value, field: plain_name(value, field=field, max_length=NAME_LENGTH)),
            ("name", lambda value, field: plain_name(value, field=field, max_length=NAME_LENGTH)),
            ("fide_id", fide_id),
        ):
            try:
                check(getattr(row, column), field=f"{field_name}, {column}")
            except RuleViolation as problem:
                row.problems.append(problem)
        position = _position(row, boards)
        if position is None:
            row.problems.append(
                RuleViolation(
                    gettext_noop("“%(value)s” is not a board: use 1 to %(boards)d, or S for the substitute."),
                    field=field_name,
                    value=row.board,
                    boards=boards,
                )
            )
        if row.rating and (whole_number(row.rating) is None or whole_number(row.rating) > 3500):
            row.problems.append(
                RuleViolation(gettext_noop("the rating must be a whole number from 0 to 3500."), field=field_name)
            )
        if row.team and position is not None:
            by_team.setdefault(row.team, []).append((position, row))

    for team, entries in by_team.items():
        _check_team(team, entries, boards=boards, max_substitutes=max_substitutes)
        team_rows = [row for row in roster.rows if row.team == team]
        if all(not row.problems for row in team_rows):
            regular = sorted((p, r) for p, r in entries if p <= boards)
            substitutes = [r for p, r in entries if p > boards]
            roster.teams[team] = [_player(row) for _, row in regular] + [_player(row) for row in substitutes]


def _check_team(team: str, entries: list[tuple[int, RosterRow]], *, boards: int, max_substitutes: int) -> None:
    """Board numbers once each and without gaps; substitutes only beside a full team (Blitz preamble)."""
    seen: dict[int, RosterRow] = {}
    names: set[str] = set()
    substitutes = 0
    for position, row in entries:
        if row.name in names:
            row.problems.append(
                RuleViolation(
                    gettext_noop("“%(value)s” is on the roster twice."), field=f"line {row.line}", value=row.name
                )
            )
        names.add(row.name)
        if position > boards:
            substitutes += 1
            if substitutes > max_substitutes:
                row.problems.append(
                    RuleViolation(
                        gettext_noop("at most %(count)d substitute per team."),
                        plural=gettext_noop("at most %(count)d substitutes per team."),
                        field=f"line {row.line}",
                        count=max_substitutes,
                    )
                )
            continue
        if position in seen:
            row.problems.append(
                RuleViolation(
                    gettext_noop("board %(board)d is already taken by line %(other)d."),
                    field=f"line {row.line}",
                    board=position,
                    other=seen[position].line,
                )
            )
        else:
            seen[position] = row
    regular = sorted(seen)
    if regular != list(range(1, len(regular) + 1)):
        gap = next(board for board in range(1, boards + 1) if board not in seen)
        first = entries[0][1]
        first.problems.append(
            RuleViolation(
                gettext_noop(
                    "team “%(team)s” has no player on board %(board)d; boards are filled from 1 without gaps."
                ),
                field=f"line {first.line}",
                team=team,
                board=gap,
            )
        )
    elif substitutes and len(regular) < boards:
        first = next(row for position, row in entries if position > boards)
        first.problems.append(
            RuleViolation(
                gettext_noop("a substitute needs all %(boards)d boards of the team filled."),
                field=f"line {first.line}",
                boards=boards,
            )
        )


def _position(row: RosterRow, boards: int) -> int | None:
    """Board 1..n, or n + 1 for a substitute (``S`` or any number above the boards)."""
    if row.is_substitute_mark:
        return boards + 1
    board = whole_number(row.board)
    if board is not None and board >= 1:
        return min(board, boards + 1)
    return None


def _player(row: RosterRow) -> dict:
    return {"name": row.name, "rating": whole_number(row.rating), "fide_id": row.fide_id}


def parse_player_lines(text: str) -> list[dict]:
    """A roster typed into a form, one player per line in board order: ``name, rating, FIDE ID``.

    Every bad line is reported at once (``RuleViolations``), as in the CSV preview.
    """
    players, problems = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [part.strip() for part in line.replace(";", ",").split(",")]
        rating = parts[1] if len(parts) > 1 else ""
        if rating and whole_number(rating) is None:
            problems.append(
                RuleViolation(
                    gettext_noop("“%(value)s” is not a rating; write: name, rating, FIDE ID."),
                    field=f"line {number}",
                    value=rating,
                )
            )
        players.append(
            {"name": parts[0], "rating": whole_number(rating), "fide_id": parts[2] if len(parts) > 2 else ""}
        )
    if problems:
        raise RuleViolations(problems)
    return players
