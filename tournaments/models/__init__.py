from .archive_import import ArchiveImport
from .audit import AuditEntry
from .documents import RoundBundle
from .incident import Incident
from .pairing import BoardGame, Match, Round
from .public import PublicVersion
from .reference_check import StandingsCheck
from .roles import TournamentRole
from .team import Player, Team
from .tokens import ApiToken
from .tournament import Tournament

__all__ = [
    "ApiToken", "ArchiveImport", "AuditEntry", "BoardGame", "Incident", "Match", "Player", "PublicVersion", "Round", "RoundBundle", "StandingsCheck", "Team",
    "Tournament", "TournamentRole",
]
