"""Reading TRF-2026 (and TRF16's 013 team records) into a ``TrfEvent``.

Only what a team tournament needs is read; a record that breaks its columns is refused with the
line, the column and the rule, before anything is built from it.
"""

import datetime

from ..errors import RuleViolation, gettext_noop
from .event import TrfEvent, TrfForfeit, TrfGame, TrfLineup, TrfPlayer, TrfTeam
from .trf16 import read_unpaired_rounds

RESULT_CODES = frozenset("10=+-HFUZWDL")


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
    if not value and blank is not None:
        return blank
    if not value.isdigit():
        _refuse(line, column, record, gettext_noop("“%(value)s” must be a whole number."), value=value)
    return int(value)


def _points(text: str, line: int, column: int, record: str) -> float:
    try:
        return float(text.strip() or 0)
    except ValueError:
        _refuse(line, column, record, gettext_noop("“%(value)s” must be a number of points."), value=text.strip())


def read_trf(text: str) -> TrfEvent:
    header: dict[str, str] = {}
    players, teams, lineups, forfeits, pab, byes = [], [], [], [], {}, {}
    pab_points, match_points = (0.0, 0.0), (2.0, 1.0, 0.0)
    stated: dict[int, tuple[float, int]] = {}
    team_records = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        code = line[:3]
        if len(line.strip()) == 0 or _is_ruler(line) or _is_not_ours(code):
            continue
        if code == "001":
            players.append(_player(line, number))
            stated[players[-1].number] = (_points(line[80:84], number, 81, code), number)
        elif code in ("310", "013"):
            teams.append(_team(line, number, code, len(teams) + 1))
            team_records.add(code)
        elif code == "300":
            lineups.append(
                TrfLineup(
                    _number(line[4:7], number, 5, code),
                    _number(line[8:11], number, 9, code),
                    _number(line[12:15], number, 13, code),
                    tuple(_number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(20, len(line) + 1, 5)),
                )
            )
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
        elif code == "320":
            pab_points = (_points(line[4:8], number, 5, code), _points(line[9:13], number, 10, code))
            for index, column in enumerate(range(14, len(line), 4), start=1):
                team = _number(line[column : column + 3], number, column + 1, code, blank=0)
                if team:
                    pab[index] = team
        elif code == "240":
            kind, round_number = _bye_header(line, number)
            teams_listed = [_number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(14, len(line) + 1, 5)]
            byes[(kind, round_number)] = byes.get((kind, round_number), ()) + tuple(t for t in teams_listed if t)
        elif code == "362":
            match_points = _match_points(line)
        elif code.isdigit():
            header[code] = line[4:].strip()
        else:
            _refuse(number, 1, "001", gettext_noop("“%(value)s” is not a TRF record code (three digits)."), value=code)
    if not players:
        _refuse(1, 1, "001", gettext_noop("the file has no player (001) records."))
    if not teams:
        _refuse(1, 1, "310", gettext_noop("the file has no team (310 or 013) records."))
    numbers = {p.number for p in players}
    for team, line_number in teams:
        for player in team.roster:
            if player not in numbers:
                _refuse(
                    line_number,
                    1,
                    "310",
                    gettext_noop("team “%(team)s” names player %(value)s, who has no 001 record."),
                    team=team.name,
                    value=player,
                )
    _check_games(players, [team for team, _line in teams], stated)
    if team_records == {"013"}:
        players = read_unpaired_rounds(players, [team for team, _line in teams], stated)
    rounds = header.get("142", "")
    boards_pattern = header.get("352", "").upper()
    return TrfEvent(
        name=header.get("012", "") or "TRF",
        city=header.get("022", ""),
        start=_date(header.get("042", "")),
        rounds=int(rounds) if rounds.isdigit() else max((max(p.games, default=0) for p in players), default=0),
        type_code=header.get("192", ""),
        type_name=header.get("092", ""),
        colour_sequence=boards_pattern,
        match_points=match_points,
        tiebreaks=_tiebreaks(header),
        players=tuple(players),
        teams=tuple(team for team, _line in teams),
        lineups=tuple(lineups),
        forfeits=tuple(forfeits),
        pab=pab,
        pab_points=pab_points,
        byes=byes,
        initial_colour=header.get("152", "")[:1].upper(),
    )


# a game's result from one side -> what the other side's line may say (a double forfeit: "-" both)
OTHER_SIDE = {"1": {"0"}, "0": {"1"}, "=": {"="}, "+": {"-"}, "-": {"+", "-"}}


def _check_games(players: list[TrfPlayer], teams: list[TrfTeam], stated: dict[int, tuple[float, int]]) -> None:
    """Both lines of a game tell the same game, and a team meets one team a round: else the file
    contradicts itself, and which line is right no reader can know."""
    by_number = {player.number: player for player in players}
    team_of = {player: team.number for team in teams for player in team.roster}
    met: dict[tuple[int, int], int] = {}
    for player in players:
        for round_number, game in player.games.items():
            if not game.opponent:
                continue
            line, column = stated[player.number][1], 92 + 10 * (round_number - 1)
            if game.opponent not in team_of:
                _refuse(
                    line,
                    column,
                    "001",
                    gettext_noop(
                        "round %(round)d: opponent %(value)s is on no team (310 or 013), so the game belongs to no "
                        "match."
                    ),
                    round=round_number,
                    value=game.opponent,
                )
            other = by_number[game.opponent].games.get(round_number)
            if other is None or other.opponent != player.number:
                _refuse(
                    line,
                    column,
                    "001",
                    gettext_noop(
                        "round %(round)d: player %(value)s's own line does not name this player as the opponent."
                    ),
                    round=round_number,
                    value=game.opponent,
                )
            if game.result and other.result and other.result not in OTHER_SIDE.get(game.result, {other.result}):
                _refuse(
                    line,
                    column + 7,
                    "001",
                    gettext_noop(
                        "round %(round)d: “%(value)s” here, but player %(opponent)s's line gives “%(other)s” for the "
                        "same game."
                    ),
                    round=round_number,
                    value=game.result,
                    opponent=game.opponent,
                    other=other.result,
                )
            if (
                player.number in team_of
                and met.setdefault((team_of[player.number], round_number), team_of[game.opponent])
                != team_of[game.opponent]
            ):
                _refuse(
                    line,
                    column,
                    "001",
                    gettext_noop("round %(round)d: this team's players meet players of two teams."),
                    round=round_number,
                )


def _is_ruler(line: str) -> bool:
    """The column ruler and legend Swiss-Manager writes above the 001 records ("         1         2",
    "1234567890…", "DDD SSSS sTTT …"): a help to the eye, not a record."""
    return line.startswith("DDD ") or (
        set(line) <= set("0123456789 ") and (line[0] == " " or line.startswith("1234567890"))
    )


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


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text[:10].replace("/", "-"))
    except ValueError:
        return None


def _player(line: str, number: int) -> TrfPlayer:
    start = _number(line[4:8], number, 5, "001")
    games = {}
    for index, end in enumerate(range(99, len(line) + 8, 10), start=1):
        block = line[end - 8 : end]
        if not block.strip():
            continue
        opponent = _number(block[0:4], number, end - 7, "001", blank=0)
        colour = block[5:6].lower() or "-"
        result = block[7:8].upper()
        not_yet_played = opponent and colour in ("w", "b") and not result.strip()  # paired, no result yet
        if colour not in ("w", "b", "-", " ") or (result not in RESULT_CODES and not not_yet_played):
            _refuse(
                number,
                end - 1,
                "001",
                gettext_noop("round %(round)d: “%(value)s” is not a colour and result."),
                round=index,
                value=block[5:].strip(),
            )
        games[index] = TrfGame(
            opponent, colour if colour != " " else "-", {"W": "1", "D": "=", "L": "0"}.get(result, result.strip())
        )
    rating = _number(line[48:52], number, 49, "001", blank=0)
    fide_id = line[57:68].strip()
    if fide_id.strip("0") == "":
        fide_id = ""  # 0 (Swiss-Manager) or blank: the player has no FIDE ID
    return TrfPlayer(start, line[14:47].strip(), rating, fide_id, line[53:56].strip(), games)


def _team(line: str, number: int, code: str, position: int) -> tuple[TrfTeam, int]:
    if code == "310":
        team_no = _number(line[4:7], number, 5, code)
        name, first = line[8:40].strip(), 77
    else:  # TRF16: 013 NAME(32) then player numbers from column 37
        team_no, name, first = position, line[4:36].strip(), 40
    roster = tuple(
        p for p in (_number(line[i - 4 : i], number, i - 3, code, blank=0) for i in range(first, len(line) + 1, 5)) if p
    )
    if not name:
        _refuse(number, 5 if code == "013" else 9, code, gettext_noop("a team needs a name."))
    return TrfTeam(team_no, name, 0.0, 0.0, 0, roster), number
