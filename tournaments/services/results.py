from django.db import transaction
from django.db.models import F

from tournaments.domain.disciplines import DisciplineRules, ResultEntry
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, BoardGame, Match

from .audit import Target, audit_record, board_target, match_target
from .locks import lock_match, write_service
from .public import public_changed


class StaleMatch(RuleViolation):
    """The match changed since the writer read it: refuse rather than overwrite (no lost updates)."""

    def __init__(self, match: Match):
        self.current = match
        super().__init__(
            gettext_noop(
                "this match was changed by someone else in the meantime (now version %(version)d); reload and try "
                "again."
            ),
            field="version",
            version=match.version,
        )


@write_service
def board_result_set(
    *,
    board: BoardGame,
    result: str | None,
    expected_version: int | None = None,
    user=None,
    source: str = "command",
    reverts: AuditEntry | None = None,
) -> BoardGame:
    """Record (or with ``None``/"" clear) one board's result, from the first-named team's view.

    The match's version goes up by one; a writer that names the version it read gets
    ``StaleMatch`` instead of overwriting a change it has not seen.
    """
    with transaction.atomic():
        match = lock_match(board.match_id)
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        board = BoardGame.objects.prefetch_related("seats").get(pk=board.pk)
        discipline = match.round.tournament.discipline_rules
        if refusal := discipline.board_entry_refusal(field=f"board {board.board}"):
            raise refusal
        new = checked_board_result(board, result, discipline=discipline)
        if new == board.result:
            return board
        old, board.result = board.result, new
        board.save(update_fields=["result"])
        Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
        audit_record(
            tournament=match.round.tournament,
            match=match,
            action=AuditEntry.Action.RESULT,
            target=board_target(match, board.board),
            value_type=AuditEntry.ValueType.RESULT,
            old=old or None,
            new=new or None,
            user=user,
            source=source,
            reverts=reverts,
        )
        if match.round.published_at is not None:  # a draft round's results are not public
            public_changed(tournament_id=match.round.tournament_id)
        return board


@write_service
def match_result_set(
    *,
    match: Match,
    result: str | None,
    deciding_board: int | None = None,
    decided_by: str = "",
    expected_version: int | None = None,
    user=None,
    source: str = "command",
    reverts: AuditEntry | None = None,
) -> Match:
    """Record (or with ``None``/"" clear) the one result of a match (Tandem §1.3).

    With it go the board that decided the match and how; the combination is checked by the
    domain (an agreed draw has no deciding board …). Versioned and audited like a board result.
    """
    with transaction.atomic():
        match = lock_match(match.pk, queryset=Match.objects.with_sides())
        tournament = match.round.tournament
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        if refusal := tournament.discipline_rules.match_entry_refusal(field="result"):
            raise refusal
        if match.second_team_id is None:
            raise RuleViolation(gettext_noop("a bye has no result to enter."), field="result")
        new = {"result": "", "deciding_board": None, "decided_by": ""}
        if result not in (None, ""):
            outcome = tournament.discipline_rules.match_outcome(
                result,
                deciding_board=deciding_board,
                decided_by=decided_by,
                boards=tournament.boards,
                seats=seats(match.boards.prefetch_related("seats")),
            )
            new = {
                "result": outcome.result.value,
                "deciding_board": outcome.deciding_board,
                "decided_by": outcome.decided_by.value if outcome.decided_by else "",
            }
        old = {"result": match.result, "deciding_board": match.deciding_board, "decided_by": match.decided_by}
        if new == old:
            return match
        for key, value in new.items():
            setattr(match, key, value)
        match.version += 1
        match.save(update_fields=[*new, "version"])
        audit_record(
            tournament=tournament,
            match=match,
            action=AuditEntry.Action.RESULT,
            target=match_target(match),
            value_type=AuditEntry.ValueType.MATCH_RESULT,
            old=old if old["result"] else None,
            new=new if new["result"] else None,
            user=user,
            source=source,
            reverts=reverts,
        )
        if match.round.published_at is not None:  # a draft round's results are not public
            public_changed(tournament_id=match.round.tournament_id)
        return match


def result_entry_set(*, match: Match, entry: ResultEntry, user=None, source: str = "command") -> Match:
    """Write a result where the discipline put it (``ResultEntry``): on its board, or as the
    match's one result with its deciding board and how (Tandem §1.3)."""
    if entry.board is None:
        return match_result_set(
            match=match,
            result=entry.result,
            deciding_board=entry.deciding_board,
            decided_by=entry.decided_by,
            user=user,
            source=source,
        )
    board = BoardGame.objects.prefetch_related("seats").get(match=match, board=entry.board)
    board_result_set(board=board, result=entry.result, user=user, source=source)
    return match


# What a revert can undo: a board's result and a match's one result.
REVERTIBLE = (Target.BOARD, Target.MATCH)


@write_service
def result_revert(*, audit_entry: AuditEntry, user=None, source: str = "command") -> Match:
    """Undo one recorded result change (a director's correction); the undoing is recorded too.

    Works for a board's result and for a match-level result (Tandem §1.3). Only the latest change
    of a board or match can be undone, so a revert never silently throws away a later result
    someone else entered. The entry's target columns say what it changed. Returns the match.
    """
    with transaction.atomic():
        entry = AuditEntry.objects.select_related("match__round").get(pk=audit_entry.pk)
        if entry.action != AuditEntry.Action.RESULT or entry.match is None or entry.target_kind not in REVERTIBLE:
            raise RuleViolation(gettext_noop("only a result change can be reverted."), field="audit_entry")
        match = lock_match(entry.match_id)
        later = AuditEntry.objects.filter(
            match=match,
            action=AuditEntry.Action.RESULT,
            target_kind=entry.target_kind,
            board=entry.board,
            seat=entry.seat,
            pk__gt=entry.pk,
        )
        if entry.value_type == AuditEntry.ValueType.FINISH:  # a table's finishing order (issue 15)
            from .table_results import table_places_revert

            return table_places_revert(entry=entry, match=match, later=later, user=user, source=source)
        on_board = entry.target_kind == Target.BOARD
        if on_board:
            board = BoardGame.objects.prefetch_related("seats").get(match=match, board=entry.board)
            current = board.result or None
        else:
            current = {"result": match.result, "deciding_board": match.deciding_board, "decided_by": match.decided_by}
            current = current if match.result else None
        if later.exists() or current != entry.new_value:
            raise RuleViolation(
                gettext_noop("this result was changed again since; revert the latest change first."),
                field="audit_entry",
            )
        if on_board:
            board_result_set(board=board, result=entry.old_value or "", user=user, source=source, reverts=entry)
        else:
            old = entry.old_value or {}
            match_result_set(
                match=match,
                result=old.get("result") or "",
                deciding_board=old.get("deciding_board"),
                decided_by=old.get("decided_by") or "",
                user=user,
                source=source,
                reverts=entry,
            )
        return match


def checked_board_result(board: BoardGame, result: str | None, *, discipline: DisciplineRules, field: str = "") -> str:
    """The canonical spelling of ``result`` for ``board`` ("" clears it), or the RuleViolation.

    Checks the spelling and that an empty seat allows only the forfeit (Blitz preamble); errors
    name ``field`` (default: "board N").
    """
    if result in (None, ""):
        return ""
    return discipline.board_result(
        result,
        first_present=board.first_player_id is not None,
        second_present=board.second_player_id is not None,
        field=field or f"board {board.board}",
    ).value


def seats(boards) -> list[tuple[bool, bool]]:
    """Per board: (first-named side has a player, second-named side has one)."""
    return [(b.first_player_id is not None, b.second_player_id is not None) for b in boards]
