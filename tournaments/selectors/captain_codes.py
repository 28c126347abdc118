"""Which team a captain code speaks for (issue 30): only a code in force, of a team of this
tournament, and only while the tournament has not finished (a phone stays signed in until then)."""

from tournaments.domain.captain_code import code_digest
from tournaments.models import CaptainCode, Team, Tournament


def _in_force(tournament: Tournament):
    if tournament.status == Tournament.Status.FINISHED:
        return CaptainCode.objects.none()
    return CaptainCode.objects.select_related("team").filter(revoked_at__isnull=True, team__tournament=tournament)


def captain_code_in_force(*, tournament: Tournament, code: str) -> CaptainCode | None:
    """The code in force ``code`` is (as typed: spaces, dashes and case do not matter), or None:
    wrong, revoked, another tournament's, or the tournament has finished."""
    return _in_force(tournament).filter(digest=code_digest(code)).first()


def captain_code_team(*, tournament: Tournament, code: str) -> Team | None:
    found = captain_code_in_force(tournament=tournament, code=code)
    return found.team if found is not None else None


def signed_in_codes(*, tournament: Tournament, code_ids) -> dict[int, CaptainCode]:
    """Of the codes a phone's session holds, those still in force, by team id (one query)."""
    return {code.team_id: code for code in _in_force(tournament).filter(pk__in=list(code_ids))}
