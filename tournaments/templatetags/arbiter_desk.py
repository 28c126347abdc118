"""Template filters for the arbiter's codes: play-off criteria, withdrawals, incidents, penalties."""

from django import template
from django.utils.translation import gettext

from tournaments import arbiter_labels

register = template.Library()


@register.filter
def playoff_criterion(code: str | None) -> str:
    """``BW`` → "Berliner Wertung over the play-off" (Blitz §16)."""
    return arbiter_labels.playoff_criterion_label(code)


@register.filter
def withdrawal_text(note) -> str:
    """A ``WithdrawalNote`` as a sentence: which rule the standings applied, with its numbers."""
    return note.text(gettext)


@register.filter
def audit_action(entry, words) -> str:
    """``line.entry|audit_action:tournament.discipline_rules.words``: what was done, named as the
    discipline names its entrants ("Player withdrawn"), else the stored action's label."""
    action = words.audit_actions.get(entry.action)
    return gettext(action) if action else entry.get_action_display()


@register.filter
def incident_kind(code: str, rules: str) -> str:
    """``incident.kind|incident_kind:penalty_rules``: with the Blitz paragraph only under Blitz rules."""
    return arbiter_labels.kind_label(code, rules)


@register.filter
def penalty(code: str) -> str:
    return arbiter_labels.penalty_label(code)
