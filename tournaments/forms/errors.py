"""Putting a domain ``RuleViolation`` on the form field it names, in the user's language."""

from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation


def add_violation(form, error: RuleViolation, aliases: dict[str, str] | None = None) -> None:
    """Attach the error (each of them, for several) to its field (via ``aliases`` for service names), else to
    the whole form.

    The message keeps the field's name and the rule, so the TD sees where and why; several
    violations found together (``RuleViolations``) each go to their own field.
    """
    for each in error.violations:
        name = (aliases or {}).get(each.field, each.field)
        target = name if name in form.fields else None
        form.add_error(target, each.text(gettext))
