"""What the result grid accepts, field by field and key by key, from the discipline's result keys
and what it scores. The desk page renders it as data, so the one grid module
(``static/results-grid.js``) never asks which discipline it serves.
"""

from django.utils.translation import gettext

from tournaments.domain.match_result import DECIDED_BY_LABELS, DecidedBy

_DRAW = "½-½"
_FORFEITS = ("+-", "-+", "--")
# The key that picks each way a match is decided (Tandem §1.3), shown beside its label.
DECIDED_BY_KEYS = {
    DecidedBy.CHECKMATE: "m",
    DecidedBy.RESIGNATION: "r",
    DecidedBy.TIME: "t",
    DecidedBy.TIME_NEIGHBOUR: "n",
    DecidedBy.ARBITER: "a",
    DecidedBy.AGREED_DRAW: "d",
    DecidedBy.DOUBLE_MATE: "b",
    DecidedBy.DOUBLE_TIME: "f",
}
NEXT = ""  # after the key, the cursor goes to the next field of the grid
NEXT_ENTRY = "next-entry"  # … to the first field of the next entry (skipping the rest of this one)


def _key(value, then=NEXT, clears=()) -> dict:
    return {"value": value, "then": then, "clears": list(clears)}


def board_fields(result_keys) -> dict:
    """A result per board (team blitz, FIDE team): one field, each key saves and moves on; no
    field where boards take no result."""
    if not result_keys:
        return {}
    return {"result": {"keys": {key: _key(value) for key, value in result_keys.items()}, "empty": "", "clears": []}}


def match_fields(result_keys, boards: int) -> dict:
    """One result per match (Tandem §1.3): the result, the deciding board, how it was decided; no
    fields where the match takes no result of its own."""
    if not result_keys:
        return {}
    after = {_DRAW: _key(_DRAW, "decided_by", ["deciding_board"])}
    after.update({value: _key(value, NEXT_ENTRY, ["deciding_board", "decided_by"]) for value in _FORFEITS})
    return {
        "result": {
            "keys": {key: after.get(value, _key(value)) for key, value in result_keys.items()},
            "empty": "",
            "clears": ["deciding_board", "decided_by"],
        },
        "deciding_board": {"keys": {str(n): _key(n) for n in range(1, boards + 1)}, "empty": None, "clears": []},
        "decided_by": {"keys": {key: _key(value.value) for value, key in DECIDED_BY_KEYS.items()}, "empty": "", "clears": []},
    }


def decided_by_choices() -> list[tuple[str, str, str]]:
    return [(d.value, gettext(DECIDED_BY_LABELS[d]), DECIDED_BY_KEYS[d]) for d in DecidedBy]


def grid_spec(tournament) -> dict:
    """The fields each board and the match have, from the discipline's keys for each (one of the
    two is empty: results go on the boards, or on the match, Tandem §1.3)."""
    discipline = tournament.discipline_rules
    on_boards = board_fields(discipline.board_result_keys)
    on_match = match_fields(discipline.match_result_keys, tournament.boards)
    return {"board_fields": on_boards, "match_fields": on_match, "fields": on_boards | on_match}
