"""A finished table as the standings see it: one encounter side per entrant, scoring its placement points.

Every entrant at a Schach4 table is its own encounter side (a team of one player), so a table is
a record of 2..4 sides whose scores are the placement points of the variant side its seat plays
for (partners score alike). The tally then counts those points as the entrants' points, a win as
first place alone, and the opposition tie-break (OPP) as the final points of everyone else seated
at the entrant's tables (rules/README §4). Absent players sit in the record with 0 points.
"""

from collections.abc import Mapping

from ..scoring import MatchRecord, SideRecord
from .finishing import Finish


def table_record(round_number: int, seats: Mapping[int, int], finish: Finish) -> MatchRecord:
    """``seats``: seat number -> entrant id, every seat of the table's form."""
    points = finish.seat_points()
    played = sum(len(group) for group in finish.places)
    return MatchRecord(
        round=round_number,
        sides=tuple(SideRecord(entrant, (), float(points[seat])) for seat, entrant in sorted(seats.items())),
        forfeited_by_all=played == 0,
        board_scored=False,
        unplayed=played < 2,
        placement=True,
    )
