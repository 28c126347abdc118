"""Player identifiers as typed into rosters.

A FIDE ID (FIN) is the federation's code followed by the player's number: seven or eight digits
for most players, nine for those registered through FIDE Online Arena. TRF-2026 gives the number
eleven columns (58–68, "including 3 digits reserve"), so eleven digits are a FIDE ID; anything
else (letters, a 14-digit number from the wrong column) is a typing error.
"""

import datetime
import re

from .errors import RuleViolation, gettext_noop
from .moments import moment_in_range
from .numbers import whole_number

FIDE_ID_DIGITS = 11  # TRF-2026 record 001, columns 58–68


def fide_id(value, *, field: str) -> str:
    """``value`` as a FIDE ID ("" if empty), or a RuleViolation naming ``field``."""
    text = str(value or "").strip()
    number = whole_number(text)
    if text and (number is None or number == 0 or len(text) > FIDE_ID_DIGITS):
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a FIDE ID: at most %(digits)d digits (0–9)."),
            field=field,
            value=text[:30],
            digits=FIDE_ID_DIGITS,
        )
    return text


_FEDERATION = re.compile(r"[A-Z]{3}")


def federation_code(value, *, field: str) -> str:
    """A FIDE federation code (``GER``, three letters; "" if empty), or a RuleViolation."""
    text = str(value or "").strip().upper()
    if text and not _FEDERATION.fullmatch(text):
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a federation: three letters, as FIDE writes them (GER)."),
            field=field,
            value=text[:10],
        )
    return text


def birth_date(value, *, field: str) -> datetime.date | None:
    """A date of birth (a date, or ISO ``YYYY-MM-DD``; None if empty), or a RuleViolation."""
    if value in (None, ""):
        return None
    if isinstance(value, datetime.date):
        return moment_in_range(value, field=field)
    try:
        return moment_in_range(datetime.date.fromisoformat(str(value).strip()), field=field)
    except ValueError:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a date of birth (YYYY-MM-DD)."), field=field, value=str(value)[:20]
        ) from None
