"""Version 1 archives read as version 2: every archive written before version 2 still imports.

Version 1 wrote a match as ``first``/``second`` team with ``boards`` of ``first_player``,
``second_player`` and one ``result`` from the first team's view. Version 2 writes the same as an
encounter of two sides whose games have two seats, each with its player, colour and own score
(``tournaments.domain.seats``). The conversion is total on any archive valid against the
version 1 schema, except a result that is no result at all, which is refused with its place.
"""

from tournaments.domain.presets import KNOWN_PRESETS
from tournaments.domain.results import parse_board_result
from tournaments.domain.seats import seat_results

from . import VERSION

OPPOSITE = {"W": "B", "B": "W"}


def v1_to_v2(data: dict) -> dict:
    """The version 2 archive meaning what the (schema-valid) version 1 ``data`` means."""
    tournament = data["tournament"]
    preset = KNOWN_PRESETS.get(tournament.get("preset", "blitz-frankenwald"))
    pattern = tournament.get("colour_pattern", preset.colour_pattern if preset else "")
    rosters = {team["name"]: [player["name"] for player in team["players"]] for team in data["teams"]}
    converted = {**data, "version": VERSION}
    for key in ("rounds", "playoffs"):
        if key in data:
            converted[key] = [_round(round_, pattern, rosters) for round_ in data[key]]
    return converted


def _round(round_: dict, pattern: str, rosters: dict) -> dict:
    converted = {key: value for key, value in round_.items() if key != "matches"}
    place = f"round {round_['number']}"
    converted["encounters"] = [_encounter(match, pattern, rosters, place) for match in round_["matches"]]
    return converted


def _encounter(match: dict, pattern: str, rosters: dict, round_place: str) -> dict:
    leg = match.get("leg", 1)
    place = f"{round_place}, table {match['table']}" + (f", leg {leg}" if leg != 1 else "")
    teams = [match["first"]] + ([match["second"]] if match["second"] is not None else [])
    encounter = {key: match[key] for key in ("table", "leg") if key in match}
    encounter["sides"] = [{"entrant": name} for name in teams]
    if "result" in match:
        text = match["result"]
        outcome = seat_results(parse_board_result(text, field=f"{place}, result") if text not in (None, "") else None)
        for side, result in zip(encounter["sides"], outcome):
            side["result"] = result
    if "boards" in match:
        encounter["games"] = [_game(board, teams, pattern, leg, rosters, place) for board in match["boards"]]
    encounter |= {key: match[key] for key in ("deciding_board", "decided_by") if key in match}
    return encounter


def _game(board: dict, teams: list[str], pattern: str, leg: int, rosters: dict, place: str) -> dict:
    number = board["board"]
    text = board.get("result")
    outcome = seat_results(
        parse_board_result(text, field=f"{place}, board {number}") if text not in (None, "") else None
    )
    colour = pattern[number - 1] if number <= len(pattern) and pattern[number - 1] in OPPOSITE else None
    if colour is not None and leg == 2:
        colour = OPPOSITE[colour]
    seats = []
    for side, (key, team, result) in enumerate(
        zip(("first_player", "second_player"), teams + [None], outcome), start=1
    ):
        roster = rosters.get(team, [])
        registered = roster[number - 1] if number <= len(roster) else None
        seat = {"side": side, "player": board[key] if key in board else registered}
        if colour is not None:
            seat["colour"] = colour if side == 1 else OPPOSITE[colour]
        seat["result"] = result
        seats.append(seat)
    return {"board": number, "seats": seats}
