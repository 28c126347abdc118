"""Pairing systems as strategies: each plans its rounds, pairs one round, and says when the event is final.

Standings, withdrawals, the pairing service and the desk ask ``pairing_system(key)``; nothing
outside this package knows how a system pairs.
"""

from ..errors import RuleViolation, gettext_noop
from ..presets import PairingSystem
from .base import Encounters, EnteredTeam, PairedRound, PairingRules, PairingStrategy, PairingVerdict, RoundToPair
from .round_robin import RoundRobin
from .swiss_team import SwissTeam
from .table_groups import TableGroups
from .tables import TablesByScore

_SYSTEMS: dict[str, PairingStrategy] = {
    PairingSystem.ROUND_ROBIN: RoundRobin(PairingSystem.ROUND_ROBIN),
    PairingSystem.DOUBLE_ROUND_ROBIN: RoundRobin(PairingSystem.DOUBLE_ROUND_ROBIN),
    PairingSystem.TABLES_BY_SCORE: TablesByScore(),
    PairingSystem.TABLE_GROUPS: TableGroups(),
    PairingSystem.SWISS_FIDE_TEAM: SwissTeam(),
}


def pairing_system(key: str, variant: str = "") -> PairingStrategy:
    """The system ``key``, for a tournament played at ``variant``'s tables ("" at boards)."""
    try:
        return _SYSTEMS[key].bound(variant)
    except KeyError:
        raise RuleViolation(gettext_noop("this pairing system cannot be paired yet."), field="pairing") from None


__all__ = [
    "Encounters",
    "EnteredTeam",
    "PairedRound",
    "PairingRules",
    "PairingStrategy",
    "PairingVerdict",
    "RoundToPair",
    "pairing_system",
]
