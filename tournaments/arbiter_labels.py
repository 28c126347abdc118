"""The words the desk, public pages and PDFs use for the arbiter's codes, each with its rule.

The domain keeps short codes (``touch-move``, ``loss-of-game``, ``BW``); people read these
labels, translated, with the paragraph of the rulebook beside them where the tournament's rules
have one (an incident kind cites the Blitz rules only in a Blitz tournament).
"""

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.disciplines import ending_label
from tournaments.domain.penalties import RULES, IncidentKind, Penalty, PenaltyRules

KIND_LABELS = {
    IncidentKind.CLOCK_OTHER_HAND.value: _("Clock pressed with the other hand"),
    IncidentKind.CLOCK_KNOCKED_OVER.value: _("Clock knocked over"),
    IncidentKind.TOUCH_MOVE.value: _("Touch-move violation"),
    IncidentKind.ILLEGAL_MOVE_CLAIM.value: _("Illegal move claimed"),
    IncidentKind.TIME_FORFEIT_CLAIM.value: _("Flag fall claimed"),
    IncidentKind.OTHER.value: _("Other"),
}

PENALTY_LABELS = {
    Penalty.NONE.value: _("No penalty"),
    Penalty.WARNING.value: _("Warning"),
    Penalty.MINUTE_FOR_OPPONENT.value: _("One minute for the opponent"),
    Penalty.LOSS_OF_GAME.value: _("Loss of the game"),
    Penalty.ARBITER_CHOICE.value: _("Arbiter's choice, up to exclusion (Blitz §11d)"),
    Penalty.EXCLUSION.value: _("Exclusion from the tournament"),
}

# Blitz §16: the criterion that put a play-off team above the next one.
PLAYOFF_CRITERION_LABELS = {
    "MP": _("play-off match points"),
    "BW": _("Berliner Wertung over the play-off"),
    "FWB": _("first won board over the play-off"),
    "LOTS": _("drawn by lot"),
}


def kind_label(value: str, rules: str) -> str:
    """The incident kind in words; under the Blitz rules (``rules`` = ``PenaltyRules.BLITZ``) with
    its paragraph, "Touch-move violation (Blitz §11)", which other rules do not number alike."""
    label = str(KIND_LABELS.get(value, value))
    return with_blitz_rule(label, RULES.get(value, ""), rules)


def with_blitz_rule(label: str, rule: str, rules: str) -> str:
    """``label (rule)`` in a Blitz tournament; elsewhere the plain label."""
    return f"{label} ({rule})" if rule and rules == PenaltyRules.BLITZ else label


def kind_choices(rules: str) -> list[tuple[str, str]]:
    return [(value, kind_label(value, rules)) for value in KIND_LABELS]


def penalty_label(value: str) -> str:
    return str(PENALTY_LABELS.get(value, value)) if value else ""


def playoff_criterion_label(value: str | None) -> str:
    return str(PLAYOFF_CRITERION_LABELS.get(value, value)) if value else ""


def decision_text(*, deciding_board: int | None, decided_by: str) -> str:
    """ "board 2, checkmate" for a match decided on a board (Tandem §1.3); the way alone for a drawn one."""
    parts = []
    if deciding_board:
        parts.append(gettext("board %(board)d") % {"board": deciding_board})
    if decided_by:
        parts.append(gettext(ending_label(decided_by) or decided_by))
    return ", ".join(parts)
