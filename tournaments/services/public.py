"""The public version of a tournament: the key of its cached public pages and their ETags."""

import uuid
from functools import partial

from django.db import transaction
from django.utils import timezone

from tournaments.models import PublicVersion
from tournaments.selectors.public_version import forget

from .locks import public_version_locking
from .publication_outbox import publication_changed


def public_changed(*, tournament_id: int) -> None:
    """Record that what the public sees of the tournament changed, so cached pages are not served again.

    Every service whose write the public can see calls this as the last statement of its
    transaction (publishing, results of published rounds, lineups of public pairings,
    settings, teams, withdrawals, pairing, play-off): the new version commits together with the change,
    so the first request after the write renders afresh. Last, because it locks the version row
    until the commit (the lock order, ``services/locks.py``).

    The cached copy of the version (selectors/public_version.py) is outdated twice: now, and once
    the transaction has committed — a request in between may have cached the version from before
    the commit, and the second deletion outdates that too. (Inside a test's transaction, which
    never commits, the first is the one that counts.)

    Once committed, the tournament's publication targets are asked to send (the outbox,
    ``publication_outbox.py``): nothing here waits for them or locks them.
    """
    public_version_locking()
    PublicVersion.objects.bulk_create(
        [PublicVersion(tournament_id=tournament_id, token=uuid.uuid4().hex, changed_at=timezone.now())],
        update_conflicts=True,
        unique_fields=["tournament"],
        update_fields=["token", "changed_at"],
    )
    public_forget(tournament_id=tournament_id)
    transaction.on_commit(partial(publication_changed, tournament_id), robust=True)


def public_forget(*, tournament_id: int) -> None:
    """Outdate the cached public version now and after the commit (also when a tournament is deleted)."""
    forget(tournament_id)
    transaction.on_commit(partial(forget, tournament_id))
