"""Berger tables as published in the FIDE Handbook (C.05, Annex 1)."""

from itertools import combinations

import pytest

from tournaments.domain.berger import berger_rounds, double_berger_rounds
from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import (
    round_robin_round,
    round_robin_round_count,
    round_robin_schedule,
    rounds_with_opponent,
)

FIDE_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]
FIDE_10_FIRST_ROUNDS = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
    [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
]
FIDE_10_LAST_ROUND = [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]
FIDE_12_ROUND_11 = [(6, 12), (7, 5), (8, 4), (9, 3), (10, 2), (11, 1)]


@pytest.mark.parametrize("teams, table", [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8)])
def test_full_tables_match_fide(teams, table):
    assert berger_rounds(teams) == table


def test_ten_and_twelve_teams_match_fide():
    assert berger_rounds(10)[:4] == FIDE_10_FIRST_ROUNDS
    assert berger_rounds(10)[-1] == FIDE_10_LAST_ROUND
    assert berger_rounds(12)[10] == FIDE_12_ROUND_11


def test_odd_number_uses_the_table_of_the_next_even_number_with_byes():
    # 5 teams: the 6-team table, the team drawn against number 6 has a bye
    assert berger_rounds(5) == [
        [(1, None), (2, 5), (3, 4)],
        [(4, None), (5, 3), (1, 2)],
        [(2, None), (3, 1), (4, 5)],
        [(5, None), (1, 4), (2, 3)],
        [(3, None), (4, 2), (5, 1)],
    ]
    assert berger_rounds(3) == [[(1, None), (2, 3)], [(3, None), (1, 2)], [(2, None), (3, 1)]]


@pytest.mark.parametrize("teams", range(3, 17))
def test_every_pair_meets_once_and_every_team_plays_each_round(teams):
    rounds = berger_rounds(teams)
    assert len(rounds) == teams - 1 + teams % 2
    met = []
    for pairs in rounds:
        seen = [t for pair in pairs for t in pair if t is not None]
        assert sorted(seen) == list(range(1, teams + 1))
        met += [frozenset(p) for p in pairs if p[1] is not None]
    assert sorted(map(sorted, met)) == sorted(map(sorted, combinations(range(1, teams + 1), 2)))


@pytest.mark.parametrize("teams", range(4, 17, 2))
def test_the_last_number_alternates_on_table_one(teams):
    for number, pairs in enumerate(berger_rounds(teams), start=1):
        assert pairs[0][1 if number % 2 else 0] == teams


@pytest.mark.parametrize("teams", range(3, 17))
def test_first_named_at_most_once_more_than_second_named(teams):
    firsts = {t: 0 for t in range(1, teams + 1)}
    for pairs in berger_rounds(teams):
        for a, b in pairs:
            if b is not None:
                firsts[a] += 1
    games = teams - 1
    assert all(abs(2 * count - games) <= 1 for count in firsts.values())


def test_double_round_robin_swaps_last_two_rounds_and_mirrors_the_first_cycle():
    assert double_berger_rounds(4) == [
        [(1, 4), (2, 3)],
        [(2, 4), (3, 1)],
        [(4, 3), (1, 2)],
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


@pytest.mark.parametrize("teams", range(3, 17))
def test_double_round_robin_never_first_named_three_times_running(teams):
    rounds = double_berger_rounds(teams)
    history = {t: [] for t in range(1, teams + 1)}
    for pairs in rounds:
        for a, b in pairs:
            if b is not None:
                history[a].append("F")
                history[b].append("S")
    for marks in history.values():
        line = "".join(marks)
        assert "FFF" not in line and "SSS" not in line
    met = sorted(sorted(p) for pairs in rounds for p in pairs if p[1] is not None)
    assert met == sorted(sorted(p) for p in combinations(range(1, teams + 1), 2) for _ in range(2))


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 9, 10, 16, 31])
def test_single_rounds_and_counts_agree_with_the_whole_schedule(teams):
    for pairing in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        schedule = round_robin_schedule(teams, pairing)
        assert round_robin_round_count(teams, pairing) == len(schedule)
        assert [round_robin_round(teams, pairing, n) for n in range(1, len(schedule) + 1)] == schedule


@pytest.mark.parametrize("teams", [2, 3, 5, 8, 9, 31])
def test_rounds_with_an_opponent_leave_out_exactly_the_byes_of_the_schedule(teams):
    for pairing in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        schedule = round_robin_schedule(teams, pairing)
        for seed in range(1, teams + 1):
            expected = [
                n for n, pairs in enumerate(schedule, start=1) if any(p[0] == seed and p[1] is None for p in pairs)
            ]
            played = rounds_with_opponent(teams, pairing, seed)
            assert sorted(set(range(1, len(schedule) + 1)) - set(played)) == expected
    if teams == 5:  # FIDE table for 6 numbers, dummy 6: team 1 sits out round 1 (1–6 on table 1)
        assert rounds_with_opponent(5, PairingSystem.ROUND_ROBIN, 1) == [2, 3, 4, 5]
