"""The public version of a tournament: the key of its cached public pages and their ETags."""

import uuid

from django.utils import timezone

from tournaments.models import PublicVersion


def public_changed(*, tournament_id: int) -> None:
    """Record that what the public sees of the tournament changed, so cached pages are not served again.

    Every service whose write the public can see calls this as the last statement of its
    transaction (publishing, results and lineups of published rounds, settings, teams,
    withdrawals, pairing, play-off, incidents): the new version commits together with the change,
    so the first request after the write renders afresh. Last, because it locks the version row
    until the commit.
    """
    PublicVersion.objects.bulk_create(
        [PublicVersion(tournament_id=tournament_id, token=uuid.uuid4().hex, changed_at=timezone.now())],
        update_conflicts=True,
        unique_fields=["tournament"],
        update_fields=["token", "changed_at"],
    )
