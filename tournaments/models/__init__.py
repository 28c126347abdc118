from .archive_import import ArchiveImport
from .audit import AuditEntry
from .captains import CaptainCode, CaptainReport
from .documents import RoundBundle
from .incident import Incident
from .pairing import BoardGame, Match, MatchSide, Round, Seat
from .public import PublicVersion
from .publication_target import PublicationTarget
from .reference_check import StandingsCheck
from .requested_bye import RequestedBye
from .roles import TournamentRole
from .team import Player, Team
from .tokens import ApiToken, PushToken
from .tournament import Tournament

__all__ = [
    "ApiToken",
    "ArchiveImport",
    "AuditEntry",
    "CaptainCode",
    "CaptainReport",
    "BoardGame",
    "Incident",
    "Match",
    "MatchSide",
    "Player",
    "PublicVersion",
    "PublicationTarget",
    "PushToken",
    "RequestedBye",
    "Round",
    "RoundBundle",
    "Seat",
    "StandingsCheck",
    "Team",
    "Tournament",
    "TournamentRole",
]
