"""A withdrawn team: forfeits, or all results cancelled when it played less than half."""

from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import match_from_results
from tournaments.domain.withdrawal import Withdrawal, WithdrawalApplied, WithdrawalRule, apply_withdrawals

A, B, C, D = 1, 2, 3, 4


def m(round_number, first, second, results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results.split()])


RECORDS = [
    m(1, A, D, "1-0 1-0 1-0 1-0"),
    m(1, B, C, "½-½ ½-½ ½-½ ½-½"),
    m(2, D, C, "-+ -+ -+ -+"),  # D withdrew before round 2
    m(2, A, B, "1-0 0-1 1-0 0-1"),
]


def test_forfeit_rule_keeps_every_result():
    kept, notes = apply_withdrawals(RECORDS, [Withdrawal(D, 2, scheduled=3, played=1)], WithdrawalRule.FORFEIT)
    assert kept == RECORDS
    assert [(n.team, n.applied, n.played, n.scheduled) for n in notes] == [(D, WithdrawalApplied.FORFEITS, 1, 3)]


def test_cancel_rule_drops_every_match_of_a_team_that_played_less_than_half():
    kept, notes = apply_withdrawals(
        RECORDS, [Withdrawal(D, 2, scheduled=3, played=1)], WithdrawalRule.CANCEL_UNDER_HALF
    )
    assert kept == [RECORDS[1], RECORDS[3]]
    assert notes[0].applied == WithdrawalApplied.CANCELLED
    assert (
        notes[0].text()
        == "withdrew before round 2 after 1 of 3 matches, less than half: all its results are cancelled."
    )


def test_cancel_rule_keeps_the_results_of_a_team_that_played_exactly_half():
    kept, notes = apply_withdrawals(
        RECORDS, [Withdrawal(D, 3, scheduled=4, played=2)], WithdrawalRule.CANCEL_UNDER_HALF
    )
    assert kept == RECORDS
    assert notes[0].applied == WithdrawalApplied.FORFEITS
