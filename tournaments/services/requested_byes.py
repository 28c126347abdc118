"""Byes requested in advance and late entries (issue 16; TRF-2026 record 240, C.04.6, C.07 Art. 16).

A team asks not to be paired in a future round of a Swiss and takes a half-point, full-point or
zero-point bye instead; it may withdraw the request until the round is paired. A late entry
joins from a round not yet paired; the rounds it missed are byes of the kind the competition
set (``late_entry_rounds``). Each write is one transaction, audited, and moves the public version.
"""

from collections.abc import Sequence

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.requested_byes import ByeKind, LateEntryRounds
from tournaments.models import AuditEntry, Player, RequestedBye, Round, Team, Tournament
from tournaments.selectors.schedule import planned_rounds, tournament_pairing_system

from .audit import audit_record, team_target
from .public import public_changed
from .teams import _new_team, _Registered


def bye_request(*, team: Team, round_number: int, kind: str, user=None, source: str = "command") -> RequestedBye:
    """Record that ``team`` is not to be paired in round ``round_number`` and takes a bye of ``kind``."""
    with transaction.atomic():
        tournament = _swiss(team.tournament_id)
        team = Team.objects.get(pk=team.pk)
        _check_round(tournament, round_number)
        if kind not in ByeKind:
            raise RuleViolation(
                gettext_noop("the kind of bye is H (half point), F (full point) or Z (zero points)."), field="kind", rule="TRF-2026 record 240"
            )
        if team.withdrawn_from_round is not None and round_number >= team.withdrawn_from_round:
            raise RuleViolation(
                tournament.discipline_rules.words.bye_after_withdrawal, field="team", round=team.withdrawn_from_round
            )
        if RequestedBye.objects.filter(team=team, round_number=round_number).exists():
            raise RuleViolation(
                tournament.discipline_rules.words.bye_twice, field="round", round=round_number
            )
        bye = RequestedBye.objects.create(tournament=tournament, team=team, round_number=round_number, kind=kind)
        _audit(tournament, team, user, source, new={"round": round_number, "kind": kind})
        return bye


def bye_withdraw(*, team: Team, round_number: int, user=None, source: str = "command") -> None:
    """Take back a requested bye: the team is paired in that round after all."""
    with transaction.atomic():
        tournament = _swiss(team.tournament_id)
        _check_round(tournament, round_number)
        bye = RequestedBye.objects.filter(team=team, round_number=round_number, late_entry=False).first()
        if bye is None:
            raise RuleViolation(tournament.discipline_rules.words.bye_none, field="round", round=round_number)
        bye.delete()
        _audit(tournament, team, user, source, old={"round": round_number, "kind": bye.kind})


def team_enter_late(
    *, tournament: Tournament, name: str, from_round: int, players: Sequence[dict] = (), short_name: str = "",
    user=None, source: str = "command",
) -> Team:
    """Register a team after the start, paired from round ``from_round`` on (a round not yet
    paired). It takes the next seed; each round before is a bye of the competition's kind."""
    with transaction.atomic():
        tournament = _swiss(tournament.pk)
        if not tournament.rosters_locked:
            raise RuleViolation(tournament.discipline_rules.words.late_not_started, field="from_round")
        _check_round(tournament, from_round, field="from_round")
        registered = _Registered(tournament)
        team, roster = _new_team(tournament, registered, name=name, short_name=short_name, players=players)
        team.save()
        Player.objects.bulk_create(roster)
        kind = LateEntryRounds(tournament.late_entry_rounds).bye
        RequestedBye.objects.bulk_create(
            RequestedBye(tournament=tournament, team=team, round_number=number, kind=kind, late_entry=True) for number in range(1, from_round)
        )
        audit_record(
            tournament=tournament, action=AuditEntry.Action.LATE_ENTRY, target=team_target(team),
            value_type=AuditEntry.ValueType.LATE_ENTRY,
            new={"from_round": from_round, "players": [p.name for p in roster], "byes": kind.value},
            user=user, source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return team


def _swiss(pk: int) -> Tournament:
    """The tournament, locked; refused where the pairing system fixes the schedule in advance."""
    tournament = Tournament.objects.select_for_update().get(pk=pk)
    if refusal := tournament_pairing_system(tournament).requested_byes_refusal():
        raise refusal
    return tournament


def _check_round(tournament: Tournament, number, *, field: str = "round") -> None:
    """``number`` is a planned round not paired yet (C.04.6 pairs from what is known before)."""
    rounds = planned_rounds(tournament=tournament, teams=tournament.teams.count())
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= rounds:
        raise RuleViolation(gettext_noop("give the number of a round from 1 to %(rounds)d."), field=field, rounds=rounds)
    if tournament.rounds.filter(kind=Round.Kind.REGULAR, number__gte=number).exists():
        raise RuleViolation(
            gettext_noop("round %(round)d is already paired: a bye or a late entry is settled before the pairing."),
            field=field, round=number, rule="FIDE C.04.6 art. 3",
        )


def _audit(tournament, team, user, source, *, old=None, new=None) -> None:
    audit_record(
        tournament=tournament, action=AuditEntry.Action.BYE, target=team_target(team), value_type=AuditEntry.ValueType.BYE,
        old=old, new=new, user=user, source=source,
    )
    public_changed(tournament_id=tournament.pk)
