"""Single and double round robin from the FIDE Berger tables (FIDE Handbook C.05, Annex 1)."""

from ..berger import Pair
from ..presets import PairingSystem
from ..schedule import round_robin_round, round_robin_round_count, rounds_with_opponent
from .base import PairingStrategy, RoundToPair


class RoundRobin(PairingStrategy):
    """Everyone meets everyone; a team's seed is its Berger number, so the whole schedule is known."""

    pairs_ahead = True
    # the schedule is fixed (C.05): its own number of rounds, no colour preferences, no late
    # entries, no tables to seat
    unused_settings = frozenset({"rounds", "colour_model", "late_entry_rounds", "late_entry_seeding", "first_mover"})

    def __init__(self, key: PairingSystem = PairingSystem.ROUND_ROBIN):
        self.key = key

    def planned_rounds(self, teams: int, rounds: int = 0) -> int:
        return round_robin_round_count(teams, self.key)

    def pair_round(self, round_: RoundToPair) -> list[Pair]:
        return round_robin_round(round_.teams, self.key, round_.number)

    def trf_type(self, *, colour_model, scores_boards: bool) -> tuple[str, str, str]:
        if self.key == PairingSystem.DOUBLE_ROUND_ROBIN:
            return "FIDE_TEAM_DOUBLEROUNDROBIN", "Team double round robin", ""
        return "FIDE_TEAM_ROUNDROBIN", "Team round robin", ""

    def rounds_with_opponent(self, teams: int, seed: int, rounds: int = 0) -> list[int]:
        return rounds_with_opponent(teams, self.key, seed)
