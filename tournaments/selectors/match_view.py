"""The match as every client sees it: API list and detail, a write's response, the 409 body, a
revert's answer and the desk's result grid all show these dicts, so they cannot drift apart.

Colours are the seats' own, fixed when the round was paired (a return leg's already swapped).
One place decides what stays hidden until the round is published: results,
the score and the version, which would otherwise move with every result typed into a draft
round (issue 18 item 9).
"""

from tournaments.domain.scoring import match_points
from tournaments.models import Match, MatchSide, Seat, Tournament

_MATCH_FIELDS = (
    "id",
    "round__number",
    "round__published_at",
    "table",
    "leg",
    "version",
    "result",
    "deciding_board",
    "decided_by",
)
_PLAYER_FIELDS = ("id", "name", "position")
_SEAT_FIELDS = (
    "game__match_id",
    "game__board",
    "game__result",
    "position",
    "colour",
    "side__position",
    "side__place",
    "side__team_id",
    "side__team__name",
    *(f"game__match__{name}" for name in _MATCH_FIELDS),
    *(f"player__{name}" for name in _PLAYER_FIELDS),
)

HIDDEN_VERSION = 0  # the public's version of a match in a round not yet published: it never moves


def results_hidden(*, published_at, private: bool) -> bool:
    """The rule for every view of a match, API and pages: the results (and whatever moves with
    them) of a round the TD has not published are for the tournament's staff only."""
    return not private and published_at is None


def match_view(*, match_id: int, tournament: Tournament, private: bool) -> dict:
    """One match of ``tournament``: one query, three for a match without games (a bye)."""
    return match_views(match_ids=[match_id], tournament=tournament, private=private)[0]


def match_views(*, match_ids: list[int], tournament: Tournament, private: bool) -> list[dict]:
    """The matches of ``tournament`` named by ``match_ids``, in that order, built from one
    ``values()`` query of their seats joined to game, match, round, side, team and player (model
    instances cost a third of a write's time, issue 7); two more only for matches without games.
    ``private``: the client may see unpublished results (staff of the tournament).
    """
    games: dict[int, dict[int, list[dict]]] = {pk: {} for pk in match_ids}
    matches: dict[int, dict] = {}
    teams: dict[int, dict[int, dict]] = {pk: {} for pk in match_ids}
    rows = Seat.objects.filter(game__match_id__in=match_ids, game__match__round__tournament=tournament)
    for row in rows.values(*_SEAT_FIELDS).order_by("game__match_id", "game__board", "position"):
        pk = row["game__match_id"]
        matches.setdefault(pk, {name: row[f"game__match__{name}"] for name in _MATCH_FIELDS})
        teams[pk][row["side__position"]] = {"id": row["side__team_id"], "name": row["side__team__name"]}
        games[pk].setdefault(row["game__board"], []).append(row)
    missing = [pk for pk in match_ids if pk not in matches]
    if missing:
        for match in Match.objects.filter(pk__in=missing, round__tournament=tournament).values(*_MATCH_FIELDS):
            matches[match["id"]] = match
        for side in MatchSide.objects.filter(match_id__in=missing).values(
            "match_id", "position", "team_id", "team__name"
        ):
            teams[side["match_id"]][side["position"]] = {"id": side["team_id"], "name": side["team__name"]}
    return [_view(matches[pk], teams[pk], games[pk], tournament, private) for pk in match_ids if pk in matches]


def _view(
    match: dict, teams: dict[int, dict], games: dict[int, list[dict]], tournament: Tournament, private: bool
) -> dict:
    published = match["round__published_at"] is not None
    hidden = results_hidden(published_at=match["round__published_at"], private=private)
    boards = []
    places = ""
    discipline = tournament.discipline_rules
    for board, seats in games.items():
        first, second = seats[0], seats[1]  # a board's two seats; at a table its first two of 2–4
        points = [None] * len(seats) if hidden else discipline.seat_points([seat["side__place"] for seat in seats])
        boards.append(
            {
                "board": board,
                "first_colour": first["colour"],
                "second_colour": second["colour"],
                "first_player": _player(first),
                "second_player": _player(second),
                "result": "" if hidden else first["game__result"],
                "seats": [_seat(seat, hidden, seat_points) for seat, seat_points in zip(seats, points)],
            }
        )
        if not hidden and any(seat["side__place"] is not None for seat in seats):
            places = " ".join("-" if seat["player__id"] is None else str(seat["side__place"]) for seat in seats)
    second_team = teams.get(2)
    return {
        "id": match["id"],
        "round": match["round__number"],
        "table": match["table"],
        "first_team": teams[1],
        "second_team": second_team,
        "leg": match["leg"],
        "version": HIDDEN_VERSION if hidden else match["version"],
        "results_published": published,
        "result": "" if hidden else match["result"],
        "deciding_board": None if hidden else match["deciding_board"],
        "decided_by": "" if hidden else match["decided_by"],
        "places": places,  # a table's finishing order as typed (Schach4, issue 15): "1 - 3 2"; else ""
        # points of two sides; a table of more sides has places instead
        "score": None if hidden or second_team is None or len(teams) > 2 else _score(match, teams, boards, tournament),
        "boards": boards,
    }


def _score(match: dict, teams: dict[int, dict], rows: list[dict], tournament: Tournament) -> dict:
    """Points so far, and match points once every result is in; the discipline says what is
    scored (each board, Blitz §16, or the match as a whole, Tandem §1.3)."""
    discipline = tournament.discipline_rules
    scored = {"result": match["result"], "board_results": [row["result"] for row in rows]}
    first, second = discipline.score(**scored)
    record = discipline.match_record(match["round__number"], teams[1]["id"], teams[2]["id"], **scored, boards=len(rows))
    first_mp = second_mp = None
    if record is not None:
        rules = tournament.ranking_rules
        first_mp, second_mp = match_points(record, rules.match_points, bye_scoring=rules.bye_scoring)
    return {
        "first": first,
        "second": second,
        "first_mp": first_mp,
        "second_mp": second_mp,
        "missing": discipline.missing_results(**scored),
    }


def _seat(seat: dict, hidden: bool, points: float | None) -> dict:
    """One seat in move order: its side (1-based), colour, player and, at a table, its side's
    place and the points it scores (Schach4 "Ende des Spiels"; None elsewhere)."""
    return {
        "position": seat["position"],
        "side": seat["side__position"],
        "colour": seat["colour"],
        "player": _player(seat),
        "place": None if hidden else seat["side__place"],
        "points": points,
    }


def _player(seat: dict) -> dict | None:
    if seat["player__id"] is None:
        return None
    return {name: seat[f"player__{name}"] for name in _PLAYER_FIELDS}
