"""The audit trail as the desk shows it: per match and per tournament, newest first, one query each."""

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.models import AuditEntry, Match, Tournament


@dataclass(frozen=True)
class AuditLine:
    entry: AuditEntry
    revertable: bool  # the latest change of its board, seat or match: a director may undo it


def _entries(entries: QuerySet) -> list[AuditLine]:
    rows = list(entries.select_related("user", "reverts").order_by("-created_at", "-id"))
    seen: set[tuple] = set()
    lines = []
    for entry in rows:  # newest first: the first result entry per board/match is its latest change
        key = (entry.match_id, entry.target_kind, entry.board, entry.seat)
        latest = entry.action == AuditEntry.Action.RESULT and entry.match_id is not None and key not in seen
        if entry.action == AuditEntry.Action.RESULT:
            seen.add(key)
        lines.append(AuditLine(entry, latest))
    return lines


def audit_for_match(*, match: Match) -> list[AuditLine]:
    """Every lineup and result change of the match, incidents and reverts included."""
    return _entries(AuditEntry.objects.filter(match=match))


def audit_for_tournament(*, tournament: Tournament, action: str | None = None) -> QuerySet[AuditEntry]:
    """Every recorded change in the tournament, newest first (paginate it); ``action`` narrows it.

    Reverts happen on the match's page, where the latest change of each board is known.
    """
    entries = AuditEntry.objects.filter(tournament=tournament)
    if action:
        entries = entries.filter(action=action)
    return entries.select_related("user").order_by("-created_at", "-id")
