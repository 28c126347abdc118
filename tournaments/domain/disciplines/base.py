"""What every discipline answers, so the rest of the app asks instead of branching on its name.

``DisciplineRules`` is one object per discipline, made of cohesive parts, each in its own module:

- ``scores.py`` (``Scoring``): what is scored (the ``kind``) and how it counts: standings records,
  missing results, tie-breaks, the play-off, the files it can be written as;
- ``seating.py`` (``Seating``): who sits where, which entrants and colour patterns can play;
- ``entry.py`` (``ResultEntryRules``): what a result entry writes and refuses, the desk grid's
  keys, the endings, an arbiter's loss of the game, flag-fall claims;
- ``presentation.py`` (``Presentation``): the labels, columns and score texts it is shown with,
  and ``entrant_words.py`` (``words``): every text naming its entrants.

The kinds implement them: ``board_scored.py``, ``match_scored.py``, ``table_scored.py``. How each
kind is laid out on pages and paper lives in the layout registry (``tournaments/layouts.py``).
"""

from dataclasses import dataclass
from typing import ClassVar

from ..errors import gettext_noop
from ..penalties import PenaltyRules
from ..presets import DirectEncounter
from .entry import ResultEntryRules
from .presentation import Presentation
from .scores import DisciplineKind, Scoring
from .seating import Seating


@dataclass(frozen=True, slots=True)
class DisciplineRules(Scoring, Seating, ResultEntryRules, Presentation):
    """The rules of one discipline: what each instance sets (its name, legend, penalties, seats
    and claims), and its ``kind``; the kinds differ in what is scored (``board_scored``,
    ``match_scored``, ``table_scored``)."""

    key: str
    name: str  # untranslated
    standings_legend: str  # untranslated; how the standings rank, citing the paragraph where one exists
    penalty_rules: PenaltyRules = PenaltyRules.ARBITER_DISCRETION
    penalty_rule: str = ""  # the paragraph cited when penalties are at the arbiter's discretion
    penalty_event_ladders: str = ""  # the ladders counted over the event, not per game (Blitz §11d)
    seat_label: str = gettext_noop("Board")  # what a game's place at the match is called
    checks_claim_material: bool = True  # a flag-fall claim wins only with mating material (Blitz §14c)
    claim_note: str = ""  # untranslated; why the claim helper does not ask for the material
    direct_encounter: DirectEncounter = DirectEncounter.BLITZ  # how DE reads an unfinished round robin

    players_per_entrant: int = 0  # how many players an entrant fields (the boards setting); 0: any
    variant_key: str = ""  # the table variant (tables.variants) its games are played at; "" at boards

    kind: ClassVar[DisciplineKind]
