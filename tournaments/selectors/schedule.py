"""How much of the schedule is still to be paired, so the desk offers pairing only while it can."""

from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_schedule
from tournaments.models import Tournament


def rounds_to_pair(*, tournament: Tournament, teams: int, paired: int) -> int:
    """Rounds of the round robin not yet paired (0 for fewer than two teams or other systems)."""
    if teams < 2 or tournament.pairing_system not in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        return 0
    return max(0, len(round_robin_schedule(teams, PairingSystem(tournament.pairing_system))) - paired)
