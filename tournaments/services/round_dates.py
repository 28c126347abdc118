"""A round's date and start time, entered on the desk: TRF-2026 writes them as record 132, and a
DWZ rating report needs every round's date (DSB-Wertungsordnung 6.1)."""

import datetime

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, Round

from .audit import audit_record, round_target
from .locks import lock_round, write_service


@write_service
def round_date_set(
    *,
    round_: Round,
    date: datetime.date | None,
    start_time: datetime.time | None = None,
    user=None,
    source: str = "command",
) -> Round:
    """Set (or clear, with ``None``) when a round is played. Rounds are played in their order, so a
    date before an earlier round's or after a later round's is refused, naming that round."""
    if start_time is not None and date is None:
        raise RuleViolation(gettext_noop("a start time needs the round's date."), field="date")
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        if (round_.date, round_.start_time) == (date, start_time):
            return round_
        if date is not None:
            _check_order(round_, date)
        old = _text(round_.date, round_.start_time)
        round_.date, round_.start_time = date, start_time
        round_.save(update_fields=["date", "start_time"])
        audit_record(
            tournament=round_.tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=round_target(round_, f"R{round_.number} date"),
            value_type=AuditEntry.ValueType.TIMESTAMP,
            old=old,
            new=_text(date, start_time),
            user=user,
            source=source,
        )
        return round_


@write_service
def round_lineup_deadline_set(
    *, round_: Round, deadline: datetime.datetime | None, user=None, source: str = "command"
) -> Round:
    """Set (or clear) until when the captains hand in the round's lineups; the desk lists the
    lineups set after it, and those never set, against it (``selectors.lineups.lineups_due``)."""
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        if round_.lineup_deadline == deadline:
            return round_
        old = round_.lineup_deadline.isoformat() if round_.lineup_deadline else None
        round_.lineup_deadline = deadline
        round_.save(update_fields=["lineup_deadline"])
        audit_record(
            tournament=round_.tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=round_target(round_, f"R{round_.number} lineup deadline"),
            value_type=AuditEntry.ValueType.TIMESTAMP,
            old=old,
            new=deadline.isoformat() if deadline else None,
            user=user,
            source=source,
        )
        return round_


def _check_order(round_: Round, date: datetime.date) -> None:
    others = Round.objects.filter(tournament_id=round_.tournament_id, kind=round_.kind, date__isnull=False)
    before = others.filter(number__lt=round_.number, date__gt=date).order_by("-number").first()
    after = others.filter(number__gt=round_.number, date__lt=date).order_by("number").first()
    if before or after:
        other = before or after
        raise RuleViolation(
            gettext_noop("round %(round)d is played on %(other)s, so this round cannot be on %(value)s."),
            field="date",
            round=other.number,
            other=other.date.isoformat(),
            value=date.isoformat(),
        )


def _text(date: datetime.date | None, start_time: datetime.time | None) -> str | None:
    if date is None:
        return None
    return f"{date.isoformat()}T{start_time:%H:%M}" if start_time else date.isoformat()
