"""An event handed to gacrux as its own in-memory tournament (chess-json), without a TRF file.

Two kinds of event have no TRF-2026 file for gacrux to read: 2,000 teams (record 310 numbers
teams in three digits) and the disciplines whose match has one result of its own (tandem,
Viererschach: a TRF file records games, and those boards carry none). gacrux's tie-breaks do not
read the file, though: they rank the tournament dictionary its reader (``trf2json``) builds, in
which a team match may list its games or none and carries its own result. This module builds that
dictionary from the event as the reader would from the event's TRF;
``tests/test_bench_reference.py`` holds gacrux's values and ranks on it equal to those on its own
reading of the TRF wherever there is one.

Where there is no TRF file, gacrux's whole process starts from its own file of the event instead:
the same tournament in a chess-json file (``chess_json``), what its JSON input reads (``read``).

A Schach4 table (three or four sides, a finishing order) has no counterpart in either: a gacrux
game or match has two sides.
"""

import json
from decimal import Decimal

from gacrux.chessjson import chessjson

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.presets import PRESETS, ByeScoring
from tournaments.domain.results import BoardResult

from .events import Event

# a result from the first-named side -> (its gacrux result, the other's); a forfeit is unplayed
RESULTS = {
    BoardResult.FIRST_WINS: ("W", "L"),
    BoardResult.DRAW: ("D", "D"),
    BoardResult.SECOND_WINS: ("L", "W"),
    BoardResult.FIRST_WINS_BY_FORFEIT: ("W", "Z"),
    BoardResult.SECOND_WINS_BY_FORFEIT: ("Z", "W"),
}


def tournament(event: Event) -> dict:
    """The chess-json tournament gacrux's reader would make of ``event``: teams whose players sit
    on their boards in every round, the games board by board where the discipline scores boards,
    and every match with its own result."""
    preset = PRESETS[event.preset]
    discipline = get_discipline(preset.discipline)
    if not (discipline.scores_boards or discipline.scores_matches):
        raise ValueError("a game or match of gacrux has two sides; a table of several sides has no counterpart")
    boards, boards_scored = preset.boards, discipline.scores_boards
    mp, bye = preset.match_points, preset.bye_scoring
    share = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}[bye]
    games, matches = [], []
    for number, game in enumerate(event.games, start=1):
        if game.second is None:
            first = {"cid": game.first, "result": "P"}
            matches.append(_match(number, game.round, [], first, None, played=True))
            continue
        ids = []
        if boards_scored:
            for board, result in enumerate(game.results, start=1):
                ids.append(len(games) + 1)
                games.append(_game(ids[-1], game, board, result, boards, preset.colour_pattern))
            own = sum(result.points[0] for result in game.results)
            other = sum(result.points[1] for result in game.results)
            codes = ("W", "L") if own > other else ("L", "W") if own < other else ("D", "D")
        else:  # the match's one result
            codes = RESULTS[game.results[0]]
        unplayed = all(result.is_forfeit for result in game.results)  # gacrux reads an unplayed L as Z
        first = {"cid": game.first, "result": codes[0]}
        second = {"cid": game.second, "result": codes[1]}
        matches.append(_match(number, game.round, ids, first, second, played=not unplayed))
    return {
        "tournamentNo": 1,
        "tournamentType": "Team Swiss" if event.swiss else "Team round robin",
        "tournamentInfo": {"fullName": event.name},
        "numRounds": event.rounds,
        "currentRound": event.rounds,
        "teamTournament": True,
        "teamSize": boards,
        "scoreSystem": {
            "game": {**_points(1.0, 0.5, 0.0), "P": "W"},
            "match": {
                **_points(mp.win, mp.draw, mp.loss),
                "P": Decimal(str({ByeScoring.DRAW: mp.draw, ByeScoring.WIN: mp.win}.get(bye, 0.0))),
                "FG": "W*",
                "HG": "D*",
                "ZG": "Z*",
                "PG": Decimal(str(share * boards)),
            },
            "primary": "match",
            "secondary": "game",
        },
        "competitors": [
            {
                "cid": team,
                "teamId": team,
                "rank": 0,
                "present": True,
                "cplayers": [
                    {"cid": _player(team, board, boards), "teamId": team, "order": board, "present": True}
                    for board in range(1, boards + 1)
                ]
                if boards_scored
                else [],
            }
            for team in range(1, event.teams + 1)
        ],
        "gameList": games,
        "matchList": matches,
    }


def chess_json(event: Event) -> str:
    """The event as a chess-json file (the tournament in gacrux's file envelope, its points as
    decimal strings, which its reader turns back into decimals)."""
    envelope = chessjson().chessjson
    envelope["event"]["tournaments"] = [tournament(event)]
    return json.dumps(envelope, default=str)


def read(text: str) -> dict:
    """gacrux's reading of a chess-json file: the tournament its tie-breaks rank."""
    reader = chessjson()
    reader.parse_file(text, False)
    return reader.get_tournament(1)


def _points(win: float, draw: float, loss: float) -> dict:
    return {
        "W": Decimal(str(win)),
        "D": Decimal(str(draw)),
        "L": Decimal(str(loss)),
        "F": "W",
        "H": "D",
        "Z": Decimal("0.0"),
        "A": "D",
        "U": "Z",
    }


def _player(team: int, board: int, boards: int) -> int:
    """Players numbered team by team, as ``Event.trf`` numbers them."""
    return (team - 1) * boards + board


def _game(number: int, game, board: int, result: BoardResult, boards: int, pattern: str) -> dict:
    first = {"cid": _player(game.first, board, boards), "result": RESULTS[result][0]}
    second = {"cid": _player(game.second, board, boards), "result": RESULTS[result][1]}
    white, black = (first, second) if pattern[board - 1] == "W" else (second, first)
    played = not result.is_forfeit
    return {
        "id": number,
        "round": game.round,
        "white": white,
        "black": black,
        "played": played,
        "rated": played,
        "board": board,
    }


def _match(number: int, round_number: int, games: list, white: dict, black: dict | None, *, played: bool) -> dict:
    return {"id": number, "round": round_number, "games": games, "white": white, "black": black, "played": played}
