"""What a withdrawal would do, for the desk's confirm step: which rule applies, and why."""

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.withdrawal import Withdrawal, WithdrawalNote, WithdrawalRule, withdrawal_applied
from tournaments.models import Team, Tournament

from .schedule import planned_rounds, tournament_pairing_system


def withdrawal_preview(*, team: Team, from_round: int) -> WithdrawalNote:
    """The note the standings will show if ``team`` withdraws before ``from_round`` (one query).

    Counts the team's scheduled matches (byes not counted) as the standings do; an unknown round
    is refused with the message ``team_withdraw`` gives.
    """
    tournament = team.tournament
    teams = tournament.teams.count()
    count = planned_rounds(tournament=tournament, teams=teams)
    if not 1 <= from_round <= count:
        raise RuleViolation(
            gettext_noop("give the number of a round from 1 to %(rounds)d."), field="from_round", rounds=count
        )
    rounds = tournament_pairing_system(tournament).rounds_with_opponent(teams, team.seed, count)
    played = sum(1 for number in rounds if number < from_round)
    withdrawal = Withdrawal(team.pk, from_round, scheduled=len(rounds), played=played)
    return withdrawal_applied(withdrawal, WithdrawalRule(tournament.withdrawal_rule))


def teams_staying(*, tournament: Tournament):
    """The teams that have not withdrawn, by seed: the ones a withdrawal form offers."""
    return tournament.teams.filter(withdrawn_from_round__isnull=True).order_by("seed")
