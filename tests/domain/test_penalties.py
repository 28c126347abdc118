"""The penalty ladders of Blitz §7, §9a and §11, step by step."""

import pytest

from tournaments.domain.penalties import IncidentKind, Penalty, PenaltyRules, propose_penalty


@pytest.mark.parametrize(
    "earlier, penalty",
    [(0, Penalty.WARNING), (1, Penalty.MINUTE_FOR_OPPONENT), (2, Penalty.LOSS_OF_GAME), (3, Penalty.LOSS_OF_GAME)],
)
def test_clock_pressed_with_the_other_hand(earlier, penalty):
    proposal = propose_penalty(IncidentKind.CLOCK_OTHER_HAND, earlier=earlier)
    assert (proposal.penalty, proposal.rule) == (penalty, "Blitz §7")


@pytest.mark.parametrize(
    "earlier, flag_fell, penalty, rule",
    [
        (0, False, Penalty.WARNING, "Blitz §11a"),
        (0, True, Penalty.MINUTE_FOR_OPPONENT, "Blitz §11a"),
        (1, False, Penalty.MINUTE_FOR_OPPONENT, "Blitz §11b"),
        (1, True, Penalty.MINUTE_FOR_OPPONENT, "Blitz §11b"),
        (2, False, Penalty.LOSS_OF_GAME, "Blitz §11c"),
        (3, False, Penalty.ARBITER_CHOICE, "Blitz §11d"),
        (7, False, Penalty.ARBITER_CHOICE, "Blitz §11d"),
    ],
)
def test_touch_move(earlier, flag_fell, penalty, rule):
    proposal = propose_penalty(IncidentKind.TOUCH_MOVE, earlier=earlier, opponent_flag_fell=flag_fell)
    assert (proposal.penalty, proposal.rule) == (penalty, rule)


@pytest.mark.parametrize("earlier", [0, 1, 4])
def test_knocking_the_clock_over_always_gives_the_opponent_a_minute(earlier):
    proposal = propose_penalty(IncidentKind.CLOCK_KNOCKED_OVER, earlier=earlier)
    assert (proposal.penalty, proposal.rule) == (Penalty.MINUTE_FOR_OPPONENT, "Blitz §9a")


@pytest.mark.parametrize(
    "kind, rule",
    [
        (IncidentKind.ILLEGAL_MOVE_CLAIM, "Blitz §4, §14d"),
        (IncidentKind.TIME_FORFEIT_CLAIM, "Blitz §14c"),
        (IncidentKind.OTHER, ""),
    ],
)
def test_kinds_without_a_ladder_leave_the_decision_to_the_arbiter(kind, rule):
    proposal = propose_penalty(kind, earlier=0)
    assert (proposal.penalty, proposal.rule) == (None, rule)


def test_in_tandem_the_arbiter_decides_every_penalty():
    proposal = propose_penalty(
        IncidentKind.CLOCK_OTHER_HAND, earlier=2, rules=PenaltyRules.ARBITER_DISCRETION, rule="Tandem §7.4"
    )
    assert (proposal.penalty, proposal.rule) == (None, "Tandem §7.4")
