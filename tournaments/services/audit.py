from tournaments.models import AuditEntry


def audit_record(*, tournament, action, target, old=None, new=None, match=None, user=None, source="command", reverts=None):
    """Append one entry to the tournament's audit trail (called inside the writing transaction)."""
    entry = audit_entry(
        tournament=tournament, action=action, target=target, old=old, new=new, match=match, user=user,
        source=source, reverts=reverts,
    )
    entry.save()
    return entry


def audit_entry(*, tournament, action, target, old=None, new=None, match=None, user=None, source="command", reverts=None):
    """An unsaved entry, for services that write many at once with ``bulk_create``; ``reverts``
    points to the entry a director's revert undid."""
    return AuditEntry(
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
