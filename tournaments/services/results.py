import re

from django.db import transaction
from django.db.models import F

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import result_violation
from tournaments.domain.results import parse_board_result
from tournaments.models import AuditEntry, BoardGame, Match

from .audit import audit_record


class StaleMatch(RuleViolation):
    """The match changed since the writer read it: refuse rather than overwrite (no lost updates)."""

    def __init__(self, match: Match):
        self.current = match
        super().__init__(
            gettext_noop("this match was changed by someone else in the meantime (now version %(version)d); reload and try again."),
            field="version",
            version=match.version,
        )


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
        match = Match.objects.select_for_update(of=("self",)).select_related("round__tournament").get(pk=board.match_id)
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        board = BoardGame.objects.get(pk=board.pk)
        new = ""
        if result not in (None, ""):
            parsed = parse_board_result(result, field=f"board {board.board}")
            problem = result_violation(
                parsed,
                first_present=board.first_player_id is not None,
                second_present=board.second_player_id is not None,
                board=board.board,
            )
            if problem:
                raise problem
            new = parsed.value
        if new == board.result:
            return board
        old, board.result = board.result, new
        board.save(update_fields=["result"])
        Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
        audit_record(
            tournament=match.round.tournament,
            match=match,
            action=AuditEntry.Action.RESULT,
            target=_board_label(match, board.board),
            old=old or None,
            new=new or None,
            user=user,
            source=source,
            reverts=reverts,
        )
        return board


def result_revert(*, audit_entry: AuditEntry, user=None, source: str = "command") -> BoardGame:
    """Undo one recorded result change (a director's correction); the undoing is recorded too.

    Only the latest change of a board can be undone, so a revert never silently throws away a
    later result someone else entered.
    """
    with transaction.atomic():
        entry = AuditEntry.objects.select_related("match").get(pk=audit_entry.pk)
        label = _BOARD_LABEL.search(entry.target) if entry.action == AuditEntry.Action.RESULT else None
        if label is None or entry.match is None:
            raise RuleViolation(gettext_noop("only a result change can be reverted."), field="audit_entry")
        Match.objects.select_for_update(of=("self",)).get(pk=entry.match_id)
        board = BoardGame.objects.get(match=entry.match, board=int(label.group(1)))
        later = AuditEntry.objects.filter(match=entry.match, action=AuditEntry.Action.RESULT, target=entry.target, pk__gt=entry.pk)
        if later.exists() or (board.result or None) != entry.new_value:
            raise RuleViolation(
                gettext_noop("this board's result was changed again since; revert the latest change first."),
                field="audit_entry",
            )
        return board_result_set(board=board, result=entry.old_value or "", user=user, source=source, reverts=entry)


_BOARD_LABEL = re.compile(r"\bB(\d+)$")


def _board_label(match: Match, board: int) -> str:
    return f"R{match.round.number} T{match.table} B{board}"
