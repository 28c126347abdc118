"""Captain codes (issue 30): a team's proof, on a phone, of which side its captain speaks for.

A code is 130 random bits in base32 (``ABCD-EFGH-…``, easy to type from a card), shown once when
issued; only its SHA-256 digest is kept, as with API tokens (no slow hash needed at this
strength). A team has at most one code in force: issuing a new one revokes the old one, so a lost
card is replaced from the desk. Issuing and revoking are audited with the team.
"""

import base64
import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, CaptainCode, Team, Tournament

from .audit import audit_record, team_target
from .locks import KEY_SHARE, lock_beside, lock_tournament, write_service
from .tournaments import refuse_when_finished

CODE_BYTES = 17  # 136 bits, more than the 128 the issue asks; 28 base32 letters
GROUP = 4


def normalized_code(code: str) -> str:
    """The code as typed, without spaces, dashes and case: what the digest is taken of."""
    return "".join(ch for ch in str(code or "").upper() if ch.isalnum())


def code_digest(code: str) -> str:
    return hashlib.sha256(normalized_code(code).encode()).hexdigest()


def _new_code() -> str:
    letters = base64.b32encode(secrets.token_bytes(CODE_BYTES)).decode().rstrip("=")
    return "-".join(letters[i : i + GROUP] for i in range(0, len(letters), GROUP))


@write_service
def captain_code_issue(*, team: Team, user=None, source: str = "command") -> tuple[CaptainCode, str]:
    """A new captain code for ``team``, revoking the one in force; returns it and the code (shown once)."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament_id, mode=KEY_SHARE)
        refuse_when_finished(tournament)
        lock_beside(Team, [team.pk])  # two issues for one team at once: one waits for the other
        team = Team.objects.get(pk=team.pk)
        now = timezone.now()
        old = CaptainCode.objects.filter(team=team, revoked_at__isnull=True).first()
        if old is not None:
            old.revoked_at = now
            old.save(update_fields=["revoked_at"])
        code = _new_code()
        issued = CaptainCode.objects.create(team=team, digest=code_digest(code))
        _audit(tournament, team, old, issued.issued_at, user=user, source=source)
        return issued, code


@write_service
def captain_code_revoke(*, team: Team, user=None, source: str = "command") -> None:
    """Revoke ``team``'s code in force: a phone signed in with it is signed out at its next request."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament_id, mode=KEY_SHARE)
        lock_beside(Team, [team.pk])  # two issues for one team at once: one waits for the other
        team = Team.objects.get(pk=team.pk)
        old = CaptainCode.objects.filter(team=team, revoked_at__isnull=True).first()
        if old is None:
            raise RuleViolation(gettext_noop("this team has no captain code to revoke."), field="team")
        old.revoked_at = timezone.now()
        old.save(update_fields=["revoked_at"])
        _audit(tournament, team, old, None, user=user, source=source)


def _audit(tournament, team, old: CaptainCode | None, issued_at, *, user, source) -> None:
    audit_record(
        tournament=tournament,
        action=AuditEntry.Action.CAPTAIN_CODE,
        target=team_target(team),
        value_type=AuditEntry.ValueType.TIMESTAMP,
        old=old.issued_at.isoformat() if old is not None else None,
        new=issued_at.isoformat() if issued_at is not None else None,
        user=user,
        source=source,
    )


def captain_code_team(*, tournament: Tournament, code: str) -> Team | None:
    """The team of ``tournament`` whose code in force ``code`` is, or None (wrong, revoked, another event's)."""
    found = (
        CaptainCode.objects.select_related("team")
        .filter(digest=code_digest(code), revoked_at__isnull=True, team__tournament=tournament)
        .first()
    )
    return found.team if found is not None else None
