"""Reading whole numbers typed by people.

``str.isdigit()`` accepts "²" or "①", which ``int()`` then refuses (a 500 instead of a clear
error); only ASCII digits count as a number here.
"""

import re

_DIGITS = re.compile(r"[0-9]+")


def whole_number(text: str) -> int | None:
    """``text`` as a non-negative whole number, or None if it is not ASCII digits only."""
    return int(text) if isinstance(text, str) and _DIGITS.fullmatch(text) else None
