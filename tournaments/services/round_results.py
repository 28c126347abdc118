"""Entering a whole round's results at once: the same rules and audit trail as one board at a time.

A desk that types 100 match sheets, a bulk upload, and the benchmark generator would otherwise pay
one transaction and five queries per board; this validates everything first and writes with a
handful of statements, whatever the size of the round.
"""

from collections import defaultdict
from collections.abc import Mapping

from django.db import transaction
from django.db.models import F

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, BoardGame, Match, Round

from .audit import audit_entry, board_target
from .locks import SHARE, lock_matches, lock_round, write_service
from .public import public_changed
from .results import checked_board_result


@write_service
def round_results_set(
    *, round_: Round, results: Mapping[tuple[int, int], str | None], leg: int = 1, user=None, source: str = "command"
) -> int:
    """Record the results ``{(table, board): result}`` of one round (of one ``leg`` with double rounds), all or nothing.

    ``None`` or "" clears a result; boards not named keep theirs. Every board is checked as by
    ``board_result_set`` (spelling, and an empty seat allows only the forfeit, Blitz preamble);
    each changed match's version goes up by one and each changed board gets its own audit entry.
    Where a match has one result of its own (Tandem §1.3) boards take none: ``match_result_set``.
    Returns the number of boards changed.
    """
    with transaction.atomic():
        round_ = lock_round(round_.pk, mode=SHARE)
        discipline = round_.tournament.discipline_rules
        if refusal := discipline.board_entry_refusal(field="round"):
            raise refusal
        lock_matches(Match.objects.filter(round=round_, leg=leg).values_list("pk", flat=True))
        matches = {
            match.table: match
            for match in Match.objects.filter(round=round_, leg=leg).with_sides().prefetch_related("boards__seats")
        }
        for match in matches.values():
            match.round = round_  # for the audit labels, without a query per match
        changes = []  # (match, board, old, new)
        for (table, number), text in sorted(results.items()):
            place = f"round {round_.number}, table {table}" + (f", leg {leg}" if leg != 1 else "") + f", board {number}"
            board = _board(matches, table, number, place)
            new = checked_board_result(board, text, discipline=discipline, field=place)
            if new != board.result:
                changes.append((matches[table], board, board.result, new))
        by_value = defaultdict(list)
        for _match, board, _old, new in changes:
            by_value[new].append(board.pk)
        for value, pks in by_value.items():
            BoardGame.objects.filter(pk__in=pks).update(result=value)
        Match.objects.filter(pk__in={match.pk for match, *_ in changes}).update(version=F("version") + 1)
        AuditEntry.objects.bulk_create(
            audit_entry(
                tournament=round_.tournament,
                match=match,
                action=AuditEntry.Action.RESULT,
                target=board_target(match, board.board),
                value_type=AuditEntry.ValueType.RESULT,
                old=old or None,
                new=new or None,
                user=user,
                source=source,
            )
            for match, board, old, new in changes
        )
        if changes and round_.published_at is not None:  # a draft round's results are not public
            public_changed(tournament_id=round_.tournament_id)
        return len(changes)


def _board(matches: dict[int, Match], table: int, number: int, place: str) -> BoardGame:
    match = matches.get(table)
    if match is None:
        raise RuleViolation(gettext_noop("this round has no table %(table)s."), field=place, table=table)
    for board in match.boards.all():
        if board.board == number:
            return board
    if match.second_team_id is None:
        raise RuleViolation(gettext_noop("a bye has no boards."), field=place)
    raise RuleViolation(gettext_noop("board %(board)s does not exist in this match."), field=place, board=number)
