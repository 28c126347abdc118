"""An encounter as the standings read it, one function whether it comes from the database
(``selectors/matches.py``) or from an archive without one (``archive/standings.py``)."""

from collections.abc import Sequence

from .disciplines import DisciplineRules
from .scoring import MatchRecord
from .standings import RankingRules


def standing_record(
    number: int,
    entrants: Sequence[int],
    *,
    result: str,
    board_results: Sequence[str],
    places: Sequence[int | None],
    discipline: DisciplineRules,
    rules: RankingRules,
) -> MatchRecord | None:
    """A lone entrant's bye as its discipline scores it (the tournament's bye rule, or a table
    bye's points), any other encounter by its discipline; None while it is not finished."""
    if len(entrants) < 2:
        return discipline.bye_record(number, entrants[0], boards=rules.boards, scoring=rules.bye_scoring)
    return discipline.encounter_record(
        number, entrants, result=result, board_results=board_results, boards=rules.boards, places=places
    )
