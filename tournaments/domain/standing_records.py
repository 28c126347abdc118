"""An encounter as the standings read it, one function whether it comes from the database
(``selectors/matches.py``) or from an archive without one (``archive/standings.py``)."""

from collections.abc import Sequence
from dataclasses import replace

from .disciplines import DisciplineRules
from .scoring import MatchRecord
from .standings import RankingRules


def standing_record(
    number: int,
    entrants: Sequence[int],
    result: str,
    board_results: Sequence[str],
    places: Sequence[int | None],
    discipline: DisciplineRules,
    rules: RankingRules,
    leg: int = 1,
) -> MatchRecord | None:
    """A lone entrant's bye as its discipline scores it (the tournament's bye rule, or a table
    bye's points), any other encounter by its discipline; None while it is not finished. ``leg``:
    2 for a double round's return match. Its arguments may be given by position, as it gives
    them on (a keyword call costs more, and this runs once per encounter of every standings, issue 29)."""
    if len(entrants) < 2:
        record = discipline.bye_record(number, entrants[0], boards=rules.boards, scoring=rules.bye_scoring)
    else:
        record = discipline.encounter_record(number, entrants, result, board_results, rules.boards, places)
    return replace(record, leg=leg) if leg != 1 and record is not None else record
