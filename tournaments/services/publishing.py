"""Publishing a round: its results reach the public pages and the API only once the TD says so."""

from django.db import transaction
from django.utils import timezone

from tournaments.models import AuditEntry, Round

from .audit import audit_record, round_target
from .locks import lock_round, write_service
from .public import public_changed
from .standings_check import standings_changed, standings_verify_later
from .tournaments import refuse_when_finished


def round_publish(*, round_: Round, user=None, source: str = "command") -> Round:
    """Make a round's results public (draft → published); publishing twice changes nothing."""
    return _set_published(round_, published=True, user=user, source=source)


@write_service
def round_pairings_publish(*, round_: Round, user=None, source: str = "command") -> Round:
    """Make a Swiss round's pairings public once the director has reviewed them (issue 16);
    publishing twice changes nothing. A fixed schedule's pairings are public from the start."""
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        refuse_when_finished(round_.tournament)
        if round_.pairings_published_at is not None:
            return round_
        round_.pairings_published_at = timezone.now()
        round_.save(update_fields=["pairings_published_at"])
        audit_record(
            tournament=round_.tournament,
            action=AuditEntry.Action.PUBLISH,
            target=round_target(round_, f"R{round_.number} pairings"),
            value_type=AuditEntry.ValueType.TIMESTAMP,
            old=None,
            new=round_.pairings_published_at.isoformat(),
            user=user,
            source=source,
        )
        public_changed(tournament_id=round_.tournament_id)
        return round_


def round_unpublish(*, round_: Round, user=None, source: str = "command") -> Round:
    """Take a round back to draft, e.g. to correct a result before the public sees it again."""
    return _set_published(round_, published=False, user=user, source=source)


@write_service
def _set_published(round_: Round, *, published: bool, user, source: str) -> Round:
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        refuse_when_finished(round_.tournament)
        if (round_.published_at is not None) == published:
            return round_
        old = round_.published_at
        round_.published_at = timezone.now() if published else None
        fields = ["published_at"]
        if published and round_.pairings_published_at is None:  # results are never public before their pairing
            round_.pairings_published_at = round_.published_at
            fields.append("pairings_published_at")
        round_.save(update_fields=fields)
        audit_record(
            tournament=round_.tournament,
            action=AuditEntry.Action.PUBLISH,
            target=round_target(round_, f"R{round_.number}"),
            value_type=AuditEntry.ValueType.TIMESTAMP,
            old=old.isoformat() if old else None,
            new=round_.published_at.isoformat() if published else None,
            user=user,
            source=source,
        )
        if published:
            standings_verify_later(tournament=round_.tournament)
        else:  # the published standings lose a round: the verdict on them no longer holds
            standings_changed(tournament_id=round_.tournament_id)
        public_changed(tournament_id=round_.tournament_id)
        return round_
