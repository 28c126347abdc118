"""The one check of text people send: what can be stored, and what a name may hold.

A NUL byte or an unpaired surrogate (``"\\ud800"`` is valid JSON) cannot be stored by PostgreSQL or
encoded as UTF-8, so it must be refused before it reaches the database, with the field named.
Names (of tournaments, teams, players) are one line of plain text: control characters would
break the printed lists and CSV, so they are taken out (tabs and line breaks become spaces); bidi
overrides (U+202A–U+202E, U+2066–U+2069) can make a name display as something else, so a name
holding one is refused, visibly, rather than quietly changed.
"""

import re
import unicodedata

from .errors import RuleViolation, gettext_noop

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
_WHITESPACE_CONTROLS = re.compile("[\t\n\r\v\f\x1c-\x1f\x85]+")


def storable(value: str, *, field: str) -> str:
    """``value`` unchanged, or a RuleViolation if it holds a NUL byte or an unpaired surrogate."""
    if _UNSTORABLE.search(value):
        raise RuleViolation(
            gettext_noop("contains a character that cannot be stored (a NUL byte or an unpaired surrogate)."),
            field=field,
        )
    return value


def plain_name(value, *, field: str, max_length: int) -> str:
    """A name as one line of plain text without control characters, stripped; refused if it holds
    a bidi override, and (not cut) when longer than ``max_length``."""
    name = _WHITESPACE_CONTROLS.sub(" ", storable(str(value or ""), field=field))
    name = "".join(char for char in name if unicodedata.category(char) != "Cc").strip()
    override = _BIDI_CONTROLS.search(name)
    if override is not None:
        raise RuleViolation(
            gettext_noop("contains a text-direction override (U+%(code)04X); write the name as plain text."),
            field=field,
            code=ord(override.group()),
        )
    if len(name) > max_length:
        raise RuleViolation(
            gettext_noop("at most %(max)d characters; this one has %(length)d."),
            field=field,
            max=max_length,
            length=len(name),
        )
    return name
