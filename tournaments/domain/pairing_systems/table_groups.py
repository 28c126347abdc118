"""Fixed groups played as a round robin of tables (issue 15: "fixed groups played as a round
robin of tables (Latin-square rotation)").

The entrants, by starting rank, form fixed groups of size² (16 players at tables of four: seeds
1–16, 17–32 …; we decided). Each group plays size + 1 rounds laid out by a complete set of
orthogonal Latin squares (``tables.grouping.round_robin_of_tables``), so every two members of a
group share a table exactly once. The schedule is fixed, so the whole event can be paired at the
start. Seats rotate round by round so everyone holds each seat, and so moves first, as evenly as
size + 1 rounds at size seats allow (``tables.seating``; Schach4 "Der Spielbeginn" draws the first
mover, we rotate).
"""

from dataclasses import dataclass

from ..errors import RuleViolation, gettext_noop
from ..presets import PairingSystem
from ..tables.grouping import round_robin_of_tables
from ..tables.seating import partner_counts, seat_counts, seat_round
from ..tables.variants import get_variant
from .base import Encounters, PairingStrategy, RoundToPair

RULE = "Schach4"


@dataclass(frozen=True)
class TableGroups(PairingStrategy):
    """A round robin of tables in fixed groups; ``variant`` is the table the tournament plays."""

    variant: str = ""
    key = PairingSystem.TABLE_GROUPS
    pairs_ahead = True  # the whole schedule follows from the groups
    groups_tables = True
    # the groups fix the schedule: its own number of rounds, no colours, no late entries
    unused_settings = frozenset(
        {"rounds", "colour_model", "late_entry_rounds", "late_entry_seeding", "table_bye_points"}
    )  # fixed groups of size²: never a table bye
    all_paired_text = gettext_noop("all %(count)d rounds of the fixed groups are already paired.")

    def bound(self, variant: str) -> "TableGroups":
        return TableGroups(variant)

    @property
    def size(self) -> int:
        """Seats at a table; before a variant is known, four (Schach4 V1)."""
        return get_variant(self.variant).size if self.variant else 4

    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        """size + 1 rounds: a group of size² meets at tables of size in that many (16 in fours: 5)."""
        return self.size + 1 if teams >= 2 else 0

    def pair_round(self, round_: RoundToPair):
        raise RuleViolation(gettext_noop("this system groups tables; it does not pair two teams."), field="pairing")

    def pair_encounters(self, round_: RoundToPair) -> Encounters:
        """Round ``number``'s tables, group by group, each seated from the rounds before it."""
        schedule = self._schedule(round_.teams)
        return Encounters(schedule[round_.number - 1], repeats=0)  # every two of a group meet once

    def _schedule(self, teams: int) -> list[tuple[tuple[int, ...], ...]]:
        variant = get_variant(self.variant or "schach4-v1")
        group = variant.size * variant.size
        if teams % group:
            raise RuleViolation(
                gettext_noop(
                    "fixed groups at tables of %(size)d need a multiple of %(group)d entrants; there are %(teams)d."
                ),
                field="teams",
                rule=RULE,
                size=variant.size,
                group=group,
                teams=teams,
            )
        groups = [range(start, start + group) for start in range(1, teams + 1, group)]
        plans = [round_robin_of_tables(list(members), variant) for members in groups]
        seated: list[tuple[tuple[int, ...], ...]] = []
        for number in range(len(plans[0])):
            tables = [table for plan in plans for table in plan[number]]
            seated.append(tuple(seat_round(tables, seat_counts(seated), variant, partner_counts(seated, variant))))
        return seated

    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
        """Every entrant sits at a table every round."""
        return list(range(1, self.planned_rounds(teams) + 1))
