"""How a discipline is shown: what its pages, desk and PDFs print differently from another's.

Every kind of discipline answers the same questions, so no template, view or document asks
which discipline it serves (issue 14):

- ``kind`` keys the layout registry (``tournaments/layouts.py``): its HTML partials
  (``templates/disciplines/<partials>/``, the same file names for every kind, included with
  ``{% include discipline|partial:"match" %}``), its templates and its PDF result layout.
- ``standings_columns``: the totals the standings show after the match points (board points
  where boards are scored, Blitz §16; none where a match has one result, Tandem §1.3).
- ``score_text`` / ``short_score_text``: a finished match's score as printed ("2½ : 1½" or "1-0").
- ``crosstable_note``: what a crosstable cell shows.

A new kind adds its layout (with its folder of partials) and these answers; the shared templates
and documents stay as they are.
"""

from dataclasses import dataclass
from typing import ClassVar

from ..errors import gettext_noop
from .entrant_words import TEAMS, EntrantWords


@dataclass(frozen=True, slots=True)
class StandingsColumn:
    """A total the standings show after the match points: its code, name and legend, and the
    attribute of a standings (or crosstable) row that holds it."""

    code: str  # untranslated ("BP"), translated where shown
    name: str  # untranslated
    description: str  # untranslated; the legend's explanation
    field: str

    def value(self, row) -> float:
        return getattr(row, self.field)


BOARD_POINTS = StandingsColumn(
    code=gettext_noop("BP"),
    name=gettext_noop("Board points"),
    description=gettext_noop("1 for a won game, ½ for a draw, 1 for a forfeit win."),
    field="bp",
)


class Presentation:
    """How a discipline is shown (see the module); the words naming its entrants are ``words``
    (``entrant_words.py``)."""

    __slots__ = ()
    entrant_label: ClassVar[str] = gettext_noop("Team")  # what an entrant is called in standings and crosstables
    encounters_label: ClassVar[str] = gettext_noop("Matches")  # … its encounters (a column heading)
    played_label: ClassVar[str] = gettext_noop("Matches played")
    words: ClassVar[EntrantWords] = TEAMS  # every other text naming the entrants (pages, forms, messages)
    standings_columns: ClassVar[tuple[StandingsColumn, ...]] = ()
    crosstable_note: ClassVar[str] = ""  # untranslated; what a crosstable cell shows
    # untranslated; the standings' score (the MP column) in their legend, formatted with the
    # tournament's ``win`` and ``draw`` match points and its ``place_points``
    score_name: ClassVar[str] = gettext_noop("Match points")
    score_code: ClassVar[str] = gettext_noop("MP")  # untranslated; the score column's heading
    score_description: ClassVar[str] = gettext_noop("%(win)s for a won match, %(draw)s for a drawn one.")
    # the rule-set settings this discipline never reads: the desk's settings form leaves them out
    unused_settings: ClassVar[frozenset[str]] = frozenset({"place_points", "table_bye_points"})

    def score_text(self, first: float, second: float, result: str, *, separator: str = " : ") -> str:
        """A finished match's score as shown, from the first side's view: "2½ : 1½" or "1-0"."""
        raise NotImplementedError

    def short_score_text(self, own: float, result: str) -> str:
        """The score in a narrow crosstable cell: the own points "2½", or the result "1-0"."""
        raise NotImplementedError
