"""What the result grid accepts, field by field and key by key, from the discipline's result keys
and what it scores. The desk page renders it as data, so the one grid module
(``static/results-grid.js``) never asks which discipline it serves.
"""

from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation

_DRAW = "½-½"
_FORFEITS = ("+-", "-+", "--")
NEXT = ""  # after the key, the cursor goes to the next field of the grid
NEXT_ENTRY = "next-entry"  # … to the first field of the next entry (skipping the rest of this one)


def _key(value, then=NEXT, clears=()) -> dict:
    return {"value": value, "then": then, "clears": list(clears)}


def board_fields(result_keys) -> dict:
    """A result per board (team blitz, FIDE team): one field, each key saves and moves on; no
    field where boards take no result."""
    if not result_keys:
        return {}
    keys = {key: _key(value) for key, value in result_keys.items()}
    return {"result": {"keys": keys, "empty": "", "clears": [], "counts": True}}


def match_fields(discipline, boards: int) -> dict:
    """One result per match (Tandem §1.3): the result, the deciding board where the discipline
    names one, how it ended (Tandem §1.3; Vierer §2, §13: the discipline's endings); no fields
    where the match takes no result of its own."""
    result_keys = discipline.match_result_keys
    if not result_keys:
        return {}
    deciding_boards = discipline.deciding_boards(boards)
    board = ["deciding_board"] if deciding_boards else []
    after = {_DRAW: _key(_DRAW, "decided_by", board)}
    after.update({value: _key(value, NEXT_ENTRY, [*board, "decided_by"]) for value in _FORFEITS})
    fields = {
        "result": {
            "keys": {key: after.get(value, _key(value)) for key, value in result_keys.items()},
            "empty": "",
            "clears": [*board, "decided_by"],
            "counts": True,  # an entry without it lacks its result
        },
    }
    if board:
        fields["deciding_board"] = {"keys": {str(n): _key(n) for n in deciding_boards}, "empty": None, "clears": []}
    fields["decided_by"] = {"keys": {e.key: _key(e.value) for e in discipline.endings}, "empty": "", "clears": []}
    return fields


def place_fields(result_keys) -> dict:
    """A table's finishing order (Schach4): one field per seat, its place; the seats together make
    ``places`` (``2 1 4 3``), saved once every seat has one (results-grid.js ``join``)."""
    if not result_keys:
        return {}
    keys = {key: _key(value) for key, value in result_keys.items()}
    return {"place": {"keys": keys, "empty": "", "clears": [], "join": "places", "counts": True}}


def board_limit(discipline, board: dict) -> dict | None:
    """The keys a board takes when its seats allow fewer results than a board has (an empty seat,
    a withdrawn team's: only the forfeits, Blitz preamble), and the domain's reason; ``None``
    where every key works. The grid skips such a board in its keyboard path (issue 28 item 4:
    keys typed for the next table landed on these boards and were refused), and refuses a key it
    does not take on the spot, without saving or moving."""
    keys, reason = [], ""
    first, second = board["first_player"] is not None, board["second_player"] is not None
    field = f"board {board['board']}"
    for key, value in discipline.board_result_keys.items():
        try:
            discipline.board_result(value, first_present=first, second_present=second, field=field)
        except RuleViolation as refusal:
            reason = reason or refusal.text(gettext)
        else:
            keys.append(key)
    return {"keys": " ".join(keys), "reason": reason} if reason else None


def decided_by_choices(discipline) -> list[tuple[str, str, str]]:
    return [(ending.value, gettext(ending.label), ending.key) for ending in discipline.endings]


def grid_spec(tournament) -> dict:
    """The fields each board, the match and each seat of a table have, from the discipline's keys
    for each (results go on the boards, on the match, Tandem §1.3, or on a table's seats)."""
    discipline = tournament.discipline_rules
    on_boards = board_fields(discipline.board_result_keys)
    on_match = match_fields(discipline, tournament.boards)
    on_seats = place_fields(discipline.place_result_keys)
    return {
        "board_fields": on_boards,
        "match_fields": on_match,
        "place_fields": on_seats,
        "fields": on_boards | on_match | on_seats,
    }
