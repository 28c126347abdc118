"""How many rounds the tournament's pairing system plans, and how many are still to be paired."""

from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import PairingStrategy, pairing_system
from tournaments.models import Tournament

from .matches import match_records


def planned_rounds(*, tournament: Tournament, teams: int) -> int:
    """Stored when the tournament started; before that, what the system plans for ``teams`` teams."""
    if tournament.planned_rounds is not None:
        return tournament.planned_rounds
    return tournament_pairing_system(tournament).planned_rounds(teams, tournament.round_count) if teams >= 2 else 0


def tournament_pairing_system(tournament: Tournament) -> PairingStrategy:
    return pairing_system(tournament.pairing_system, tournament.discipline_rules.variant_key)


def rounds_to_pair(*, tournament: Tournament, teams: int, paired: int) -> int:
    """Regular rounds the desk may pair at once now: the rest of a fixed schedule, else the next one."""
    left = max(0, planned_rounds(tournament=tournament, teams=teams) - paired)
    return left if tournament_pairing_system(tournament).pairs_ahead else min(left, 1)


def next_pairing_refusal(*, tournament: Tournament, paired: int) -> RuleViolation | None:
    """Why the next round cannot be paired now (a Swiss waits for every result of the rounds
    before), as the pairing service would refuse it; None where it can."""
    system = tournament_pairing_system(tournament)
    if system.pairs_ahead or paired == 0:
        return None
    return system.pairing_refusal(paired + 1, match_records(tournament=tournament).complete)
