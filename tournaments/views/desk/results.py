"""The result grid: every board (or match) of a round on one screen, each keystroke saved at once.

The page only shows and types: every save goes to the API's result endpoint
(``/api/v1/tournaments/<slug>/matches/<id>/result/``, session login and CSRF), which answers with
the match as ``selectors.match_view`` builds it, a 409 with the current match when someone else
changed it. One write protocol for the desk and every other client (issue 14).
"""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext

from tournaments.selectors.match_view import match_views
from tournaments.views.lookups import round_or_404

from .access import desk_required
from .result_keys import decided_by_choices, grid_spec


@desk_required
def desk_results(request, tournament, number: int):
    round_ = round_or_404(tournament, number)
    spec = grid_spec(tournament)
    ids = list(round_.matches.order_by("table", "leg").values_list("pk", flat=True))
    matches = [_match(view, spec, tournament) for view in match_views(match_ids=ids, tournament=tournament, private=True)]
    missing = sum(view["score"]["missing"] for view, _ in matches if view["score"])
    context = {
        "tournament": tournament,
        "round": round_,
        "matches": matches,
        "missing": missing,
        "keys_help": _keys_help(spec),
        "grid": {"fields": spec["fields"]},
        "decided_by_choices": decided_by_choices(),
        "has_next": tournament.rounds.filter(number=number + 1).exists(),
    }
    return render(request, "desk/results.html", context)


def _match(view: dict, spec: dict, tournament) -> tuple[dict, dict]:
    """The match and where its fields go: one entry per board, or one for the whole match."""
    places = {"url": reverse("api-match-result", args=[tournament.slug, view["id"]]), "boards": {}, "match": None}
    if view["second_team"] is None:
        return view, places
    for board in view["boards"]:
        places["boards"][board["board"]] = [{"name": name, "value": board[name]} for name in spec["board_fields"]]
    places["match"] = [{"name": name, "value": view[name]} for name in spec["match_fields"]]
    return view, places


def _keys_help(spec: dict) -> list[tuple[str, list[tuple[list[str], str]]]]:
    """Per field, its keys grouped by what they enter: the grid says which keys work."""
    labels = {"result": gettext("Result"), "deciding_board": gettext("Deciding board"), "decided_by": gettext("How")}
    meanings = dict((value, label) for value, label, key in decided_by_choices())
    help_ = []
    for name, field in spec["fields"].items():
        grouped: dict[str, list[str]] = {}
        for key, action in field["keys"].items():
            grouped.setdefault(str(action["value"]), []).append(key)
        help_.append((labels[name], [(keys, meanings.get(value, value)) for value, keys in grouped.items()]))
    return help_
