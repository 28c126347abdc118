"""The match as every client sees it: API list and detail, a write's response, the 409 body, a
revert's answer and the desk's result grid all show these dicts, so they cannot drift apart.

One place decides what a board's colours are (the return leg of a double round swaps them,
``domain.colours.leg_pattern``) and what stays hidden until the round is published: results,
the score and the version, which would otherwise move with every result typed into a draft
round (issue 18 item 9).
"""

from tournaments.domain.colours import board_colours, leg_pattern
from tournaments.domain.scoring import match_points
from tournaments.models import BoardGame, Match, Tournament

_MATCH_FIELDS = ("id", "round__number", "round__published_at", "table", "first_team_id", "first_team__name",
                 "second_team_id", "second_team__name", "leg", "version", "result", "deciding_board", "decided_by")
_PLAYER_FIELDS = ("id", "name", "position")
_BOARD_FIELDS = ("match_id", "board", "result", *(f"match__{name}" for name in _MATCH_FIELDS),
                 *(f"{seat}__{name}" for seat in ("first_player", "second_player") for name in _PLAYER_FIELDS))

HIDDEN_VERSION = 0  # the public's version of a match in a round not yet published: it never moves


def results_hidden(*, published_at, private: bool) -> bool:
    """The rule for every view of a match, API and pages: the results (and whatever moves with
    them) of a round the TD has not published are for the tournament's staff only."""
    return not private and published_at is None


def match_view(*, match_id: int, tournament: Tournament, private: bool) -> dict:
    """One match of ``tournament``: one query, two for a match without boards (a bye)."""
    return match_views(match_ids=[match_id], tournament=tournament, private=private)[0]


def match_views(*, match_ids: list[int], tournament: Tournament, private: bool) -> list[dict]:
    """The matches of ``tournament`` named by ``match_ids``, in that order, built from one
    ``values()`` query of their boards joined to match, round, teams and players (model instances
    cost a third of a write's time, issue 7); a second query only for matches without boards.
    ``private``: the client may see unpublished results (staff of the tournament).
    """
    boards: dict[int, list[dict]] = {pk: [] for pk in match_ids}
    matches: dict[int, dict] = {}
    rows = BoardGame.objects.filter(match_id__in=match_ids, match__round__tournament=tournament)
    for row in rows.values(*_BOARD_FIELDS).order_by("match_id", "board"):
        matches.setdefault(row["match_id"], {name: row[f"match__{name}"] for name in _MATCH_FIELDS})
        boards[row["match_id"]].append(row)
    missing = [pk for pk in match_ids if pk not in matches]
    if missing:
        for match in Match.objects.filter(pk__in=missing, round__tournament=tournament).values(*_MATCH_FIELDS):
            matches[match["id"]] = match
    return [_view(matches[pk], boards[pk], tournament, private) for pk in match_ids if pk in matches]


def _view(match: dict, rows: list[dict], tournament: Tournament, private: bool) -> dict:
    published = match["round__published_at"] is not None
    hidden = results_hidden(published_at=match["round__published_at"], private=private)
    pattern = leg_pattern(tournament.colour_pattern, match["leg"])
    boards = []
    for row in rows:
        first, second = board_colours(pattern, row["board"])
        boards.append(
            {
                "board": row["board"],
                "first_colour": first,
                "second_colour": second,
                "first_player": _player(row, "first_player"),
                "second_player": _player(row, "second_player"),
                "result": "" if hidden else row["result"],
            }
        )
    second_team = match["second_team_id"]
    return {
        "id": match["id"],
        "round": match["round__number"],
        "table": match["table"],
        "first_team": {"id": match["first_team_id"], "name": match["first_team__name"]},
        "second_team": None if second_team is None else {"id": second_team, "name": match["second_team__name"]},
        "leg": match["leg"],
        "version": HIDDEN_VERSION if hidden else match["version"],
        "results_published": published,
        "result": "" if hidden else match["result"],
        "deciding_board": None if hidden else match["deciding_board"],
        "decided_by": "" if hidden else match["decided_by"],
        "score": None if hidden or second_team is None else _score(match, rows, tournament),
        "boards": boards,
    }


def _score(match: dict, rows: list[dict], tournament: Tournament) -> dict:
    """Points so far, and match points once every result is in; the discipline says what is
    scored (each board, Blitz §16, or the match as a whole, Tandem §1.3)."""
    discipline = tournament.discipline_rules
    scored = {"result": match["result"], "board_results": [row["result"] for row in rows]}
    first, second = discipline.score(**scored)
    record = discipline.match_record(
        match["round__number"], match["first_team_id"], match["second_team_id"], **scored, boards=len(rows)
    )
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


def _player(row: dict, seat: str) -> dict | None:
    if row[f"{seat}__id"] is None:
        return None
    return {name: row[f"{seat}__{name}"] for name in _PLAYER_FIELDS}
