"""The match as the API and the desk's result grid send it: the one read model
(``selectors/encounters.py``) as JSON. API list and detail, a write's response, the 409 body and a
revert's answer all send these dicts, so they cannot drift apart.

Colours are the seats' own, fixed when the round was paired (a return leg's already swapped);
what stays hidden until the round is published is the read model's to decide.
"""

from tournaments.models import Tournament

from .encounters import EncounterView, GameView, PlayerRef, SeatView, encounter_views


def match_view(*, match_id: int, tournament: Tournament, private: bool) -> dict:
    """One match of ``tournament``: one query, three for a match without games (a bye)."""
    return match_views(match_ids=[match_id], tournament=tournament, private=private)[0]


def match_views(*, match_ids: list[int], tournament: Tournament, private: bool) -> list[dict]:
    """The matches of ``tournament`` named by ``match_ids``, in that order; ``private``: the
    client may see unpublished results (staff of the tournament)."""
    return [as_json(view) for view in encounter_views(tournament=tournament, match_ids=match_ids, private=private)]


def as_json(view: EncounterView) -> dict:
    second = view.second_team
    return {
        "id": view.id,
        "round": view.round,
        "table": view.table,
        "first_team": _team(view.first_team),
        "second_team": _team(second) if second else None,
        "leg": view.leg,
        "version": view.version,
        "results_published": view.published,
        "result": view.result,
        "deciding_board": view.deciding_board,
        "decided_by": view.decided_by,
        "places": view.places,  # a table's finishing order as typed (Schach4, issue 15): "1 - 3 2"; else ""
        # points of two sides; a table of more sides has places instead
        "score": None if view.hidden or second is None or len(view.sides) > 2 else _score(view),
        "boards": [_board(game) for game in view.games],
    }


def _team(side) -> dict:
    return {"id": side.team_id, "name": side.name}


def _board(game: GameView) -> dict:
    """A game: its first two seats as the board's two players (at a table its first two of 2–4),
    then every seat in order."""
    return {
        "board": game.board,
        "first_colour": game.first_colour,
        "second_colour": game.second_colour,
        "first_player": _player(game.first_player),
        "second_player": _player(game.second_player),
        "result": game.result,
        "seats": [_seat(seat) for seat in game.seats],
    }


def _score(view: EncounterView) -> dict:
    """Points so far, and match points once every result is in; the discipline says what is
    scored (each board, Blitz §16, or the match as a whole, Tandem §1.3)."""
    first_mp, second_mp = view.match_points_won
    return {
        "first": view.first_score,
        "second": view.second_score,
        "first_mp": first_mp,
        "second_mp": second_mp,
        "missing": view.missing_results,
    }


def _seat(seat: SeatView) -> dict:
    """One seat in move order: its side (1-based), colour, player and, at a table, its side's
    place (0: absent) and the points it scores (Schach4 "Ende des Spiels"; None elsewhere)."""
    return {
        "position": seat.position,
        "side": seat.side,
        "colour": seat.colour,
        "player": _player(seat.player),
        "place": seat.stored_place,
        "points": seat.points,
    }


def _player(player: PlayerRef | None) -> dict | None:
    return None if player is None else {"id": player.id, "name": player.name, "position": player.position}
