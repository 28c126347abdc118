"""The result grid: every board (or match) of a round on one screen, each keystroke saved at once.

The page only shows and types: every save goes to the API's result endpoint
(``/api/v1/tournaments/<slug>/matches/<id>/result/``, session login and CSRF), which answers with
the match as ``selectors.match_view`` builds it, a 409 with the current match when someone else
changed it. One write protocol for the desk and every other client (issue 14).
"""

from tournaments.layouts import layout_of

from .access import desk_required


@desk_required
def desk_results(request, tournament, number: int):
    """The grid of a round, laid out as the discipline shows an encounter (boards, or a table)."""
    return layout_of(tournament.discipline_rules).desk_grid(request, tournament, number)
