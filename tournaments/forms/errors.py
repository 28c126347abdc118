"""Putting a domain ``RuleViolation`` on the form field it names, in the user's language."""

from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation


def add_violation(form, error: RuleViolation, aliases: dict[str, str] | None = None) -> None:
    """Attach the error (each of them, for several) to its field (via ``aliases`` for service names), else to
    the whole form.

    At its field the message is the rule alone (the field's label stands beside it: "from_round:"
    under "From round" was noise, issue 28 item 10); for the whole form it names the field in the
    user's words. Several violations found together (``RuleViolations``) each go to their own field.
    """
    for each in error.violations:
        name = (aliases or {}).get(each.field, each.field)
        target = name if name in form.fields else None
        form.add_error(target, each.body(gettext) if target else each.text(gettext))
