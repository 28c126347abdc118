"""What a withdrawal would do, for the desk's confirm step: which rule applies, and why."""

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_schedule
from tournaments.domain.withdrawal import Withdrawal, WithdrawalNote, WithdrawalRule, withdrawal_applied
from tournaments.models import Team


def withdrawal_preview(*, team: Team, from_round: int) -> WithdrawalNote:
    """The note the standings will show if ``team`` withdraws before ``from_round`` (one query).

    Counts the team's scheduled matches (byes not counted) as the standings do; an unknown round
    is refused with the message ``team_withdraw`` gives.
    """
    tournament = team.tournament
    schedule = round_robin_schedule(tournament.teams.count(), PairingSystem(tournament.pairing_system))
    if not 1 <= from_round <= len(schedule):
        raise RuleViolation(
            gettext_noop("give the number of a round from 1 to %(rounds)d."), field="from_round", rounds=len(schedule)
        )
    rounds = [number for number, pairs in enumerate(schedule, start=1) for pair in pairs if team.seed in pair and None not in pair]
    played = sum(1 for number in rounds if number < from_round)
    withdrawal = Withdrawal(team.pk, from_round, scheduled=len(rounds), played=played)
    return withdrawal_applied(withdrawal, WithdrawalRule(tournament.withdrawal_rule))
