"""Captain codes (issue 30): a team's proof, on a phone, of which side its captain speaks for.

A code (``domain/captain_code.py``) is shown once when issued; only its digest is kept. A team
has at most one code in force: issuing a new one revokes the old one, so a lost card is replaced
from the desk. Issuing and revoking are audited with the team.
"""

from django.db import transaction
from django.utils import timezone

from tournaments.domain.captain_code import code_digest, new_code
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, CaptainCode, Team

from .audit import audit_record, team_target
from .locks import KEY_SHARE, lock_beside, lock_tournament, write_service
from .tournaments import refuse_when_finished


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
        code = new_code()
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
            words = tournament.discipline_rules.words
            raise RuleViolation(words.phone.no_code, field=words.field)
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


def captain_codes_issue_all(*, tournament, user=None, source: str = "command") -> list[tuple[Team, str]]:
    """A new code for every team of ``tournament`` (each revoking its old one), in seed order: the
    cards of a whole event printed at once. Each team's issue is its own write, audited."""
    return [
        (team, captain_code_issue(team=team, user=user, source=source)[1]) for team in tournament.teams.order_by("seed")
    ]
