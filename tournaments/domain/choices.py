"""Reading a value that must be one of an enum's (a preset's pairing system, an incident's kind)."""

from enum import Enum

from .errors import RuleViolation, gettext_noop


def choice(value, enum: type[Enum], *, field: str) -> str:
    """``value`` as one of ``enum``'s values, or a RuleViolation on ``field`` listing them."""
    try:
        return enum(value).value
    except ValueError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not one of %(known)s."),
            field=field,
            value=value,
            known=", ".join(member.value for member in enum),
        ) from None
