"""Player identifiers as typed into rosters.

A FIDE ID (FIN) is the federation's code followed by the player's number: seven or eight digits
for most players, nine for those registered through FIDE Online Arena. TRF-2026 gives the number
eleven columns (58–68, "including 3 digits reserve"), so eleven digits are a FIDE ID; anything
else (letters, a 14-digit number from the wrong column) is a typing error.
"""

from .errors import RuleViolation, gettext_noop
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
