"""Tables by score, a "Swiss in fours" (issue 15; rules/README §4, we decided).

Each round the entrants are ordered by the standings and grouped into tables of the variant's
size from the top, avoiding entrants who already shared a table wherever a grouping allows
(``tables.grouping``); then every table is seated so that over the event each entrant holds each
seat, and so moves first, as evenly as possible (``tables.seating``; Schach4 "Der Spielbeginn"
draws the first mover by lot: with a ``lot`` the seats are drawn among those that rotate roles
and partners alike). How many pairs meet
again is reported to the TD.
"""

from math import ceil, log2

from ..errors import RuleViolation, gettext_noop
from ..presets import PairingSystem
from ..tables.byes import bye_count, bye_receivers, byes_had
from ..tables.grouping import Entrant, group_by_score, met_pairs
from ..tables.seating import partner_counts, seat_counts, seat_round
from ..tables.variants import get_variant
from .base import Encounters, PairingStrategy, RoundToPair


class TablesByScore(PairingStrategy):
    pairs_ahead = False  # each round is grouped from the standings after the one before
    groups_tables = True
    reads_history = True
    # seats, not colours (``first_mover``); tables by score pair as they go: no round robin's DE reading
    unused_settings = frozenset({"colour_model", "direct_encounter"})
    all_paired_text = gettext_noop("all %(count)d rounds of tables by score are already paired.")

    def __init__(self, key: PairingSystem = PairingSystem.TABLES_BY_SCORE):
        self.key = key

    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        """The rounds the competition set ("Runden: 3"); where it set none, ⌈log₂ n⌉ + 1 rounds
        (13 entrants: 5), at least one: enough to separate the top (we decided)."""
        if teams < 2:
            return 0
        return rounds or ceil(log2(teams)) + 1

    def requested_byes_refusal(self):
        """Each round is grouped from the standings after the one before (as a Swiss pairs), so an
        entrant may be absent from a round not yet grouped — a bye asked for, or found missing at
        the check-in — and a late entry joins from such a round (issue 28 item 3)."""
        return None

    def pair_round(self, round_: RoundToPair):
        raise RuleViolation(gettext_noop("this system groups tables; it does not pair two teams."), field="pairing")

    def pair_encounters(self, round_: RoundToPair) -> Encounters:
        """Tables for the round, top table first, each in seat order (seat 1 moves first), then
        the table byes of the entrants the tables leave over (``tables.byes``); an entrant
        withdrawn before the round, or away from it (a bye asked for, absent at the check-in, a
        late entry not yet there), sits at no table."""
        away = {seed for number, seed in round_.byes if number == round_.number} | set(round_.absent)
        order = [seed for seed in list(round_.standings) or range(1, round_.teams + 1) if seed not in away]
        variant = get_variant(round_.variant)
        byes = bye_receivers(order, bye_count(len(order), variant), byes_had(round_.played))
        playing = [seed for seed in order if seed not in byes]
        entrants = [Entrant(seed, points=len(playing) - index) for index, seed in enumerate(playing)]
        grouping = group_by_score(entrants, variant, met_pairs(round_.tables))
        partnered = partner_counts(round_.tables, variant)
        seated = seat_round(grouping.tables, seat_counts(round_.tables), variant, partnered, lot=round_.lot)
        tables = tuple(tuple(table) for table in seated) + tuple((seed,) for seed in reversed(byes))
        return Encounters(tables, grouping.repeats, lot=round_.lot)

    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
        """Every entrant sits at a table every round."""
        return list(range(1, self.planned_rounds(teams, rounds) + 1))
