"""The director's choice of the hall screen's panels and seconds per panel."""

from django.db import transaction

from tournaments.domain.hall_screen import checked_screen
from tournaments.models import AuditEntry, Tournament

from .audit import AuditTarget, Target, audit_record
from .locks import lock_tournament, write_service
from .public import public_changed


@write_service
def hall_screen_set(*, tournament: Tournament, panels, seconds, user=None, source: str = "command") -> Tournament:
    """Store the panels (in their order) and seconds; audited, and the open screens follow at
    their next poll (the public version changes). Saving the same choice again changes nothing."""
    panels, seconds = checked_screen(panels, seconds)
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        old = {"screen_panels": tournament.screen_panels, "screen_seconds": tournament.screen_seconds}
        new = {"screen_panels": panels, "screen_seconds": seconds}
        if old == new:
            return tournament
        tournament.screen_panels, tournament.screen_seconds = panels, seconds
        tournament.save(update_fields=["screen_panels", "screen_seconds", "updated_at"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.SETTINGS, tournament.name),
            value_type=AuditEntry.ValueType.SETTINGS,
            old=old,
            new=new,
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return tournament
