"""The play-off for first place (Blitz §16): created from the final standings in one action."""

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Max

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.playoff import playoff_schedule
from tournaments.domain.schedule import tables_in_order
from tournaments.models import AuditEntry, Round, Team, Tournament
from tournaments.selectors.standings import standings_for_tournament

from .audit import AuditTarget, Target, audit_record
from .locks import EXCLUSIVE, lock_tournament, write_service
from .pairing import _create_round, round_results
from .public import public_changed
from .tournaments import refuse_when_finished

VOID = gettext_noop(
    "the play-off paired is void: a result changed since, and the tie it was to decide no longer exists. Remove it "
    "first."
)


@write_service
def playoff_create(*, tournament: Tournament, user=None, source: str = "command") -> list[Round]:
    """Pair the play-off among the teams the final standings leave tied for first (Blitz §16).

    Two teams play two matches, colours swapped in the second; three or more a single round
    robin. The rounds are numbered on after the last round and played like any other.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        refuse_when_finished(tournament)
        standings = standings_for_tournament(tournament=tournament)
        if standings.playoff_void:
            raise RuleViolation(VOID, field="playoff", rule="Blitz §16")
        if standings.playoff:
            raise RuleViolation(
                gettext_noop("the play-off has already been paired."), field="playoff", rule="Blitz §16"
            )
        if not standings.playoff_required:
            raise RuleViolation(
                gettext_noop(
                    "no play-off is needed: the final standings have a single winner, or the last round is not "
                    "finished."
                ),
                field="playoff",
                rule="Blitz §16",
            )
        teams = sorted((entry.team for entry in standings.rows if entry.row.playoff_required), key=lambda t: t.seed)
        last = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
        rounds = [
            _create_round(
                tournament, last + index, tables_in_order(pairs), user=user, source=source, kind=Round.Kind.PLAYOFF
            )
            for index, pairs in enumerate(playoff_schedule([team.seed for team in teams]), start=1)
        ]
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.PLAYOFF,
            target=AuditTarget(Target.PLAYOFF, "play-off"),
            value_type=AuditEntry.ValueType.PLAYOFF,
            new={"teams": [team.name for team in teams], "rounds": [r.number for r in rounds]},
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return rounds


@write_service
def playoff_lots_record(
    *, tournament: Tournament, order: Sequence[Team], user=None, source: str = "command"
) -> Tournament:
    """Record the drawing of lots among teams still tied after the whole play-off.

    ``order`` lists every still-tied team once, in the order drawn (first drawn = better place).
    Allowed only when Blitz §16's criteria (play-off MP, Berliner Wertung, first won board) are
    exhausted; the standings then show these places as decided by lot.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        refuse_when_finished(tournament)
        previous, tournament.playoff_lots = tournament.playoff_lots, []
        standings = standings_for_tournament(tournament=tournament)
        tied = [team for group in standings.lots_needed for team in group]
        if standings.playoff_void:
            raise RuleViolation(VOID, field="order", rule="Blitz §16")
        if not standings.playoff or not standings.playoff_complete:
            raise RuleViolation(
                gettext_noop("lots can be drawn only when every play-off match has its result."),
                field="order",
                rule="Blitz §16",
            )
        if not tied:
            raise RuleViolation(
                gettext_noop("the play-off has decided every place; there is nothing to draw lots for."),
                field="order",
                rule="Blitz §16",
            )
        ids = [team.pk for team in order]
        if len(ids) != len(set(ids)) or set(ids) != {team.pk for team in tied}:
            raise RuleViolation(
                gettext_noop("list each of the still tied teams exactly once: %(teams)s."),
                field="order",
                rule="Blitz §16",
                teams=", ".join(team.name for team in tied),
            )
        tournament.playoff_lots = ids
        tournament.save(update_fields=["playoff_lots", "updated_at"])
        names = {team.pk: team.name for team in tied}
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.PLAYOFF,
            target=AuditTarget(Target.PLAYOFF, "lots"),
            value_type=AuditEntry.ValueType.LOTS,
            old=previous or None,
            new=[names[pk] for pk in ids],
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return tournament


@write_service
def playoff_remove(*, tournament: Tournament, user=None, source: str = "command") -> None:
    """Delete a void play-off (its tie no longer exists) with its results and any lots drawn.

    Only a void play-off: one that still decides its tie is an official record (Blitz §16). The
    audit trail keeps every deleted pairing and result, and the tie the standings have now can be
    played off anew.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk, mode=EXCLUSIVE)  # deletes rounds: every writer waits
        refuse_when_finished(tournament)
        standings = standings_for_tournament(tournament=tournament)
        if not standings.playoff_void:
            still = gettext_noop("only a void play-off can be removed; this one still decides the tie for first place.")
            none = gettext_noop("no play-off has been paired.")
            raise RuleViolation(still if standings.playoff else none, field="playoff", rule="Blitz §16")
        rounds = list(tournament.rounds.filter(kind=Round.Kind.PLAYOFF).order_by("number"))
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.PLAYOFF,
            target=AuditTarget(Target.PLAYOFF, "play-off"),
            value_type=AuditEntry.ValueType.PLAYOFF,
            old={
                "teams": [entry.team.name for entry in standings.playoff],
                "rounds": [r.number for r in rounds],
                "results": {r.number: round_results(r) for r in rounds},
                "lots": tournament.playoff_lots,
            },
            new=None,
            user=user,
            source=source,
        )
        tournament.playoff_lots = []
        tournament.save(update_fields=["playoff_lots", "updated_at"])
        public_changed(tournament_id=tournament.pk)
        Round.objects.filter(pk__in=[r.pk for r in rounds]).delete()
