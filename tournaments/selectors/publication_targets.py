"""The desk's view of a tournament's publication targets: each one's state in words (issue 31).

"Up to date at 14:03", or "3 changes waiting, last try 14:05 failed: “…”" with the transport's words in
the reader's language. Waiting is derived as the outbox derives it (``services/publication_outbox.py``):
the tournament's public version against the one the target last sent. Two queries.
"""

from dataclasses import dataclass

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import PublicationTarget, PublicVersion, Tournament
from tournaments.services.publication_outbox import UNCHANGED
from tournaments.transports import TRANSPORTS, Transport, TransportError


@dataclass(frozen=True)
class TargetState:
    target: PublicationTarget
    transport: Transport | None  # None: a kind this installation no longer has
    state: str  # "up-to-date", "waiting", "off"
    words: str

    @property
    def settings(self) -> list[tuple[str, str]]:
        """The non-secret settings as label and value, in the transport's order."""
        fields = self.transport.fields if self.transport else ()
        return [(str(field.label), self.target.config.get(field.name, "")) for field in fields if not field.secret]


def publication_targets_for_desk(tournament: Tournament) -> list[TargetState]:
    current = PublicVersion.objects.filter(tournament=tournament).values_list("token", flat=True).first() or UNCHANGED
    now = timezone.now()
    return [_state(target, current, now) for target in PublicationTarget.objects.filter(tournament=tournament)]


def _state(target: PublicationTarget, current: str, now) -> TargetState:
    transport = TRANSPORTS.get(target.kind)
    if not target.enabled:
        return TargetState(target, transport, "off", _("Switched off."))
    if target.sent_token == current:
        return TargetState(
            target, transport, "up-to-date", _("Up to date at %(time)s.") % {"time": _at(target.sent_at)}
        )
    count = max(target.changes, 1)
    if target.sent_at is None:
        parts = [_("not sent yet")]
    else:
        parts = [ngettext("%(count)d change waiting", "%(count)d changes waiting", count) % {"count": count}]
    if target.claimed_until and target.claimed_until > now:
        parts.append(_("sending now"))
    elif target.last_error:
        error = TransportError(target.last_error["message"], **target.last_error.get("params", {}))
        parts.append(
            _("last try %(time)s failed: “%(error)s”") % {"time": _at(target.last_try_at), "error": error.text()}
        )
        if target.next_try_at:
            parts.append(_("next try %(time)s") % {"time": _at(target.next_try_at)})
    return TargetState(target, transport, "waiting", ", ".join(parts))


def _at(moment) -> str:
    """14:03 today; with the date on another day."""
    local = timezone.localtime(moment)
    time = local.strftime("%H:%M")
    if local.date() == timezone.localdate():
        return time
    return f"{formats.date_format(local, 'SHORT_DATE_FORMAT')} {time}"
