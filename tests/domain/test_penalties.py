"""The penalty ladders of Blitz §7, §9a and §11, step by step."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.penalties import (
    IncidentKind,
    PastIncident,
    Penalty,
    PenaltyRules,
    earlier_violations,
    parse_event_ladders,
    propose_penalty,
)


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


def _ladder(kind, games, event_ladders):
    """The proposals for one player's violations in ``games`` (a game key per violation), in order."""
    history, proposals = [], []
    for game in games:
        earlier = earlier_violations(kind, game=game, history=history, event_ladders=event_ladders)
        proposal = propose_penalty(kind, earlier=earlier)
        proposals.append((proposal.penalty, proposal.rule))
        history.append(PastIncident(kind, game))
    return proposals


def test_blitz_11d_a_fourth_touch_move_violation_in_a_later_game_is_the_arbiters_decision():
    """Blitz §11a–d: three violations in round 1 lose that game (§11c); "danach, bei weiteren
    Verstößen" (§11d) can only be in a later game, so the ladder counts over the event."""
    games = [("round 1", 2), ("round 1", 2), ("round 1", 2), ("round 2", 2), ("round 5", 4)]
    assert _ladder(IncidentKind.TOUCH_MOVE, games, event_ladders=("touch-move",)) == [
        (Penalty.WARNING, "Blitz §11a"),
        (Penalty.MINUTE_FOR_OPPONENT, "Blitz §11b"),
        (Penalty.LOSS_OF_GAME, "Blitz §11c"),
        (Penalty.ARBITER_CHOICE, "Blitz §11d"),
        (Penalty.ARBITER_CHOICE, "Blitz §11d"),
    ]
    # Counted per game (a preset's choice), round 2 would start with a warning again.
    assert _ladder(IncidentKind.TOUCH_MOVE, games, event_ladders=())[3] == (Penalty.WARNING, "Blitz §11a")


def test_blitz_7_the_clock_hand_ladder_stays_per_game():
    """Blitz §7 ends with the loss of the game ("nach der dritten auf Partieverlust"): a new game starts afresh."""
    games = [("round 1", 1), ("round 1", 1), ("round 2", 1), ("round 2", 1)]
    assert _ladder(IncidentKind.CLOCK_OTHER_HAND, games, event_ladders=("touch-move",)) == [
        (Penalty.WARNING, "Blitz §7"),
        (Penalty.MINUTE_FOR_OPPONENT, "Blitz §7"),
        (Penalty.WARNING, "Blitz §7"),
        (Penalty.MINUTE_FOR_OPPONENT, "Blitz §7"),
    ]


@pytest.mark.parametrize(
    "text, stored",
    [
        ("", ()),
        ("touch-move", ("touch-move",)),
        (" touch-move , clock-other-hand,", ("touch-move", "clock-other-hand")),
    ],
)
def test_the_event_ladders_setting_reads_kinds_with_a_ladder(text, stored):
    assert parse_event_ladders(text) == stored


@pytest.mark.parametrize("text", ["clock-knocked-over", "touch move", "other"])
def test_an_event_ladder_without_a_ladder_is_refused_by_name(text):
    with pytest.raises(RuleViolation) as error:
        parse_event_ladders(text)
    assert error.value.field == "penalty_event_ladders"
    assert "is not a penalty ladder; the ladders are clock-other-hand, touch-move" in error.value.text()


@pytest.mark.parametrize(
    "in_time, penalty, rule",
    [
        (True, Penalty.LOSS_OF_GAME, "Blitz §4b, §14d"),
        (False, Penalty.NONE, "Blitz §14d"),
        (None, None, "Blitz §4, §14d"),
    ],
)
def test_blitz_14d_an_illegal_move_claimed_in_time_loses_the_game(in_time, penalty, rule):
    """Blitz §4b: "Ein unmöglicher Zug ist beendet, wenn der Spieler die Uhr abstellt …, worauf der
    Gegner einen Gewinn reklamieren kann"; §14d: won "aber nur, wenn der Spieler den Gewinn
    reklamiert, bevor er selbst seinen Zug beendet hat". Not said: the arbiter decides."""
    proposal = propose_penalty(IncidentKind.ILLEGAL_MOVE_CLAIM, earlier=0, claimed_in_time=in_time)
    assert (proposal.penalty, proposal.rule) == (penalty, rule)
    tandem = propose_penalty(
        IncidentKind.ILLEGAL_MOVE_CLAIM,
        earlier=0,
        claimed_in_time=in_time,
        rules=PenaltyRules.ARBITER_DISCRETION,
        rule="Tandem §7.4",
    )
    assert (tandem.penalty, tandem.rule) == (None, "Tandem §7.4")
