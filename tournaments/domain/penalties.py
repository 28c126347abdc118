"""Incidents at the board and the penalty the rules prescribe for them (Blitz §7, §9a, §11).

A ladder counts the player's earlier incidents of the same kind, either in the same game or over
the whole event, as the tournament's ``penalty_event_ladders`` say (preset data). Blitz §7 ends in
the loss of the game at the third violation and says nothing after it, so it counts per game;
§11 goes on after the lost game ("Danach, bei weiteren Verstößen … Ausschluss vom Turnier",
§11d), which only a later game can reach, so it counts over the event (*our decision*,
docs/rules.md). Kinds without a ladder (time-forfeit claims, other) get no proposal: the arbiter
decides (a flag-fall claim follows §14c and the claim helper); an illegal-move claim said to be
made in time or too late has a definite outcome (§4b, §14d), unsaid it is the arbiter's.
Which ladder applies is preset data (``PenaltyRules``): in tandem (Tandem §7.4) and under the FIDE
Laws (Art. 12.9) every penalty is at the arbiter's discretion, so nothing is proposed there.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import RuleViolation, gettext_noop


class IncidentKind(StrEnum):
    CLOCK_OTHER_HAND = "clock-other-hand"  # Blitz §7
    CLOCK_KNOCKED_OVER = "clock-knocked-over"  # Blitz §9a
    TOUCH_MOVE = "touch-move"  # Blitz §11
    ILLEGAL_MOVE_CLAIM = "illegal-move-claim"  # Blitz §4, §14d
    TIME_FORFEIT_CLAIM = "time-forfeit-claim"  # Blitz §14c
    OTHER = "other"


class PenaltyRules(StrEnum):
    """Where a preset's penalties come from."""

    BLITZ = "blitz"  # the Blitz rules' ladders (§7, §9a, §11)
    ARBITER_DISCRETION = "arbiter-discretion"  # no ladder: the arbiter sets the penalty


class Penalty(StrEnum):
    NONE = "none"
    WARNING = "warning"
    MINUTE_FOR_OPPONENT = "minute-for-opponent"
    LOSS_OF_GAME = "loss-of-game"
    ARBITER_CHOICE = "arbiter-choice"  # up to exclusion from the tournament (Blitz §11d)
    EXCLUSION = "exclusion"


RULES = {
    IncidentKind.CLOCK_OTHER_HAND: "Blitz §7",
    IncidentKind.CLOCK_KNOCKED_OVER: "Blitz §9a",
    IncidentKind.TOUCH_MOVE: "Blitz §11",
    IncidentKind.ILLEGAL_MOVE_CLAIM: "Blitz §4, §14d",
    IncidentKind.TIME_FORFEIT_CLAIM: "Blitz §14c",
    IncidentKind.OTHER: "",
}


LADDERS = (IncidentKind.CLOCK_OTHER_HAND, IncidentKind.TOUCH_MOVE)  # the kinds whose penalty grows


@dataclass(frozen=True, slots=True)
class PastIncident:
    """An earlier incident of the player: its kind and the game it happened in (any key)."""

    kind: str
    game: object


def earlier_violations(
    kind: str, *, game: object, history: Iterable[PastIncident], event_ladders: Iterable[str]
) -> int:
    """How many of the player's ``history`` count on the ladder of ``kind`` for an incident in ``game``:
    those of the kind in the same game, or in any game where ``kind`` is one of ``event_ladders``."""
    per_event = kind in tuple(event_ladders)
    return sum(1 for past in history if past.kind == kind and (per_event or past.game == game))


def parse_event_ladders(text: str, *, field: str = "penalty_event_ladders") -> tuple[IncidentKind, ...]:
    """The ladders ``text`` (kinds separated by commas) counts over the event, refused by name."""
    kinds = []
    for value in (part.strip() for part in (text or "").split(",")):
        if not value:
            continue
        if value not in LADDERS:
            raise RuleViolation(
                gettext_noop("“%(value)s” is not a penalty ladder; the ladders are %(known)s."),
                field=field,
                value=value,
                known=", ".join(LADDERS),
            )
        if value not in kinds:
            kinds.append(IncidentKind(value))
    return tuple(kinds)


def format_event_ladders(kinds: Iterable[str]) -> str:
    return ", ".join(kinds)


@dataclass(frozen=True, slots=True)
class Proposal:
    penalty: Penalty | None  # None: the rules prescribe nothing, the arbiter decides
    rule: str  # the paragraph, e.g. "Blitz §11b"
    reason: str  # untranslated (gettext_noop)


def propose_penalty(
    kind: IncidentKind,
    *,
    earlier: int,
    opponent_flag_fell: bool = False,
    claimed_in_time: bool | None = None,
    rules: PenaltyRules = PenaltyRules.BLITZ,
    rule: str = "",
) -> Proposal:
    """The prescribed penalty for this incident, ``earlier`` = the player's earlier ones of the kind.

    ``claimed_in_time``: for an illegal-move claim, whether the claimant claimed before completing
    a move of their own (``None``: not said). ``rules`` and ``rule`` (the paragraph cited when the
    arbiter decides) come from the preset.
    """
    if rules == PenaltyRules.ARBITER_DISCRETION:
        return Proposal(None, rule, gettext_noop("Under these rules the arbiter sets an appropriate penalty."))
    if kind == IncidentKind.ILLEGAL_MOVE_CLAIM and claimed_in_time is not None:
        return _illegal_move_claim(claimed_in_time)
    if kind == IncidentKind.CLOCK_OTHER_HAND:
        ladder = (
            (
                Penalty.WARNING,
                "Blitz §7",
                gettext_noop("First time the clock was pressed with the other hand: a warning."),
            ),
            (
                Penalty.MINUTE_FOR_OPPONENT,
                "Blitz §7",
                gettext_noop("Second time: one minute is added to the opponent's clock."),
            ),
            (Penalty.LOSS_OF_GAME, "Blitz §7", gettext_noop("Third time: the game is lost.")),
        )
        return Proposal(*ladder[min(earlier, 2)])
    if kind == IncidentKind.TOUCH_MOVE:
        if earlier == 0 and opponent_flag_fell:
            return Proposal(
                Penalty.MINUTE_FOR_OPPONENT,
                "Blitz §11a",
                gettext_noop(
                    "First touch-move violation, and it made the opponent's flag fall: the opponent gets one more "
                    "minute."
                ),
            )
        ladder = (
            (Penalty.WARNING, "Blitz §11a", gettext_noop("First touch-move violation: a warning.")),
            (
                Penalty.MINUTE_FOR_OPPONENT,
                "Blitz §11b",
                gettext_noop("Second touch-move violation: the opponent gets one more minute."),
            ),
            (Penalty.LOSS_OF_GAME, "Blitz §11c", gettext_noop("Third touch-move violation: the game is lost.")),
            (
                Penalty.ARBITER_CHOICE,
                "Blitz §11d",
                gettext_noop("Further violation: the arbiter decides, up to exclusion from the tournament."),
            ),
        )
        return Proposal(*ladder[min(earlier, 3)])
    if kind == IncidentKind.CLOCK_KNOCKED_OVER:
        return Proposal(
            Penalty.MINUTE_FOR_OPPONENT,
            "Blitz §9a",
            gettext_noop("The clock was knocked over: the opponent gets one more minute."),
        )
    return Proposal(None, RULES[kind], gettext_noop("The rules prescribe no penalty here; the arbiter decides."))


def _illegal_move_claim(in_time: bool) -> Proposal:
    """Blitz §4b, §14d: an impossible move is completed by pressing the clock, and the opponent wins
    by claiming it "bevor er selbst seinen Zug beendet hat"; a claim after that comes too late."""
    if in_time:
        return Proposal(
            Penalty.LOSS_OF_GAME,
            "Blitz §4b, §14d",
            gettext_noop(
                "The impossible move was claimed before the claimant completed a move: the player who made it loses "
                "the game."
            ),
        )
    return Proposal(
        Penalty.NONE,
        "Blitz §14d",
        gettext_noop("The claim came after the claimant had completed a move: too late, the game goes on."),
    )
