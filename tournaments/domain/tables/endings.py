"""How the one game of a team table ends, as each rulebook has it: the endings a result may name.

Viererschach: a team wins by taking both enemy kings, captured or mated (Vierer §2, §12); a
stalemated player or too little material to capture both kings draws (§13). Schach4 never
captures a king: "Der König darf nicht geschlagen - er muss schachmatt gesetzt werden" (Schach4
"Schach und Schachmatt"); a mated player is out, the side whose pieces remain last wins, and the
game is drawn when the player to move cannot move without exposing his king, or when no player
can mate any more (Schach4 "Ende des Spiels"). A team form of a Schach4 variant is checked with
Schach4's endings and citations, never Viererschach's.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import gettext_noop


class Ending(StrEnum):
    """Viererschach."""

    KINGS = "kings"  # Vierer §2, §12: both kings of a team captured or mated
    STALEMATE = "stalemate"  # Vierer §13
    MATERIAL = "material"  # Vierer §13: neither team can capture both enemy kings
    TIME = "time"
    ARBITER = "arbiter"


class Schach4Ending(StrEnum):
    CHECKMATE = "checkmate"  # Schach4 "Schach und Schachmatt": the other side's players all mated
    STALEMATE = "stalemate"  # Schach4 "Ende des Spiels": the player to move cannot move
    DEAD_POSITION = "dead-position"  # Schach4 "Ende des Spiels": no player can mate any more
    TIME = "time"
    ARBITER = "arbiter"


@dataclass(frozen=True, slots=True)
class TableEndings:
    """The endings of one rulebook: which draw the game and which decides it, with the rules cited."""

    ways: type[StrEnum]
    labels: Mapping[str, str]  # untranslated
    keys: Mapping[str, str]  # the desk grid's key per ending
    draws: frozenset[str]
    draw_rule: str
    decides: str  # the ending that leaves a winner: never a draw
    decides_rule: str
    decides_text: str  # untranslated: why a game ended so is no draw
    # spellings written before these endings were the rulebook's own, read as the ending they mean
    aliases: Mapping[str, str] = field(default_factory=dict)

    def way(self, value: str) -> StrEnum | None:
        """The ending ``value`` names (an old spelling included); ``None`` for one it does not."""
        try:
            return self.ways(self.aliases.get(value, value))
        except ValueError:
            return None


VIERER_ENDINGS = TableEndings(
    ways=Ending,
    labels={
        Ending.KINGS: gettext_noop("both kings captured or mated"),
        Ending.STALEMATE: gettext_noop("stalemate"),
        Ending.MATERIAL: gettext_noop("insufficient material"),
        Ending.TIME: gettext_noop("time forfeit"),
        Ending.ARBITER: gettext_noop("arbiter decision"),
    },
    keys={Ending.KINGS: "k", Ending.STALEMATE: "s", Ending.MATERIAL: "i", Ending.TIME: "t", Ending.ARBITER: "a"},
    draws=frozenset({Ending.STALEMATE, Ending.MATERIAL}),
    draw_rule="Vierer §13",
    decides=Ending.KINGS,
    decides_rule="Vierer §2",
    decides_text=gettext_noop("the team that has taken both enemy kings wins; the result cannot be ½-½."),
)

SCHACH4_ENDINGS = TableEndings(
    ways=Schach4Ending,
    labels={
        Schach4Ending.CHECKMATE: gettext_noop("checkmate"),
        Schach4Ending.STALEMATE: gettext_noop("stalemate"),
        Schach4Ending.DEAD_POSITION: gettext_noop("no player can mate any more"),
        Schach4Ending.TIME: gettext_noop("time forfeit"),
        Schach4Ending.ARBITER: gettext_noop("arbiter decision"),
    },
    keys={
        Schach4Ending.CHECKMATE: "m",
        Schach4Ending.STALEMATE: "s",
        Schach4Ending.DEAD_POSITION: "i",
        Schach4Ending.TIME: "t",
        Schach4Ending.ARBITER: "a",
    },
    draws=frozenset({Schach4Ending.STALEMATE, Schach4Ending.DEAD_POSITION}),
    draw_rule="Schach4 Ende des Spiels",
    decides=Schach4Ending.CHECKMATE,
    decides_rule="Schach4 Ende des Spiels",
    decides_text=gettext_noop(
        "a mated player is out and the side whose pieces remain last wins; a game ended by checkmate cannot be ½-½."
    ),
    # Schach4 team matches borrowed Viererschach's endings before: "kings" was their checkmate
    aliases={"kings": Schach4Ending.CHECKMATE, "material": Schach4Ending.DEAD_POSITION},
)
