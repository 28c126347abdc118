"""The places a tournament's publication goes (issue 31): a director adds, changes and removes them on the
desk and asks for a send now; the outbox (``publication_outbox.py``) does the sending.

The secret (a password, a push token) is write-only: given on creation, kept on an update unless a new
one is typed, never returned, audited (the audit says only that a new one was given) or logged.
"""

from django.db import transaction
from django.views.decorators.debug import sensitive_variables

from arbiter.sealed import seal
from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.models import AuditEntry, PublicationTarget, Tournament
from tournaments.transports import TRANSPORTS, transport_get

from .audit import AuditTarget, audit_record
from .locks import KEY_SHARE, lock_beside, lock_tournament, write_service
from .publication_outbox import local_remove, outbox_kick

NAME_LENGTH = PublicationTarget._meta.get_field("name").max_length


@write_service
@sensitive_variables("secret")
def publication_target_create(
    *,
    tournament: Tournament,
    kind: str,
    name: str,
    config: dict,
    secret: str = "",
    enabled: bool = True,
    user=None,
    source: str = "command",
) -> PublicationTarget:
    """A new target of ``tournament``; it is sent the current publication at once (when enabled)."""
    if kind not in TRANSPORTS:
        raise RuleViolation(gettext_noop("“%(value)s” is not a kind of target."), field="kind", value=kind[:20])
    _refuse_unless_allowed(kind, user)
    with transaction.atomic():
        lock_tournament(tournament.pk, mode=KEY_SHARE)
        name, config = _checked(tournament, kind, name, config, secret)
        target = PublicationTarget.objects.create(
            tournament=tournament, kind=kind, name=name, config=config, secret=seal(secret), enabled=enabled
        )
        _audit(target, None, _audited(target, secret_changed=bool(secret)), user=user, source=source)
        if enabled:
            outbox_kick(target_id=target.pk)
        return target


@write_service
@sensitive_variables("secret")
def publication_target_update(
    *,
    target: PublicationTarget,
    name: str,
    config: dict,
    secret: str = "",
    enabled: bool = True,
    user=None,
    source: str = "command",
) -> PublicationTarget:
    """Change a target; an empty ``secret`` keeps the stored one. Changed settings mean a new place: it is
    sent the publication again."""
    with transaction.atomic():
        lock_tournament(target.tournament_id, mode=KEY_SHARE)
        lock_beside(PublicationTarget, [target.pk])
        target = PublicationTarget.objects.select_related("tournament").get(pk=target.pk)
        _refuse_unless_allowed(target.kind, user)
        name, config = _checked(
            target.tournament, target.kind, name, config, secret, target_id=target.pk, keeps_secret=bool(target.secret)
        )
        old = _audited(target, secret_changed=False)
        moved = config != target.config or bool(secret)
        target.name, target.config, target.enabled = name, config, enabled
        if secret:
            target.secret = seal(secret)
        if moved:  # another place, or new credentials: whatever the old one had, this one is sent anew
            target.sent_token, target.attempts, target.next_try_at, target.last_error = "", 0, None, None
        target.save()
        _audit(target, old, _audited(target, secret_changed=bool(secret)), user=user, source=source)
        if enabled:
            outbox_kick(target_id=target.pk)
        return target


@write_service
def publication_target_delete(*, target: PublicationTarget, user=None, source: str = "command") -> None:
    """Remove a target (what it published stays where it is) and its local copy of the publication."""
    with transaction.atomic():
        lock_tournament(target.tournament_id, mode=KEY_SHARE)
        lock_beside(PublicationTarget, [target.pk])
        target = PublicationTarget.objects.select_related("tournament").get(pk=target.pk)
        _audit(target, _audited(target, secret_changed=False), None, user=user, source=source)
        target_id = target.pk
        target.delete()
        transaction.on_commit(lambda: local_remove(target_id))


@write_service
def publication_target_send_now(*, target: PublicationTarget, user=None, source: str = "command") -> None:
    """Send the current publication to the target now, even if it is up to date (its folder may have been
    emptied), without waiting for the next retry."""
    with transaction.atomic():
        lock_tournament(target.tournament_id, mode=KEY_SHARE)
        lock_beside(PublicationTarget, [target.pk])
        target = PublicationTarget.objects.select_related("tournament").get(pk=target.pk)
        if not target.enabled:
            raise RuleViolation(gettext_noop("this target is switched off; switch it on first."), field="enabled")
        PublicationTarget.objects.filter(pk=target.pk).update(sent_token="", next_try_at=None)
        _audit(target, None, _audited(target, secret_changed=False) | {"send": True}, user=user, source=source)
        outbox_kick(target_id=target.pk)


def _refuse_unless_allowed(kind: str, user) -> None:
    """A folder on this machine is the server administrator's to give, not a tournament director's."""
    if not transport_get(kind).allowed(user):
        raise RuleViolation(
            gettext_noop("only an administrator of this server may send to a folder on it."), field="kind"
        )


def _checked(tournament, kind: str, name: str, config: dict, secret: str, *, target_id=None, keeps_secret=False):
    """The name and the transport's fields as stored (stripped, unknown ones dropped), or every violation."""
    transport = transport_get(kind)
    name = (name or "").strip()
    violations = []
    if not name:
        violations.append(RuleViolation(gettext_noop("Give the target a name."), field="name"))
    elif len(name) > NAME_LENGTH:
        violations.append(RuleViolation(gettext_noop("at most %(max)d characters."), field="name", max=NAME_LENGTH))
    elif tournament.publication_targets.filter(name=name).exclude(pk=target_id).exists():
        violations.append(RuleViolation(gettext_noop("another target already has this name."), field="name"))
    stored = {}
    for field in transport.fields:
        if field.secret:
            if field.required and not secret and not keeps_secret:
                violations.append(RuleViolation(gettext_noop("This field is required."), field=field.name))
            continue
        value = str(config.get(field.name) or "").strip()
        if field.required and not value:
            violations.append(RuleViolation(gettext_noop("This field is required."), field=field.name))
        stored[field.name] = value
    if not violations and transport.check is not None:
        try:
            transport.check(stored)
        except RuleViolation as error:
            violations.extend(error.violations)
    if violations:
        raise RuleViolations(violations)
    return name, stored


def _audited(target: PublicationTarget, *, secret_changed: bool) -> dict:
    """What the audit keeps of a target: never its secret, only that a new one was given."""
    value = {"kind": target.kind, "name": target.name, "enabled": target.enabled, "config": dict(target.config)}
    return value | ({"secret": "changed"} if secret_changed else {})


def _audit(target: PublicationTarget, old, new, *, user, source) -> None:
    audit_record(
        tournament=target.tournament,
        action=AuditEntry.Action.PUBLICATION_TARGET,
        target=AuditTarget(AuditEntry.Target.PUBLICATION_TARGET, target.name),
        value_type=AuditEntry.ValueType.PUBLICATION_TARGET,
        old=old,
        new=new,
        user=user,
        source=source,
    )
