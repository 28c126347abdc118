"""Reading TRF-2026 (and TRF16's 013 team records) into a ``TrfEvent``.

Only what a team tournament needs is read; a record that breaks its columns is refused with the
line, the column and the rule, before anything is built from it.
"""

import datetime
import re
from itertools import chain, repeat
from operator import attrgetter

from ..errors import RuleViolation, gettext_noop
from ..numbers import whole_number
from .event import RESULT_CODES, TrfEvent, TrfForfeit, TrfGame, TrfLineup, TrfPlayer, TrfTeam
from .game_check import check_player_games
from .trf16 import read_unpaired_rounds


def decode(data: bytes) -> str:
    """UTF-8 if the bytes are UTF-8 (a byte-order mark dropped), else Latin-1 (TRF16's own)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _refuse(line: int, column: int, record: str, message: str, **params):
    raise RuleViolation(message, field=f"line {line}, column {column}", rule=f"TRF-2026, record {record}", **params)


def _number(text: str, line: int, column: int, record: str, *, blank: int | None = None) -> int:
    value = text.strip()
    if value.isascii() and value.isdigit():  # ASCII digits only: "²" is a digit to str.isdigit(), not to int()
        return int(value)
    if not value and blank is not None:
        return blank
    _refuse(line, column, record, gettext_noop("“%(value)s” must be a whole number."), value=value)


def _points(text: str, line: int, column: int, record: str) -> float:
    """ASCII digits with an optional decimal part ("1", "2.5"), read with string methods: one per
    001 line, where a regular expression cost more than the rest of the field."""
    value = text.strip()
    whole, dot, fraction = value.partition(".")
    if value and not (_digits(whole) and (not dot or _digits(fraction))):
        _refuse(line, column, record, gettext_noop("“%(value)s” must be a number of points."), value=value)
    return float(value or 0)


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def read_trf(text: str) -> TrfEvent:
    header: dict[str, str] = {}
    lineups, forfeits, pab, byes = [], [], {}, {}
    teams: dict[str, list[tuple[TrfTeam, int]]] = {"310": [], "013": []}
    pab_points, match_points = (0.0, 0.0), (2.0, 1.0, 0.0)
    header_lines: dict[str, int] = {}
    located: dict[str, list[tuple[object, int]]] = {"300": [], "330": [], "320": [], "240": []}
    player_lines: list[str] = []
    player_line_numbers: list[int] = []
    try:
        for number, line in enumerate(text.splitlines(), start=1):
            code = line[:3]
            if code == "001":  # first: most of a file, read in one pass after the loop (``_read_players``)
                player_lines.append(line)
                player_line_numbers.append(number)
            elif code in ("310", "013"):
                teams[code].append(_team(line, number, code, len(teams[code]) + 1))
            elif code == "300":
                lineups.append(
                    TrfLineup(
                        _number(line[4:7], number, 5, code),
                        _number(line[8:11], number, 9, code),
                        _number(line[12:15], number, 13, code),
                        tuple(
                            _number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(20, len(line) + 1, 5)
                        ),
                    )
                )
                located[code].append((lineups[-1], number))
            elif code == "330":
                if line[4:6] not in ("+-", "-+", "--"):
                    _refuse(number, 5, code, gettext_noop("“%(value)s” must be +-, -+ or --."), value=line[4:6])
                forfeits.append(
                    TrfForfeit(
                        _number(line[7:10], number, 8, code),
                        _number(line[11:14], number, 12, code),
                        _number(line[15:18], number, 16, code),
                        line[4:6],
                    )
                )
                located[code].append((forfeits[-1], number))
            elif code == "320":
                pab_points = (_points(line[4:8], number, 5, code), _points(line[9:13], number, 10, code))
                for index, column in enumerate(range(14, len(line), 4), start=1):
                    team = _number(line[column : column + 3], number, column + 1, code, blank=0)
                    if team:
                        pab[index] = team
                        located[code].append(((index, team), number))
            elif code == "240":
                kind, round_number = _bye_header(line, number)
                teams_listed = [
                    _number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(14, len(line) + 1, 5)
                ]
                byes[(kind, round_number)] = byes.get((kind, round_number), ()) + tuple(t for t in teams_listed if t)
                located[code] += [((round_number, team), number) for team in teams_listed if team]
            elif code == "362":
                match_points = _match_points(line)
            elif code in REFUSED_RECORDS:
                _refuse(number, 1, code, REFUSED_RECORDS[code])
            elif not line.strip() or _is_ruler(line) or _is_not_ours(code):
                continue  # asked only here: a record above never starts as a ruler, a blank or another's
            elif code.isdigit():
                header[code] = line[4:].strip()
                header_lines[code] = number
            else:
                _refuse(
                    number, 1, "001", gettext_noop("“%(value)s” is not a TRF record code (three digits)."), value=code
                )
    except RuleViolation:
        _read_players(player_lines, player_line_numbers)  # a 001 line above the refused record is refused first
        raise
    players, stated = _read_players(player_lines, player_line_numbers)
    if not players:
        _refuse(1, 1, "001", gettext_noop("the file has no player (001) records."))
    read_teams = _team_records(teams)
    team_of = _check_rosters(read_teams, stated)
    team_list = [team for team, _line in read_teams]
    try:  # the conversion checks the games (``game_check``): a later refusal here waits for that check
        _check_team_records(located, team_list, team_of, players)
        if not teams["310"]:
            players = read_unpaired_rounds(players, team_list, stated)
        played = max(chain.from_iterable(map(_GAMES, players)), default=0)  # the last round a line fills
        rounds = _rounds(header, header_lines.get("142", 0), played, len(team_list))
        round_dates = _round_dates(header_lines.get("132", 0), text)
    except RuleViolation:
        check_player_games(players, team_of, stated)
        raise
    return TrfEvent(
        name=header.get("012", "") or "TRF",
        city=header.get("022", ""),
        start=_date(header.get("042", "")),
        end=_date(header.get("052", "")),
        round_dates=round_dates,
        rounds=rounds,
        type_code=header.get("192", ""),
        type_name=header.get("092", ""),
        colour_sequence=header.get("352", "").upper(),
        match_points=match_points,
        tiebreaks=_tiebreaks(header),
        players=tuple(players),
        teams=tuple(team_list),
        lineups=tuple(lineups),
        forfeits=tuple(forfeits),
        pab=pab,
        pab_points=pab_points,
        byes=byes,
        initial_colour=header.get("152", "")[:1].upper(),
        legacy_teams=not teams["310"],
        stated=stated,
    )


# Records that change scores or pairings in ways the import cannot yet carry: refused, never
# dropped in silence (a file's 299 points or a 250 acceleration would change every standing)
REFUSED_RECORDS = {
    "299": gettext_noop(
        "abnormal point assignments (record 299) cannot be imported; enter them as results or penalties after the "
        "import."
    ),
    "250": gettext_noop("accelerated rounds (record 250) cannot be imported: a team Swiss here is not accelerated."),
}


def _team_records(teams: dict[str, list[tuple[TrfTeam, int]]]) -> list[tuple[TrfTeam, int]]:
    """The teams of 310, or of 013 where the file has no 310 (TRF16).

    TRF-2026 says 310 replaces 013, which is "to be phased out"; a file may still carry both for
    the same teams, and gacrux then reads 310 alone. The 013 copies must tell the same teams:
    if they do not, which of the two the program meant no reader can know."""
    if not teams["310"] and not teams["013"]:
        _refuse(1, 1, "310", gettext_noop("the file has no team (310 or 013) records."))
    if not teams["310"]:
        return teams["013"]
    by_name = {team.name: team for team, _line in teams["310"]}
    for old, line in teams["013"]:
        new = by_name.get(old.name)
        if new is None or new.roster != old.roster:
            _refuse(
                line,
                37,
                "013",
                gettext_noop(
                    "team “%(team)s” of this 013 record has no 310 record with the same players; TRF-2026 reads 310, "
                    "and the two must agree."
                ),
                team=old.name,
            )
    seen: dict[int, int] = {}
    for team, line in teams["310"]:
        if team.number in seen:
            _refuse(
                line,
                5,
                "310",
                gettext_noop("team number %(value)s is given twice (first on line %(first)d)."),
                value=team.number,
                first=seen[team.number],
            )
        seen[team.number] = line
    return teams["310"]


def _check_rosters(teams: list[tuple[TrfTeam, int]], stated: dict[int, tuple[float, int]]) -> dict[int, int]:
    """Every player a team lists has a 001 record and plays for that team alone: the team of
    each, by player, which the checks after this one read."""
    team_of: dict[int, int] = {}
    for team, line_number in teams:
        for player in team.roster:
            if player not in stated:
                _refuse(
                    line_number,
                    1,
                    "310",
                    gettext_noop("team “%(team)s” names player %(value)s, who has no 001 record."),
                    team=team.name,
                    value=player,
                )
            if player in team_of:
                _refuse(
                    line_number,
                    1,
                    "310",
                    gettext_noop("player %(value)s is on two teams, “%(team)s” and “%(other)s”."),
                    value=player,
                    team=team.name,
                    other=next(other.name for other, _line in teams if other.number == team_of[player]),
                )
            team_of[player] = team.number
    return team_of


def _check_team_records(
    located: dict[str, list[tuple[object, int]]],
    teams: list[TrfTeam],
    team_of: dict[int, int],
    players: list[TrfPlayer],
) -> None:
    """300, 320, 330 and 240 name teams (and 300 players) the file defines, in a round: else the
    import would guess what the record means."""
    numbers = {team.number: team for team in teams}
    met = (  # who met whom: only a 330 record asks, and this is a pass over every game (not checked yet)
        {
            (team_of[p.number], r): team_of.get(g.opponent)
            for p in players
            for r, g in p.games.items()
            if g.opponent and p.number in team_of
        }
        if located["330"]
        else {}
    )

    def known(team: int, line: int, column: int, record: str) -> None:
        if team not in numbers:
            _refuse(line, column, record, gettext_noop("there is no team %(value)s (record 310)."), value=team)

    def in_range(number: int, line: int, column: int, record: str) -> None:
        if number < 1:
            _refuse(line, column, record, gettext_noop("“%(value)s” is not a round number."), value=number)

    for lineup, line in located["300"]:
        in_range(lineup.round, line, 5, "300")
        known(lineup.team, line, 9, "300")
        known(lineup.opponent, line, 13, "300")
        for index, player in enumerate(lineup.players):
            if player and player not in numbers[lineup.team].roster:
                _refuse(
                    line,
                    17 + 5 * index,
                    "300",
                    gettext_noop("player %(value)s is not on the roster of team %(team)s."),
                    value=player,
                    team=lineup.team,
                )
    for forfeit, line in located["330"]:
        in_range(forfeit.round, line, 8, "330")
        known(forfeit.first, line, 12, "330")
        known(forfeit.second, line, 16, "330")
        for team, other, column in ((forfeit.first, forfeit.second, 12), (forfeit.second, forfeit.first, 16)):
            if met.get((team, forfeit.round), other) != other or team == other:
                _refuse(
                    line,
                    column,
                    "330",
                    gettext_noop("round %(round)d: team %(value)s played another team in this round."),
                    round=forfeit.round,
                    value=team,
                )
    for record in ("320", "240"):
        for (round_number, team), line in located[record]:
            in_range(round_number, line, 7, record)
            known(team, line, 11, record)


def _rounds(header: dict[str, str], line: int, played: int, teams: int) -> int:
    """Record 142, or the rounds the 001 records fill. Fewer rounds than were played, or more
    than a double round robin of the teams could have, is not an event."""
    stated = header.get("142", "").strip()
    if not stated:
        return played
    number = whole_number(stated)
    if number is None or number < played or number > max(2 * teams, played):
        _refuse(
            line,
            5,
            "142",
            gettext_noop("“%(value)s” rounds: the file plays %(played)d, and %(teams)d teams play at most %(most)d."),
            value=stated,
            played=played,
            teams=teams,
            most=max(2 * teams, played),
        )
    return number


def _is_ruler(line: str) -> bool:
    """The column ruler and legend Swiss-Manager writes above the 001 records ("         1         2",
    "1234567890…", "DDD SSSS sTTT …"): a help to the eye, not a record."""
    return line.startswith("DDD ") or ((line[0] == " " or line.startswith("1234567890")) and set(line) <= _RULER)


_RULER = frozenset("0123456789 ")  # a record's line starts with its code: the set is built for rulers only


def _is_not_ours(code: str) -> bool:
    """A comment (``###``), a national record (a federation code, e.g. ``FRA``) or a program's
    own record (``XXR``, ``XXC``): TRF-2026 leaves them to their owners, and nothing a team
    tournament needs is in them."""
    return code == "###" or (len(code) == 3 and code.isalpha() and code.isupper())


def _tiebreaks(header: dict[str, str]) -> tuple[str, ...]:
    """Record 202 lists the tie-breaks; a file without it may state the ranking order in 212
    instead, its score first (``PTS``, ``MPTS``): the tie-breaks are the rest."""
    if "202" in header:
        return tuple(header["202"].replace(",", " ").split())
    order = header.get("212", "").replace(",", " ").split()
    return tuple(order[1:] if order and order[0].upper() in ("PTS", "MPTS", "MP") else order)


def _bye_header(line: str, number: int) -> tuple[str, int]:
    """240: the kind in column 5 (H half point, F full point, Z or blank zero points), the round in 7–9."""
    kind = line[4:5].upper().strip() or "Z"
    if kind not in ("H", "F", "Z"):
        _refuse(number, 5, "240", gettext_noop("“%(value)s” must be H, F or Z."), value=line[4:5])
    return kind, _number(line[6:9], number, 7, "240")


def _match_points(line: str) -> tuple[float, float, float]:
    """362: from column 6 on, a result letter and its points (columns 7–10), in 9-column steps.
    Column 5 before each letter is ``T`` (team) or blank: both are read the same way."""
    found = {}
    for column in range(5, len(line), 9):
        try:
            found[line[column]] = float(line[column + 1 : column + 5])
        except (ValueError, IndexError):
            continue
    return found.get("W", 2.0), found.get("D", 1.0), found.get("L", 0.0)


def _round_dates(line_number: int, text: str) -> dict[int, datetime.date]:
    """132: round r's date in columns 92 + 10·(r − 1) on, YY/MM/DD (20YY). A date that cannot be
    read is refused at its column: the DWZ report and the export need every one as stated."""
    if not line_number:
        return {}
    line = text.splitlines()[line_number - 1]
    dates = {}
    for number, column in enumerate(range(91, len(line), 10), start=1):
        field = line[column : column + 8].strip()
        if not field:
            continue
        try:
            dates[number] = datetime.datetime.strptime(field, "%y/%m/%d").date()
        except ValueError:
            _refuse(line_number, column + 1, "132", gettext_noop("“%(value)s” is not a date (YY/MM/DD)."), value=field)
    return dates


def _date(text: str) -> datetime.date | None:
    """A full date (YYYY/MM/DD or YYYY-MM-DD); a year alone (``2014/00/00``, as Swiss-Manager
    writes an unknown day) or a blank is no date."""
    if text.isspace() or not text:
        return None
    try:
        return datetime.date.fromisoformat(text[:10].replace("/", "-"))
    except ValueError:
        return None


_COLOURS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "-", " ": "-", "": "-"}
# a result code as read (either case) -> as kept: W, D, L (a program's 1, =, 0) as 1, = and 0
_RESULTS = {code: code for code in RESULT_CODES} | {code.lower(): code for code in RESULT_CODES}
_RESULTS |= {"W": "1", "w": "1", "D": "=", "d": "=", "L": "0", "l": "0"}


# a 001 line as most files write it, in one match: the start number, name, rating, federation,
# FIDE ID, birth date and points in their columns (numbers right-aligned, points with one decimal),
# every round a block as this reader keeps it ("0053 w 1": lower-case colour, ``1 = 0`` rather
# than ``W D L``), two blanks apart; any other line is read field by field (``_player``), with
# every refusal
_PLAYER = re.compile(
    r"^001 (   [0-9]|  [0-9]{2}| [0-9]{3}|[0-9]{4}).{6}(.{33}).( [0-9]{3}|[0-9]{4}|    ) (.{3}) (.{11}) (.{10}) "
    r"( [0-9]\.[0-9]|[0-9]{2}\.[0-9])(?:.{7}((?:[0-9]{4} [wb-] [10=+\-HFUZ]  )*[0-9]{4} [wb-] [10=+\-HFUZ])?)? *$",
    re.MULTILINE,  # one line of the lines joined, as ``findall`` reads them: ``.`` is no newline
)


def _read_players(lines: list[str], line_numbers: list[int]) -> tuple[list[TrfPlayer], dict[int, tuple[float, int]]]:
    """The 001 lines' players and, by number, their stated points and line. Lines of
    ``_PLAYER``'s form are read together (``_regular_players``); if a line is not of it, or a
    number comes twice, line by line, so that the first fault of the file is the one refused."""
    found = _PLAYER.findall("\n".join(lines))  # one call: each line of the form is one match
    if len(found) == len(lines):
        players, points = _regular_players(found)
        stated = dict(zip(map(_NUMBER, players), zip(points, line_numbers)))
        if len(stated) == len(lines):
            return players, stated
    matches = list(map(_PLAYER.fullmatch, lines))
    regular = zip(*_regular_players([match.groups("") for match in matches if match]))  # "" as findall gives
    players, stated = [], {}
    for match, line, number in zip(matches, lines, line_numbers):
        player, points = next(regular) if match else (_player(line, number), _points(line[80:84], number, 81, "001"))
        if player.number in stated:
            _refuse(
                number,
                5,
                "001",
                gettext_noop("player %(value)s has a second 001 record (the first is line %(first)d)."),
                value=player.number,
                first=stated[player.number][1],
            )
        players.append(player)
        stated[player.number] = (points, number)
    return players, stated


_NUMBER, _GAMES = attrgetter("number"), attrgetter("games")


def _regular_players(found: list[tuple[str, ...]]) -> tuple[list[TrfPlayer], list[float]]:
    """The players of ``_PLAYER``'s matches and their points, each field read for all lines in
    one call (``map``) rather than per line; every round of every line is split at once."""
    if not found:
        return [], []
    starts, names, ratings, federations, fide_ids, births, points, areas = zip(*found)
    fields = " ".join(filter(None, areas)).split()  # blocks of three blank-free fields, in order
    games = map(_new_tuple, repeat(TrfGame), zip(map(int, fields[::3]), fields[1::3], fields[2::3]))
    players = map(
        _new_tuple,
        repeat(TrfPlayer),
        zip(
            map(int, starts),
            map(str.strip, names),
            [int(rating) if rating != "    " else 0 for rating in ratings],
            [fide_id if fide_id.strip("0") else "" for fide_id in map(str.strip, fide_ids)],  # 0 or blank: none
            map(str.strip, federations),
            # a round is 10 columns, the last 8 (``_PLAYER``): a line's games are the next ones
            [{index: next(games) for index in range(1, (len(area) + 2) // 10 + 1)} for area in areas],
            map(_date, births),
            repeat(""),  # national_id: not in TRF
        ),
    )
    return list(players), list(map(float, points))


def _player(line: str, number: int) -> TrfPlayer:
    start = _number(line[4:8], number, 5, "001")
    games = _games(line, number)
    rating = _number(line[48:52], number, 49, "001", blank=0)
    fide_id = line[57:68].strip()
    if fide_id.strip("0") == "":
        fide_id = ""  # 0 (Swiss-Manager) or blank: the player has no FIDE ID
    return TrfPlayer(start, line[14:47].strip(), rating, fide_id, line[53:56].strip(), games, _date(line[69:79]))


_new_tuple = tuple.__new__  # a named tuple's own constructor, without its ``__new__``


def _games(line: str, number: int) -> dict[int, TrfGame]:
    """A 001 line's rounds, one 10-column block each from column 92, every field checked."""
    games = {}
    for index, end in enumerate(range(99, len(line) + 8, 10), start=1):
        block = line[end - 8 : end]
        if block.isspace() or not block:
            continue
        opponent = block[0:4].strip()
        opponent = (
            int(opponent)
            if opponent.isdigit() and opponent.isascii()
            else _number(opponent, number, end - 7, "001", blank=0)
        )
        colour, result = _COLOURS.get(block[5:6]), _RESULTS.get(block[7:8])
        if result is None and opponent and colour in ("w", "b") and not block[7:8].strip():
            result = ""  # paired, no result yet
        if colour is None or result is None:
            _refuse(
                number,
                end - 1,
                "001",
                gettext_noop("round %(round)d: “%(value)s” is not a colour and result."),
                round=index,
                value=block[5:].strip(),
            )
        games[index] = TrfGame(opponent, colour, result)
    return games


# a team record's players as most files write them: 4-column fields, each a right-aligned number or
# blank, one blank between (any other line is read field by field, ``_number`` refusing its faults)
_ROSTER = re.compile(r"(?:(?:   [0-9]|  [0-9]{2}| [0-9]{3}|[0-9]{4}|    )(?: |$))*")


def _team(line: str, number: int, code: str, position: int) -> tuple[TrfTeam, int]:
    if code == "310":
        team_no = _number(line[4:7], number, 5, code)
        name, first = line[8:40].strip(), 77
    else:  # TRF16: 013 NAME(32) then player numbers from column 37
        team_no, name, first = position, line[4:36].strip(), 40
    area = line[first - 4 :]
    if _ROSTER.fullmatch(area):  # the common case in two calls: right-aligned numbers, one blank apart
        roster = tuple(filter(None, map(int, area.split())))  # 0: a blank board, no player
    else:
        roster = tuple(
            p
            for p in (_number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(first, len(line) + 1, 5))
            if p
        )
    if not name:
        _refuse(number, 5 if code == "013" else 9, code, gettext_noop("a team needs a name."))
    return TrfTeam(team_no, name, 0.0, 0.0, 0, roster), number
