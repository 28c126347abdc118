from .audit import AuditEntry
from .documents import RoundBundle
from .pairing import BoardGame, Match, Round
from .team import Player, Team
from .tournament import Tournament

__all__ = ["AuditEntry", "BoardGame", "Match", "Player", "Round", "RoundBundle", "Team", "Tournament"]
