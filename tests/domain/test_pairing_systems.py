"""Pairing systems as strategies: rounds planned, one round paired, when the event is final."""

import pytest

from tournaments.domain.berger import berger_rounds, double_berger_rounds
from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import RoundToPair, pairing_system


@pytest.mark.parametrize("teams, single, double", [(2, 1, 2), (3, 3, 6), (4, 3, 6), (5, 5, 10), (8, 7, 14)])
def test_round_robins_plan_n_minus_one_rounds_per_cycle(teams, single, double):
    assert pairing_system("round-robin").planned_rounds(teams) == single
    assert pairing_system("double-round-robin").planned_rounds(teams) == double


def test_a_round_is_paired_from_the_berger_table():
    system = pairing_system("round-robin")
    assert [system.pair_round(RoundToPair(number=n, teams=6)) for n in range(1, 6)] == berger_rounds(6)
    double = pairing_system("double-round-robin")
    assert [double.pair_round(RoundToPair(number=n, teams=5)) for n in range(1, 11)] == double_berger_rounds(5)


def test_round_robins_pair_ahead_so_the_whole_schedule_can_be_printed():
    assert pairing_system("round-robin").pairs_ahead is True


def test_final_once_every_planned_round_is_complete():
    system = pairing_system("round-robin")
    assert system.is_final(3, {1: True, 2: True, 3: True}) is True
    assert system.is_final(3, {1: True, 2: True, 3: False}) is False
    assert system.is_final(3, {1: True, 2: True}) is False
    assert system.is_final(0, {}) is False


def test_byes_are_not_rounds_with_an_opponent():
    assert pairing_system("round-robin").rounds_with_opponent(5, 1) == [2, 3, 4, 5]
    assert pairing_system("round-robin").rounds_with_opponent(4, 1) == [1, 2, 3]


def test_an_unknown_system_is_refused_naming_the_field():
    with pytest.raises(RuleViolation) as error:
        pairing_system("swiss")
    assert error.value.field == "pairing"
