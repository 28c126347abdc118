from .audit import AuditEntry
from .pairing import BoardGame, Match, Round
from .roles import TournamentRole
from .team import Player, Team
from .tokens import ApiToken
from .tournament import Tournament

__all__ = [
    "ApiToken", "AuditEntry", "BoardGame", "Match", "Player", "Round", "Team", "Tournament", "TournamentRole",
]
