from tournaments.models import AuditEntry


def audit_record(*, tournament, action, target, old=None, new=None, match=None, user=None, source="command", reverts=None):
    """Append one entry to the tournament's audit trail (called inside the writing transaction)."""
    return AuditEntry.objects.create(
        tournament=tournament,
        match=match,
        user=user if user is not None and user.is_authenticated else None,
        source=source,
        action=action,
        target=str(target),
        old_value=old,
        new_value=new,
        reverts=reverts,
    )
