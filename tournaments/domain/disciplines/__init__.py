"""Disciplines as objects: look one up by the tournament's stored ``discipline`` value.

``get_discipline("tandem").score_text(…)`` — the rest of the app asks the object and never
compares discipline names nor branches on what it scores. Each has one ``kind`` (boards, a match
with one result, a team table, a table: ``DisciplineKind``), which keys the layout registry
(``tournaments/layouts.py``: partials, templates, PDFs); the texts it is shown with are described
in ``presentation.py``. Four-player chess (a table of seats) is ``table_scored.py``.
"""

from ..encounter import ResultEntry
from ..errors import RuleViolation, gettext_noop
from .base import DisciplineRules
from .board_scored import TEAM, TEAM_BLITZ, BoardScored
from .entry import RESULT_KEYS, Ending
from .match_scored import TANDEM, MatchScored
from .presentation import StandingsColumn
from .scores import DisciplineKind, ImpliedResults
from .table_scored import FOUR_PLAYER_DISCIPLINES, TableScored, ViererMatch

DISCIPLINES: dict[str, DisciplineRules] = {d.key: d for d in (TEAM_BLITZ, TEAM, TANDEM)} | FOUR_PLAYER_DISCIPLINES

__all__ = [
    "DISCIPLINES",
    "RESULT_KEYS",
    "BoardScored",
    "DisciplineRules",
    "ImpliedResults",
    "DisciplineKind",
    "MatchScored",
    "ResultEntry",
    "StandingsColumn",
    "TableScored",
    "ViererMatch",
    "Ending",
    "ending_label",
    "get_discipline",
]


def get_discipline(key: str) -> DisciplineRules:
    """The discipline stored as ``key``; an unknown one is an error, never a silent default."""
    try:
        return DISCIPLINES[key]
    except KeyError:
        raise RuleViolation(
            gettext_noop("unknown discipline “%(value)s”; known disciplines: %(known)s"),
            field="discipline",
            value=key,
            known=", ".join(sorted(DISCIPLINES)),
        ) from None


def ending_label(value: str) -> str:
    """The untranslated label of a stored way a match ended, in any discipline; "" when unknown."""
    return next((ending.label for d in DISCIPLINES.values() for ending in d.endings if ending.value == value), "")
