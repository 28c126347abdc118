"""Grouping entrants into tables by score, avoiding repeat table-mates (issue 15)."""

from itertools import combinations

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.tables.grouping import Entrant, group_by_score, met_pairs, table_sizes
from tournaments.domain.tables.variants import get_variant

V1 = get_variant("schach4-v1")
V2 = get_variant("schach4-v2")


def entrants(count, points=None):
    return [Entrant(i, (points or {}).get(i, 0), 2400 - 10 * i) for i in range(1, count + 1)]


def test_table_sizes_when_the_count_does_not_divide():
    assert table_sizes(13, V1) == [4, 3, 3, 3]
    assert table_sizes(12, V1) == [4, 4, 4]
    assert table_sizes(14, V1) == [4, 4, 3, 3]
    assert table_sizes(5, V1) == [3, 2]  # V1 → V5 → V9
    assert table_sizes(0, V1) == []
    assert table_sizes(7, get_variant("schach4-v5")) == [3, 2, 2]


def test_table_sizes_the_variant_cannot_play_are_refused():
    with pytest.raises(RuleViolation) as error:
        table_sizes(13, V2)  # a pair variant has no three-seat form
    assert error.value.field == "entrants" and error.value.rule == "Schach4 V2"
    assert "13 entrants cannot be seated at tables of 4 players" in error.value.text()
    with pytest.raises(RuleViolation):
        table_sizes(1, V1)


def test_first_round_fills_tables_from_the_top_by_points_then_rating():
    grouping = group_by_score(entrants(13), V1)
    assert grouping.tables == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13))
    assert grouping.repeats == 0
    by_points = group_by_score(entrants(8, {8: 3, 5: 2}), V1)
    assert by_points.tables == ((8, 5, 1, 2), (3, 4, 6, 7))


def test_table_mates_do_not_meet_again_where_a_grouping_allows():
    first = group_by_score(entrants(13), V1)
    second = group_by_score(entrants(13), V1, met_pairs([first.tables]))
    assert second.tables == ((1, 5, 8, 11), (2, 6, 9), (3, 7, 12), (4, 10, 13))
    assert second.repeats == 0
    assert not met_pairs([first.tables]) & met_pairs([second.tables])


def test_repeats_that_cannot_be_avoided_are_counted():
    # four players at one table: every round repeats all six pairs
    grouping = group_by_score(entrants(4), V1, met_pairs([[(1, 2, 3, 4)]]))
    assert grouping == type(grouping)(((1, 2, 3, 4),), 6)
    # eight players who met 1–4 / 5–8: the best grouping mixes them, two repeats per table remain
    mixed = group_by_score(entrants(8), V1, met_pairs([[(1, 2, 3, 4), (5, 6, 7, 8)]]))
    assert mixed.repeats == 4
    assert mixed.tables == ((1, 2, 5, 6), (3, 4, 7, 8))


def test_grouping_is_deterministic_and_seats_everyone_once():
    history = []
    for _ in range(4):
        grouping = group_by_score(entrants(13), V1, met_pairs(history))
        assert grouping == group_by_score(entrants(13), V1, met_pairs(history))
        assert sorted(e for table in grouping.tables for e in table) == list(range(1, 14))
        assert [len(table) for table in grouping.tables] == [4, 3, 3, 3]
        history.append(grouping.tables)
    pairs = [frozenset(p) for tables in history for table in tables for p in combinations(table, 2)]
    assert len(pairs) == len(set(pairs))  # four rounds of 13 without a repeat table-mate


@pytest.mark.parametrize("key, size", [("schach4-v1", 4), ("schach4-v5", 3), ("schach4-v9", 2)])
def test_a_round_robin_of_tables_seats_every_two_together_exactly_once(key, size):
    from collections import Counter

    from tournaments.domain.tables.grouping import round_robin_of_tables

    group = list(range(101, 101 + size * size))
    rounds = round_robin_of_tables(group, get_variant(key))
    assert len(rounds) == size + 1
    for tables in rounds:
        assert sorted(e for table in tables for e in table) == group
        assert all(len(table) == size for table in tables)
    together = Counter(frozenset(p) for tables in rounds for table in tables for p in combinations(table, 2))
    assert set(together.values()) == {1} and len(together) == len(group) * (len(group) - 1) // 2


def test_a_round_robin_of_sixteen_in_fours_starts_with_rows_and_columns():
    from tournaments.domain.tables.grouping import round_robin_of_tables

    rounds = round_robin_of_tables(list(range(1, 17)), V1)
    assert rounds[0] == ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))
    assert rounds[1] == ((1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16))
    with pytest.raises(RuleViolation) as error:
        round_robin_of_tables(list(range(1, 14)), V1)
    assert (
        error.value.text()
        == "entrants: a round robin of tables of 4 needs a group of exactly 16 entrants (Schach4 V1)."
    )
