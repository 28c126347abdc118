"""The one check of text people send: what can be stored, and what a name may hold.

A NUL byte or an unpaired surrogate (``"\\ud800"`` is valid JSON) cannot be stored by PostgreSQL or
encoded as UTF-8, so it must be refused before it reaches the database, with the field named.
Names (of tournaments, teams, players, users) are one line of plain text: control characters
would break the printed lists and CSV, and bidi overrides (U+202A–U+202E, U+2066–U+2069) can
make a name display as something else, so both are refused rather than silently dropped.
"""

import re
import unicodedata

from .errors import RuleViolation, gettext_noop

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def storable(value: str, *, field: str) -> str:
    """``value`` unchanged, or a RuleViolation if it holds a NUL byte or an unpaired surrogate."""
    if _UNSTORABLE.search(value):
        raise RuleViolation(
            gettext_noop("contains a character that cannot be stored (a NUL byte or an unpaired surrogate)."), field=field
        )
    return value


def plain_name(value, *, field: str, max_length: int) -> str:
    """A name as one line of plain text, stripped; refused (not cut) when longer than ``max_length``."""
    name = storable(str(value or ""), field=field).strip()
    odd = next((char for char in name if unicodedata.category(char) == "Cc" or _BIDI_CONTROLS.match(char)), None)
    if odd is not None:
        raise RuleViolation(
            gettext_noop("contains a control character or a text-direction override (U+%(code)04X); write the name as plain text."),
            field=field,
            code=ord(odd),
        )
    if len(name) > max_length:
        raise RuleViolation(
            gettext_noop("at most %(max)d characters; this one has %(length)d."), field=field, max=max_length, length=len(name)
        )
    return name
