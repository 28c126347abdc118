from .audit import AuditEntry
from .documents import RoundBundle
from .incident import Incident
from .pairing import BoardGame, Match, Round
from .team import Player, Team
from .tournament import Tournament

__all__ = ["AuditEntry", "BoardGame", "Incident", "Match", "Player", "Round", "RoundBundle", "Team", "Tournament"]
