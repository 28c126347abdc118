"""The one result writer: a board's result, a match's one result, a table's finishing order.

Every result reaches the database here (issue 24): the desk's grid and the API
(``encounter_result_set``), a whole round at once (``round_results_set``), a director's revert
(``result_revert``) and an incident that decides a game (``services/incidents.py``). The
discipline turns the entry into what it writes and checks it against the encounter as stored
(``DisciplineRules.written``), deciding who is present per side from every seat of that side.
The writer locks, refuses a stale write, stores, versions, audits and tells the public pages.

Versions are per game (issue 28 item 5): a write names the match's version it read, and is
refused (``StaleMatch``, the API's 409) only if the game it writes changed since; a result of
the match as a whole (tandem, Viererschach, a table's places) conflicts with any change.
"""

import operator
from collections import defaultdict
from collections.abc import Mapping
from functools import reduce

from django.db import transaction
from django.db.models import F, Q

from tournaments.domain.encounter import EncounterState, GameState, ResultEntry, SeatState, Written
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, BoardGame, Match, MatchSide, Round, Seat, Tournament
from tournaments.selectors.encounters import encounter_rows
from tournaments.selectors.schedule import tournament_pairing_system

from .audit import Target, audit_entry, board_target, match_target
from .locks import SHARE, lock_match, lock_matches, lock_round, write_service
from .pairing_check import round_pairing_check_later
from .public import public_changed
from .standings_check import standings_changed
from .statements import execute, insert, update
from .tournaments import refuse_when_finished, refuse_when_mirrored


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
def encounter_result_set(
    *,
    match: Match,
    entry: ResultEntry,
    expected_version: int | None = None,
    user=None,
    source: str = "command",
    reverts: AuditEntry | None = None,
    tournament: Tournament | None = None,
) -> Match:
    """Write ``entry`` on ``match``, or refuse it naming the field and the rule; returns the match.

    ``tournament``: the tournament the client named (the API's URL), so ``match`` need be no more
    than its id: the writer finds its round by locking it, and a match of another tournament is
    ``Match.DoesNotExist``.

    With ``expected_version`` (the match's version the client read) a write to a game changed
    since, or to the match as a whole after any change, is refused with ``StaleMatch``. The
    match's version goes up by one with every change; writing what is stored changes nothing.

    The encounter is read as the read model reads it, and the returned match's ``encounter_rows``
    hold it as written (``EncounterRows.written``): a caller answering with the match's view
    builds it from them, in the same transaction's state, without reading it again.
    """
    with transaction.atomic():
        known = match.round if Match.round.is_cached(match) else None  # the view's read: no look-up of its ids
        named = tournament.pk if tournament is not None else None
        (match,) = _locked(round_id=match.round_id, match_ids=[match.pk], round_=known, tournament_id=named)
        rows = encounter_rows(tournament=match.round.tournament, match_ids=[match.pk])
        encounter = encounter_state(match, rows.games[match.pk])
        if expected_version is not None and _stale(match, encounter, entry, expected_version):
            raise StaleMatch(match)
        written = match.round.tournament.discipline_rules.written(entry, encounter)
        if _store(match.round, [(match, encounter, written)], user=user, source=source, reverts=reverts):
            rows.written(
                match.pk,
                version=match.version,
                results=written.results,
                match=written.match,
                places=written.places,
                emptied=written.emptied,
            )
        match.encounter_rows = rows
        return match


@write_service
def round_results_set(
    *, round_: Round, results: Mapping[tuple[int, int], str | None], leg: int = 1, user=None, source: str = "command"
) -> int:
    """Record the results ``{(table, board): result}`` of one round (of one ``leg`` with double rounds), all or nothing.

    ``None`` or "" clears a result; boards not named keep theirs. Each is checked as one written
    alone, its errors naming round, table and board; each changed match's version goes up by one,
    each changed board gets its own audit entry, and the whole round costs a handful of
    statements (a desk typing 100 match sheets, a bulk upload, the benchmark generator). Where a
    match has one result of its own (Tandem §1.3) this is refused: enter those one by one.
    Returns the number of boards changed.
    """
    with transaction.atomic():
        ids = list(Match.objects.filter(round=round_, leg=leg).values_list("pk", flat=True))
        matches = {match.table: match for match in _locked(round_id=round_.pk, match_ids=ids)}
        round_ = Round.objects.select_related("tournament").get(pk=round_.pk)  # read under its lock
        discipline = round_.tournament.discipline_rules
        if refusal := discipline.board_entry_refusal(field="round"):
            raise refusal
        encounters = encounter_states(matches.values())
        changes = []
        for (table, board), text in sorted(results.items()):
            place = f"round {round_.number}, table {table}" + (f", leg {leg}" if leg != 1 else "") + f", board {board}"
            match = matches.get(table)
            if match is None:
                raise RuleViolation(gettext_noop("this round has no table %(table)s."), field=place, table=table)
            entry = ResultEntry(board=board, result=text or "")
            changes.append((match, encounters[match.pk], discipline.written(entry, encounters[match.pk], field=place)))
        for match in matches.values():
            match.round = round_  # for the audit labels, without a query per match
        return _store(round_, changes, user=user, source=source)


# What a revert can undo: a board's result and a match's one result (or a table's finishing order).
REVERTIBLE = (Target.BOARD, Target.MATCH)


@write_service
def result_revert(*, audit_entry: AuditEntry, user=None, source: str = "command") -> Match:
    """Undo one recorded result change (a director's correction); the undoing is recorded too.

    Only the latest change of a board or match can be undone, so a revert never silently throws
    away a later result someone else entered. The entry's target columns say what it changed; a
    finishing order brings back the players its ``-`` took from their seats. Returns the match.
    """
    with transaction.atomic():
        entry = AuditEntry.objects.select_related("match__round").get(pk=audit_entry.pk)
        if entry.action != AuditEntry.Action.RESULT or entry.match is None or entry.target_kind not in REVERTIBLE:
            raise RuleViolation(gettext_noop("only a result change can be reverted."), field="audit_entry")
        (match,) = _locked(round_id=entry.match.round_id, match_ids=[entry.match_id])
        later = AuditEntry.objects.filter(
            match=match,
            action=AuditEntry.Action.RESULT,
            target_kind=entry.target_kind,
            board=entry.board,
            seat=entry.seat,
            pk__gt=entry.pk,
        )
        encounter = encounter_states([match])[match.pk]
        current = match.round.tournament.discipline_rules.written(_entry(entry, entry.new_value), encounter)
        if later.exists() or current.changed:
            raise RuleViolation(
                gettext_noop("this result was changed again since; revert the latest change first."),
                field="audit_entry",
            )
        for cleared in (entry.new_value or {}).get("cleared", []) if entry.value_type == _FINISH else []:
            Seat.objects.filter(game__match=match, position=cleared["seat"], player__isnull=True).update(
                player_id=cleared["player"]
            )
        return encounter_result_set(
            match=match, entry=_entry(entry, entry.old_value), user=user, source=source, reverts=entry
        )


_FINISH = AuditEntry.ValueType.FINISH


def _entry(audit: AuditEntry, value) -> ResultEntry:
    """The entry that writes ``value`` (the audit entry's old or new value) where ``audit`` wrote."""
    if audit.target_kind == Target.BOARD:
        return ResultEntry(board=audit.board, result=value or "")
    if audit.value_type == _FINISH:
        return ResultEntry(places=(value or {}).get("places", ""))
    value = value or {}
    return ResultEntry(
        result=value.get("result") or "",
        deciding_board=value.get("deciding_board"),
        decided_by=value.get("decided_by") or "",
    )


def encounter_states(matches) -> dict[int, EncounterState]:
    """The encounters ``matches`` (by id) as the writer judges them: sides, games, who sits at
    each seat and its side's place. One query for their seats, whatever their number."""
    games = {match.pk: {} for match in matches}
    rows = Seat.objects.filter(game__match_id__in=list(games)).values(*_STATE_FIELDS)
    for row in rows.order_by("game__board", "position"):
        games[row["game__match_id"]].setdefault(row["game__board"], []).append(row)
    return {match.pk: encounter_state(match, games[match.pk]) for match in matches}


# the seat fields the writer judges by: a subset of what the read model reads (``encounter_rows``)
_STATE_FIELDS = (
    "game__match_id",
    "game__board",
    "game__result",
    "game__changed_in",
    "position",
    "side__position",
    "player_id",
    "side__place",
)


def encounter_state(match: Match, games: Mapping[int, list[dict]]) -> EncounterState:
    """``match`` as the writer judges it, from its seat rows per board (in board and seat order)."""
    seats = [row for rows in games.values() for row in rows]
    return EncounterState(
        sides=max((row["side__position"] for row in seats), default=1),
        games=tuple(
            GameState(
                board,
                rows[0]["game__result"],
                tuple(
                    SeatState(row["position"], row["side__position"], row["player_id"], row["side__place"])
                    for row in rows
                ),
                rows[0]["game__changed_in"],
            )
            for board, rows in games.items()
        ),
        result=match.result,
        deciding_board=match.deciding_board,
        decided_by=match.decided_by,
    )


def _locked(
    *, round_id: int | None, match_ids: list[int], round_: Round | None = None, tournament_id: int | None = None
) -> list[Match]:
    """The matches, locked for writing in the one lock order (``services/locks.py``): their round
    shared, so its ``published_at`` cannot change before the commit and the public version moves
    by what is read here (issue 27 item 5: a publish racing the write), then the matches by id.
    ``round_``, ``tournament_id``: what the caller knows of one match (``lock_match``)."""
    if len(match_ids) == 1:
        return [lock_match(match_ids[0], round_=round_, tournament_id=tournament_id)]
    round_ = lock_round(round_id, mode=SHARE)
    lock_matches(match_ids)
    matches = list(Match.objects.filter(pk__in=match_ids).order_by("pk"))
    for match in matches:
        match.round = round_
    return matches


def _stale(match: Match, encounter: EncounterState, entry: ResultEntry, expected: int) -> bool:
    """A write to a game is stale if that game changed after ``expected``; a write to the match
    as a whole if anything did (issue 28 item 5). A version the match never had is stale too."""
    if expected > match.version:
        return True
    game = next((game for game in encounter.games if game.board == entry.board), None)
    if entry.board is None or game is None:
        return expected != match.version
    return game.changed_in > expected


def _store(round_: Round, changes: list[tuple[Match, EncounterState, Written]], *, user, source, reverts=None) -> int:
    """Store what each entry writes, raise each changed match's version by one (marking the games
    it changed with the new version), audit every change, and move the public version if the
    round is public. Returns the number of changes.

    The stores, the versions and the audit entries go to the database as one statement
    (``statements.py``): each row is written once, and nothing here reads what it wrote."""
    refuse_when_finished(round_.tournament)
    refuse_when_mirrored(round_.tournament)
    changes = [(match, encounter, written) for match, encounter, written in changes if written.changed]
    versions = {match.pk: match.version + 1 for match, _, _ in changes}
    games = defaultdict(list)  # (result, the match's new version) -> where those games are
    own = {}  # a match's own result (Tandem §1.3, Vierer §2): match -> its fields
    writes = []
    for match, encounter, written in changes:
        for board, result in written.results.items():
            games[(result, versions[match.pk])].append(Q(match_id=match.pk, board=board))
        if written.match is not None:
            own[match.pk] = written.match
        writes += _table_writes(match, encounter, written)
    for (result, version), where in games.items():
        writes.append(update(BoardGame.objects.filter(reduce(operator.or_, where)), result=result, changed_in=version))
    for pk, fields in own.items():
        writes.append(update(Match.objects.filter(pk=pk), **fields, version=versions[pk]))
    writes.append(update(Match.objects.filter(pk__in=versions.keys() - own.keys()), version=F("version") + 1))
    for match, _, _ in changes:
        match.version = versions[match.pk]
        for name, value in own.get(match.pk, {}).items():
            setattr(match, name, value)
    entries = [
        audit_entry(
            tournament=round_.tournament,
            match=match,
            action=AuditEntry.Action.RESULT,
            target=board_target(match, written.board) if written.board else match_target(match),
            value_type=written.value_type,
            old=written.old,
            new=written.new,
            user=user,
            source=source,
            reverts=reverts,
        )
        for match, _, written in changes
    ]
    execute([*writes, insert(AuditEntry, entries)])
    if changes:
        _derived_outdated(round_)
    if changes and round_.published_at is not None:  # a draft round's results are not public
        standings_changed(tournament_id=round_.tournament_id)
        public_changed(tournament_id=round_.tournament_id)
    return len(changes)


def _derived_outdated(round_: Round) -> None:
    """A result changed under what was built on it (issue 28 item 1): a later round that a
    system pairing from the standings paired on this one is checked by gacrux again, so the desk
    shows whether its pairing still follows from the results as they are now. (A play-off is
    judged against the standings whenever they are read: ``playoff_stands``.)"""
    if not tournament_pairing_system(round_.tournament).reads_history:
        return
    later = Round.objects.filter(
        tournament_id=round_.tournament_id, kind=Round.Kind.REGULAR, number__gt=round_.number
    ).filter(pairing_check__isnull=False)
    for paired in later:
        round_pairing_check_later(round_=paired)


def _table_writes(match: Match, encounter: EncounterState, written: Written) -> list:
    """A table's finishing order: each side's place, and the seats its ``-`` empties."""
    writes = []
    if written.places is not None:
        side_of = {seat.position: seat.side for game in encounter.games for seat in game.seats}
        for side, place in {side_of[seat]: place for seat, place in written.places.items()}.items():
            writes.append(update(MatchSide.objects.filter(match=match, position=side), place=place))
    if written.emptied:
        writes.append(update(Seat.objects.filter(game__match=match, position__in=written.emptied), player=None))
    return writes
