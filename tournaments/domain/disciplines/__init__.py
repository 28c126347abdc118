"""Disciplines as objects: look one up by the tournament's stored ``discipline`` value.

``get_discipline("tandem").scores_matches`` — the rest of the app asks the object and never
compares discipline names. Four-player chess (a table of seats) will be a third kind.
"""

from ..errors import RuleViolation, gettext_noop
from .base import RESULT_KEYS, DisciplineRules, ImpliedResults, Scored
from .board_scored import TEAM, TEAM_BLITZ, BoardScored
from .match_scored import TANDEM, MatchScored

DISCIPLINES: dict[str, DisciplineRules] = {d.key: d for d in (TEAM_BLITZ, TEAM, TANDEM)}

__all__ = [
    "DISCIPLINES", "RESULT_KEYS", "BoardScored", "DisciplineRules", "ImpliedResults", "MatchScored", "Scored",
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
