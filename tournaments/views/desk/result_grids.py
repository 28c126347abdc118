"""The result grid of a round as each layout shows it (``tournaments/layouts.py``): every board of
every match, or every table's seats in move order (four-player chess, issue 15). The one dispatching
view is ``results.desk_results``.
"""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tournaments.selectors.match_view import match_views
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.reference_checks import pairing_differences
from tournaments.selectors.requested_byes import requested_byes_for_round
from tournaments.views.lookups import round_or_404

from .result_keys import board_limit, decided_by_choices, grid_spec


def board_grid(request, tournament, number: int):
    round_ = round_or_404(tournament, number)
    spec = grid_spec(tournament)
    ids = list(round_.matches.order_by("table", "leg").values_list("pk", flat=True))
    matches = [
        _match(view, spec, tournament) for view in match_views(match_ids=ids, tournament=tournament, private=True)
    ]
    missing = sum(view["score"]["missing"] for view, _ in matches if view["score"])
    context = {
        "tournament": tournament,
        "round": round_,
        "matches": matches,
        "missing": missing,
        "keys_help": _keys_help(spec, tournament.discipline_rules),
        "grid": {"fields": spec["fields"]},
        "decided_by_choices": decided_by_choices(tournament.discipline_rules),
        "has_next": tournament.rounds.filter(number=number + 1).exists(),
        "pairing_differences": pairing_differences(round_=round_),
        "requested_byes": requested_byes_for_round(round_=round_),
    }
    return render(request, "desk/results.html", context)


def table_grid(request, tournament, number: int):
    """Four-player tables (issue 15): seats in move order; a place per seat (Schach4) or the
    match's one result (Viererschach), written through the same API endpoint as every result."""
    round_ = round_or_404(tournament, number)
    spec = grid_spec(tournament)
    lines = pairings_for_round(round_=round_).matches
    # A field per seat where the discipline's grid has them (Schach4), else the match's fields
    # (none where results go on the seats); a bye takes none.
    seats_take_places = bool(spec["place_fields"])
    tables = [
        (
            line,
            {
                "url": reverse("api-match-result", args=[tournament.slug, line.id]),
                "seats": seats_take_places,
                "match": [
                    {"name": name, "value": getattr(line, name, "")} for name in spec["match_fields"] if not line.is_bye
                ],
            },
        )
        for line in lines
    ]
    missing = sum(1 for line in lines if line.missing)  # the tables without their result
    context = {
        "tournament": tournament,
        "round": round_,
        "tables": tables,
        "missing": missing,
        "missing_text": ngettext("%(counter)s table without a result.", "%(counter)s tables without a result.", missing)
        % {"counter": missing},
        "keys_help": _keys_help(spec, tournament.discipline_rules),
        "grid": {"fields": spec["fields"]},
        "decided_by_choices": decided_by_choices(tournament.discipline_rules),
        "has_next": tournament.rounds.filter(number=number + 1).exists(),
        "pairing_differences": pairing_differences(round_=round_),
    }
    return render(request, "desk/table_results.html", context)


def _match(view: dict, spec: dict, tournament) -> tuple[dict, dict]:
    """The match and where its fields go: one entry per board, or one for the whole match."""
    url = reverse("api-match-result", args=[tournament.slug, view["id"]])
    places = {"url": url, "boards": {}, "limits": {}, "match": None}
    if view["second_team"] is None:
        return view, places
    for board in view["boards"]:
        places["boards"][board["board"]] = [{"name": name, "value": board[name]} for name in spec["board_fields"]]
        if spec["board_fields"]:
            places["limits"][board["board"]] = board_limit(tournament.discipline_rules, board)
    places["match"] = [{"name": name, "value": view[name]} for name in spec["match_fields"]]
    return view, places


def _keys_help(spec: dict, discipline) -> list[tuple[str, list[tuple[list[str], str]]]]:
    """Per field, its keys grouped by what they enter: the grid says which keys work."""
    labels = {
        "result": gettext("Result"),
        "deciding_board": gettext("Deciding board"),
        "decided_by": gettext("How"),
        "place": gettext("Place per seat"),
    }
    meanings = dict((value, label) for value, label, key in decided_by_choices(discipline))
    meanings["-"] = gettext("nobody sat there: last place, no points")
    help_ = []
    for name, field in spec["fields"].items():
        grouped: dict[str, list[str]] = {}
        for key, action in field["keys"].items():
            grouped.setdefault(str(action["value"]), []).append(key)
        help_.append((labels[name], [(keys, meanings.get(value, value)) for value, keys in grouped.items()]))
    return help_
