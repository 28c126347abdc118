"""Tie-break codes in FIDE's syntax (C.07, as TRF-2026 record 202 writes them): ``BH:MP/C1``.

A code is a name, an optional score type after a colon (``MP`` match points, ``GP`` game points)
and optional modifiers after slashes: ``C<n>`` cuts the n lowest values, ``M<n>`` the n lowest and
the n highest (median), ``P`` counts a forfeited encounter as played (C.07 Art. 16.1's reading
for predetermined pairings, asked for in a Swiss). Parsing and printing are exact inverses, so a TRF list round-trips.
"""

import re
from dataclasses import dataclass
from functools import cache

from .errors import RuleViolation, gettext_noop

_CODE = re.compile(r"^(?P<name>[A-Z]+)(?::(?P<points>MP|GP))?(?P<modifiers>(?:/[A-Z][0-9]*)*)$")


@dataclass(frozen=True, slots=True)
class TieBreakCode:
    name: str
    points: str = ""  # "MP", "GP" or "" (the criterion's default)
    modifiers: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name + (f":{self.points}" if self.points else "") + "".join(f"/{m}" for m in self.modifiers)

    def has(self, letter: str) -> bool:
        """Whether a modifier is given (``P``: a forfeited encounter counts as played)."""
        return any(m[0] == letter for m in self.modifiers)

    def count(self, letter: str) -> int:
        """The number after a modifier letter (``C1`` → 1), 0 when the modifier is absent."""
        return sum(int(m[1:] or 0) for m in self.modifiers if m[0] == letter)


def parse_code(text: str) -> TieBreakCode:
    match = _CODE.match(str(text).strip().upper())
    if not match:
        raise RuleViolation(
            gettext_noop(
                "“%(value)s” is not a tie-break code; write NAME, NAME:MP or NAME:GP, then /C1 or /M1 modifiers."
            ),
            field="tiebreaks",
            value=text,
        )
    modifiers = tuple(m for m in match["modifiers"].split("/") if m)
    return TieBreakCode(match["name"], match["points"] or "", modifiers)


@cache
def written_code(text: str) -> str:
    """``text`` as FIDE writes the code (``bh:mp/c1`` → ``BH:MP/C1``); once per code, as
    ``get_tiebreak`` binds each code once: a file's chain is read for every import and check."""
    return str(parse_code(text))
