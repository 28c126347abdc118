"""A team that withdraws during the event, and which of two regulations the standings apply.

The Frankenwald rules say nothing about withdrawals, so the tournament chooses (a rule preset
value the director may change):

- ``forfeit``: the team's remaining matches are lost by forfeit, ``+-`` on every board for the
  opponents; everything it played stands.
- ``cancel-under-half``: as many regulations prescribe, if the team played **less than half** of
  its matches, all its results are cancelled — its matches count for nobody and the team leaves
  the standings. If it played at least half, its remaining matches are forfeits as above.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .errors import gettext_noop
from .scoring import MatchRecord


class WithdrawalRule(StrEnum):
    """What the standings do with a withdrawn entrant; the desk states it in the discipline's
    words (``EntrantWords.withdrawal_rules``)."""

    FORFEIT = "forfeit"
    CANCEL_UNDER_HALF = "cancel-under-half"


class WithdrawalApplied(StrEnum):
    FORFEITS = "forfeits"
    CANCELLED = "cancelled"

    @property
    def description(self) -> str:
        """What the standings did, untranslated (gettext_noop)."""
        return _APPLIED_DESCRIPTIONS[self]


_APPLIED_DESCRIPTIONS = {
    WithdrawalApplied.FORFEITS: gettext_noop("Rule applied: remaining matches lost by forfeit."),
    WithdrawalApplied.CANCELLED: gettext_noop(
        "Rule applied: all results cancelled (less than half of the matches played)."
    ),
}


@dataclass(frozen=True, slots=True)
class Withdrawal:
    team: int
    from_round: int  # the first round the team does not play
    scheduled: int  # its matches in the whole schedule, byes not counted
    played: int  # of those, the ones in rounds before ``from_round``


@dataclass(frozen=True, slots=True)
class WithdrawalNote:
    """What the standings did with one withdrawn team, to be stated beside them."""

    team: int
    from_round: int
    played: int
    scheduled: int
    applied: WithdrawalApplied
    reason: str  # untranslated (gettext_noop), with %(played)d, %(scheduled)d, %(round)d

    def text(self, translate=lambda message: message) -> str:
        """The reason with its numbers, ``translate`` applied to the template (like RuleViolation)."""
        return translate(self.reason) % {"round": self.from_round, "played": self.played, "scheduled": self.scheduled}


def withdrawal_applied(withdrawal: Withdrawal, rule: WithdrawalRule) -> WithdrawalNote:
    cancel = rule == WithdrawalRule.CANCEL_UNDER_HALF and withdrawal.played * 2 < withdrawal.scheduled
    if cancel:
        reason = gettext_noop(
            "withdrew before round %(round)d after %(played)d of %(scheduled)d matches, less than half: all its "
            "results are cancelled."
        )
    else:
        reason = gettext_noop(
            "withdrew before round %(round)d after %(played)d of %(scheduled)d matches: its remaining matches are "
            "lost by forfeit."
        )
    return WithdrawalNote(
        team=withdrawal.team,
        from_round=withdrawal.from_round,
        played=withdrawal.played,
        scheduled=withdrawal.scheduled,
        applied=WithdrawalApplied.CANCELLED if cancel else WithdrawalApplied.FORFEITS,
        reason=reason,
    )


def apply_withdrawals(
    records: Sequence[MatchRecord], withdrawals: Sequence[Withdrawal], rule: WithdrawalRule
) -> tuple[list[MatchRecord], list[WithdrawalNote]]:
    """The records the standings count, and a note per withdrawn team saying what was applied.

    A cancelled team's matches are dropped for both sides; the caller leaves the team out of the
    ranking. Forfeits need no change here: the remaining matches already hold ``+-``/``-+``.
    """
    notes = [withdrawal_applied(w, rule) for w in withdrawals]
    cancelled = {note.team for note in notes if note.applied == WithdrawalApplied.CANCELLED}
    kept = [r for r in records if cancelled.isdisjoint(r.entrants)]
    return kept, notes
