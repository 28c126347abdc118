"""Fixed groups played as a round robin of tables (issue 15; Latin squares in ``tables.grouping``)."""

from collections import Counter
from itertools import combinations

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import RoundToPair, pairing_system


def schedule(variant: str, teams: int) -> list[tuple[tuple[int, ...], ...]]:
    system = pairing_system("table-groups", variant)
    return [
        system.pair_encounters(RoundToPair(number=n, teams=teams)).encounters
        for n in range(1, system.planned_rounds(teams) + 1)
    ]


def test_two_groups_of_sixteen_meet_every_group_member_once_in_five_rounds():
    """Tables of four: a group of 4² = 16 needs 4 + 1 = 5 rounds; each member meets 15 others,
    3 per round × 5 rounds = 15, so every pair of the group exactly once and nobody outside it."""
    system = pairing_system("table-groups", "schach4-v1")
    assert system.groups_tables and system.pairs_ahead and system.planned_rounds(32) == 5
    rounds = schedule("schach4-v1", 32)
    assert rounds[0][:2] == ((1, 2, 3, 4), (5, 6, 7, 8))  # round 1: the group's rows, by seed
    assert all(sorted(len(table) for table in tables) == [4] * 8 for tables in rounds)
    met = Counter(frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2))
    group_pairs = {frozenset(pair) for start in (1, 17) for pair in combinations(range(start, start + 16), 2)}
    assert set(met) == group_pairs and set(met.values()) == {1}  # 2 × C(16, 2) = 240 pairs, once each


def test_seats_rotate_everyone_through_every_seat():
    """5 rounds at 4 seats: everyone holds each of the 4 seats at least once and none a third
    time, so nobody moves first more than twice (32 entrants × 5 rounds = 160 sittings)."""
    rounds = schedule("schach4-v1", 32)
    held = Counter(
        (entrant, seat) for tables in rounds for table in tables for seat, entrant in enumerate(table, start=1)
    )
    assert sum(held.values()) == 160
    assert all(len({seat for (who, seat) in held if who == entrant}) == 4 for entrant in range(1, 33))
    assert max(held.values()) == 2
    first = Counter(table[0] for tables in rounds for table in tables)
    assert sum(first.values()) == 40 and max(first.values()) == 2


def test_tables_of_three_and_two():
    """V5 (three seats): 9 entrants, 4 rounds, C(9, 2) = 36 pairs = 4 rounds × 3 tables × 3 pairs.
    V9 (two seats): 4 entrants, 3 rounds: an ordinary round robin, each pair once."""
    for variant, teams, planned in (("schach4-v5", 9, 4), ("schach4-v9", 4, 3)):
        rounds = schedule(variant, teams)
        assert len(rounds) == planned
        met = Counter(frozenset(pair) for tables in rounds for table in tables for pair in combinations(table, 2))
        assert len(met) == teams * (teams - 1) // 2 and set(met.values()) == {1}


def test_an_entry_that_is_not_whole_groups_is_refused_naming_the_rule():
    system = pairing_system("table-groups", "schach4-v1")
    with pytest.raises(RuleViolation) as error:
        system.pair_encounters(RoundToPair(number=1, teams=13))
    assert error.value.field == "teams" and error.value.rule == "Schach4"
    assert (
        error.value.text()
        == "teams: fixed groups at tables of 4 need a multiple of 16 entrants; there are 13 (Schach4)."
    )


def test_all_paired_is_worded_by_each_system():
    assert (
        pairing_system("table-groups").all_paired_refusal(5).text()
        == "round: all 5 rounds of the fixed groups are already paired."
    )
    assert (
        pairing_system("tables-by-score").all_paired_refusal(5).text()
        == "round: all 5 rounds of tables by score are already paired."
    )
    assert (
        pairing_system("round-robin").all_paired_refusal(3).text()
        == "round: all 3 rounds of the round robin are already paired."
    )
