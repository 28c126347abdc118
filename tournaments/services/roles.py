"""Who may run a tournament: directors and arbiters are granted and revoked here, audited."""

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.text import storable
from tournaments.models import AuditEntry, Tournament, TournamentRole

from .audit import AuditTarget, Target, audit_record
from .locks import lock_tournament, write_service


def member_named(username: str, *, field: str):
    """The user called ``username`` (as typed on the desk or sent to the API), or a RuleViolation."""
    member = get_user_model().objects.filter(username=storable(username, field=field)).first()
    if member is None:
        raise RuleViolation(gettext_noop("no user with this name."), field=field)
    return member


@write_service
def role_grant(*, tournament: Tournament, member, role: str, user=None, source: str = "command") -> TournamentRole:
    """Give ``member`` a role in the tournament (replacing the one they had); one role per person."""
    if role not in TournamentRole.Role.values:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not one of %(known)s."),
            field="role",
            value=role,
            known=", ".join(TournamentRole.Role.values),
        )
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        current = TournamentRole.objects.filter(tournament=tournament, user=member).first()
        old = current.role if current else None
        if old == role:
            return current
        if old == TournamentRole.Role.DIRECTOR:
            _keep_a_director(tournament, member)
        granted, _ = TournamentRole.objects.update_or_create(
            tournament=tournament, user=member, defaults={"role": role}
        )
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROLE,
            target=AuditTarget(Target.ROLE, member.get_username()),
            value_type=AuditEntry.ValueType.ROLE,
            old=old,
            new=role,
            user=user,
            source=source,
        )
        return granted


@write_service
def role_revoke(*, tournament: Tournament, member, user=None, source: str = "command") -> None:
    """Take ``member``'s role away; the last director cannot be removed (someone must run the event)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        current = TournamentRole.objects.filter(tournament=tournament, user=member).first()
        if current is None:
            raise RuleViolation(gettext_noop("this user has no role in this tournament."), field="user")
        if current.role == TournamentRole.Role.DIRECTOR:
            _keep_a_director(tournament, member)
        current.delete()
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROLE,
            target=AuditTarget(Target.ROLE, member.get_username()),
            value_type=AuditEntry.ValueType.ROLE,
            old=current.role,
            new=None,
            user=user,
            source=source,
        )


def _keep_a_director(tournament: Tournament, leaving) -> None:
    others = TournamentRole.objects.filter(tournament=tournament, role=TournamentRole.Role.DIRECTOR).exclude(
        user=leaving
    )
    if not others.exists():
        raise RuleViolation(gettext_noop("a tournament keeps at least one director."), field="role")
