"""The audit trail as the desk shows it: per match and per tournament, newest first, one query each."""

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.models import AuditEntry, Match, Round, Tournament

from .schedule import tournament_pairing_system


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


@dataclass(frozen=True)
class RevertEffects:
    """What a revert reaches beyond its board (issue 28 item 1), for the director to confirm:
    the public sees it at once, a play-off paired on these standings may become void, later
    rounds paired from the standings were paired on the result as it is now."""

    published_round: int | None  # the round's number when the public sees the change at once
    playoff: bool  # a play-off is paired on the regular standings this result counts for
    later_rounds: list[int]  # rounds paired from the standings after this one

    @property
    def any(self) -> bool:
        return self.published_round is not None or self.playoff or bool(self.later_rounds)


def revert_effects(*, entry: AuditEntry) -> RevertEffects:
    """What undoing ``entry`` (a result change) reaches beyond its board; two queries."""
    round_ = entry.match.round
    tournament = round_.tournament
    later = tournament.rounds.filter(number__gt=round_.number).values_list("kind", "number")
    kinds = list(later.order_by("number"))
    regular = round_.kind == Round.Kind.REGULAR
    reads_history = tournament_pairing_system(tournament).reads_history
    return RevertEffects(
        published_round=round_.number if round_.published_at is not None else None,
        playoff=regular and any(kind == Round.Kind.PLAYOFF for kind, _ in kinds),
        later_rounds=[number for kind, number in kinds if kind == Round.Kind.REGULAR] if reads_history else [],
    )
