"""Writing a SwissChess version-8 team tournament file (.SWT) from the public structure files
(fnogatz/SWT-structure-files): no public SwissChess team file with a known licence was found, so
the import is tested on files built from the layout those files describe (general data, the
player and team pairings, the players, the teams), written here independently of the reader."""

import datetime

FIXTURES, PAIRING, RECORD = 13384, 19, 655


def put(buffer: bytearray, at: int, value) -> None:
    if isinstance(value, str):
        raw = value.encode("cp1252")
        buffer[at : at + len(raw)] = raw
    else:
        buffer[at : at + 2] = int(value).to_bytes(2, "little")


def swt_file(
    *,
    name: str,
    rounds: int,
    boards: int,
    teams: list[tuple[str, list[dict]]],
    pairings: dict[int, dict[int, tuple]],
    team_byes: dict[int, int],
    dates: dict[int, datetime.date],
) -> bytes:
    """``teams``: (name, players), each player a dict of name and optionally rating, federation,
    birth, zps, member, fide_id; players are numbered team by team from 1 (their TNr.-ID).
    ``pairings``: round -> player -> (colour 1 White / 3 Black, opponent, result 1 loss / 2 draw /
    3 win, status 0 / 2 forfeit, board); ``team_byes``: round -> the team (1-based) with the bye."""
    players = [(team_index, player) for team_index, (_, roster) in enumerate(teams, start=1) for player in roster]
    count, team_count = len(players), len(teams)
    data = bytearray(FIXTURES + (count + team_count) * (rounds * PAIRING + RECORD))
    data[0x1], data[0x3], data[0x5] = rounds, rounds, rounds
    put(data, 0x7, count)
    data[0x25C], data[0x25E], data[0x254] = boards, 0xFF, 0  # boards, a team tournament, a Swiss
    put(data, 0x261, 850)  # file version
    put(data, 0x316, name)
    put(data, 0x41F, f"{min(dates.values()):%d.%m.%Y}")
    put(data, 0x434, f"{max(dates.values()):%d.%m.%Y}")
    data[0x534], data[0x53A] = team_count, 0  # teams; match points 2/1/0
    for number, date in dates.items():
        put(data, 0x2CC1 + 4 * (number - 1), (date - datetime.date(1899, 12, 30)).days)
    for index in range(count):
        for number in range(1, rounds + 1):
            at = FIXTURES + (index * rounds + number - 1) * PAIRING
            colour, opponent, result, status, board = pairings.get(number, {}).get(index + 1, (0, 0, 0, 0, 0))
            data[at + 8], data[at + 11], data[at + 15], data[at + 18] = colour, result | result << 2, status, board
            put(data, at + 9, opponent)
    for index in range(team_count):
        for number in range(1, rounds + 1):
            at = FIXTURES + (count * rounds + index * rounds + number - 1) * PAIRING
            data[at + 8] = 2 if team_byes.get(number) == index + 1 else 1
    player_at = FIXTURES + (count + team_count) * rounds * PAIRING
    positions: dict[int, int] = {}
    for index, (team_index, player) in enumerate(players):
        at = player_at + index * RECORD
        positions[team_index] = positions.get(team_index, 0) + 1
        put(data, at, player["name"])
        put(data, at + 0x21, teams[team_index - 1][0])
        put(data, at + 0x4B, str(player.get("rating", "")))
        put(data, at + 0x69, player.get("federation", ""))
        put(data, at + 0x80, f"{player['birth']:%d.%m.%Y}" if player.get("birth") else "")
        put(data, at + 0x99, player.get("zps", ""))
        put(data, at + 0x9F, player.get("member", ""))
        put(data, at + 0x144, player.get("fide_id", ""))
        data[at + 0xCB] = positions[team_index]
        put(data, at + 0xDB, index + 1)
    team_at = player_at + count * RECORD
    first = 0
    for index, (team_name, roster) in enumerate(teams):
        at = team_at + index * RECORD
        put(data, at, team_name)
        put(data, at + 0xCF, first)
        data[at + 0xD5] = len(roster)
        put(data, at + 0xD9, index + 1 + 998)
        first += len(roster)
    return bytes(data)
