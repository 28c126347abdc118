"""The one lock order for every write, and the one retry of a write that lost a deadlock anyway.

Every service locks the rows it will change before it changes them, top down
(docs/architecture.md, "Locks"):

1. the tournament row,
2. its rounds,
3. its matches, by id (their sides, games and seats are written only under their match's lock),
4. rows kept beside them (an incident, a stored check, a publication target),
5. the public version, last (``public_changed``, the statement before the commit).

Two writers that take their locks in this order wait for each other; they never wait in a
circle. The modes say how strongly, so writers that need not exclude each other do not:

- ``KEY_SHARE`` (FOR KEY SHARE): the row must stay as it is keyed. A result writer takes it on
  the tournament, so a service deleting or renumbering below the tournament waits for it.
- ``SHARE`` (FOR SHARE): the row must not change until the commit. A result writer takes it on
  its round and decides from the round's ``published_at`` it read under that lock.
- ``UPDATE`` (FOR NO KEY UPDATE): the service updates the row. It does not conflict with the
  ``FOR KEY SHARE`` PostgreSQL takes on the tournament for every audit entry's foreign key at the
  commit, so director actions and result writers no longer deadlock there.
- ``EXCLUSIVE`` (FOR UPDATE): the service deletes rows under the tournament or changes their keys
  (a round unpaired, seeds renumbered): every other writer of the tournament waits for it.

Inside one service (and the services it calls) the order is checked: locking a higher level, or a
lower id on the same level, after a later one raises ``LockOrderError`` (a programming error that
the tests find). SQLite has no row locks; its writes are serialised by immediate transactions.
"""

import contextvars
import enum
import functools
import logging
from dataclasses import dataclass, field

from django.db import OperationalError, connection

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import Match, Round, Tournament

logger = logging.getLogger(__name__)

# PostgreSQL's SQLSTATEs of a transaction it aborted to resolve a conflict: retrying it at once is safe
DEADLOCK, SERIALIZATION_FAILURE = "40P01", "40001"
# PostgreSQL gave up waiting for a lock (``lock_timeout``): another write holds it for long, so the
# write is refused as a conflict without waiting again
LOCK_NOT_AVAILABLE = "55P03"
SQLITE_BUSY = 5  # SQLite's "database is locked" after its timeout: the same for its one write lock


class Mode(enum.Enum):
    KEY_SHARE = "FOR KEY SHARE"
    SHARE = "FOR SHARE"
    UPDATE = "FOR NO KEY UPDATE"
    EXCLUSIVE = "FOR UPDATE"


KEY_SHARE, SHARE, UPDATE, EXCLUSIVE = Mode.KEY_SHARE, Mode.SHARE, Mode.UPDATE, Mode.EXCLUSIVE


class Level(enum.IntEnum):
    TOURNAMENT = 1
    ROUND = 2
    MATCH = 3
    BESIDE = 4
    PUBLIC_VERSION = 5


class LockOrderError(AssertionError):
    """A service asked for a lock out of order: two of it could deadlock (a bug, not bad input)."""


class WriteConflict(RuleViolation):
    """The write lost a deadlock (or a serialization check) twice: nothing was saved; sending it
    again succeeds once the other write is through. Never "the database is not reachable"."""

    def __init__(self):
        super().__init__(
            gettext_noop(
                "another change to this tournament was being saved at the same moment; nothing was saved, please "
                "send it again."
            )
        )


STRENGTH = {KEY_SHARE: 1, SHARE: 2, UPDATE: 3, EXCLUSIVE: 4}


@dataclass
class _Scope:
    """The locks one service (with the services it calls) has taken, to check their order."""

    level: int = 0
    held: dict[Level, dict[int, Mode]] = field(default_factory=dict)


_scope: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar("arbiter_lock_scope", default=None)


def write_service(service):
    """Run ``service`` as one write: its locks are checked for their order, and where it is the
    outermost transaction, a deadlock or serialization failure is retried once from the start
    (the first attempt rolled back whole, its after-commit work discarded); a second one, or a
    lock waited for beyond the lock timeout, is a ``WriteConflict``. A service called inside
    another one's transaction joins that one's scope; only the outermost can be retried."""

    @functools.wraps(service)
    def run(*args, **kwargs):
        if _scope.get() is not None:
            return service(*args, **kwargs)
        attempts = 1 if connection.in_atomic_block else 2
        for attempt in range(1, attempts + 1):
            token = _scope.set(_Scope())
            try:
                return service(*args, **kwargs)
            except OperationalError as error:
                if not is_conflict(error):
                    raise
                if attempt == attempts or not _retriable(error):
                    raise WriteConflict() from error
                logger.warning("%s lost a lock conflict (%s); trying once more", service.__name__, error)
            finally:
                _scope.reset(token)

    return run


def is_conflict(error: BaseException) -> bool:
    """Whether the database refused the write because of another one, not because it is down: a
    deadlock or serialization conflict PostgreSQL resolved, or a lock waited for too long."""
    cause = error.__cause__
    busy = getattr(cause, "sqlite_errorcode", None)
    return (
        _retriable(error)
        or getattr(cause, "sqlstate", None) == LOCK_NOT_AVAILABLE
        or (busy is not None and busy & 0xFF == SQLITE_BUSY)
    )


def _retriable(error: BaseException) -> bool:
    return getattr(error.__cause__, "sqlstate", None) in (DEADLOCK, SERIALIZATION_FAILURE)


def lock_tournament(tournament_id: int, *, mode: Mode = UPDATE) -> Tournament:
    """The tournament, re-read under a lock of ``mode`` (level 1)."""
    (tournament,) = _lock(Tournament, Level.TOURNAMENT, [tournament_id], mode, read=Tournament.objects)
    return tournament


def lock_round(round_id: int, *, mode: Mode = UPDATE) -> Round:
    """The round (with its tournament), after the tournament: ``KEY_SHARE`` on it, or ``EXCLUSIVE``
    when the round is deleted."""
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=round_id)
    _lock(Tournament, Level.TOURNAMENT, [tournament_id], EXCLUSIVE if mode is EXCLUSIVE else KEY_SHARE)
    (round_,) = _lock(Round, Level.ROUND, [round_id], mode, read=Round.objects.select_related("tournament"))
    return round_


def lock_match(match_id: int, *, queryset=None, round_: Round | None = None, tournament_id: int | None = None) -> Match:
    """A match to write its result, lineup or incident, read from ``queryset`` (with
    ``round.tournament``) once locked: the tournament ``KEY_SHARE``, the round ``SHARE`` (its
    ``published_at`` cannot change before the commit), the match ``UPDATE``.

    ``round_``: the match's round as the caller read it, whose ids (never changed after the match
    is paired) spare the statement that looks them up; its other fields are read again locked.
    ``tournament_id``: the tournament the caller named (the API's URL); the round is then found
    by its own lock statement, the match joined but not locked, and a match of another
    tournament (or none) is ``Match.DoesNotExist``."""
    if round_ is not None:
        tournament_id, round_id = round_.tournament_id, round_.pk
    elif tournament_id is None:
        tournament_id, round_id = Match.objects.values_list("round__tournament_id", "round_id").get(pk=match_id)
    else:
        round_id = None  # found by its lock statement
    _lock(Tournament, Level.TOURNAMENT, [tournament_id], KEY_SHARE)
    if round_id is None:
        _lock_round_of(match_id, tournament_id=tournament_id)
    else:
        _lock(Round, Level.ROUND, [round_id], SHARE)
    read = (queryset if queryset is not None else Match.objects).select_related("round__tournament")
    (match,) = _lock(Match, Level.MATCH, [match_id], UPDATE, read=read)
    return match


def _lock_round_of(match_id: int, *, tournament_id: int) -> None:
    """The round of the match ``match_id`` of the tournament ``tournament_id``, locked ``SHARE`` by
    the statement that finds it (the match is joined, not locked: its round never changes once it
    is paired); checked against the order once its id is known, before anything else is locked."""
    rounds, matches = (connection.ops.quote_name(model._meta.db_table) for model in (Round, Match))
    locking = f"{SHARE.value} OF r" if connection.features.has_select_for_update else ""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT r.id FROM {rounds} r JOIN {matches} m ON m.round_id = r.id "  # noqa: S608
            f"WHERE m.id = %s AND r.tournament_id = %s {locking}",
            [match_id, tournament_id],
        )
        found = cursor.fetchone()
    if found is None:
        raise Match.DoesNotExist(f"no match {match_id} in tournament {tournament_id}")
    _enter(Level.ROUND, [found[0]], SHARE)


def lock_matches(match_ids, *, mode: Mode = UPDATE) -> list[int]:
    """Lock the matches ``match_ids`` in the order of their ids (a service that changes several:
    a withdrawal, an exchange, a round's results) after its tournament and round; returns the ids
    in that order."""
    ids = sorted(set(match_ids))
    _lock(Match, Level.MATCH, ids, mode)
    return ids


def lock_beside(model, ids, *, mode: Mode = UPDATE) -> None:
    """Rows kept beside the matches (level 4: an incident, a stored check), after them."""
    _lock(model, Level.BESIDE, sorted(set(ids)), mode)


def public_version_locking() -> None:
    """Record that the public version is locked now: nothing but re-locks may follow (level 5)."""
    _enter(Level.PUBLIC_VERSION, [0], UPDATE)


def _lock(model, level: Level, ids: list[int], mode: Mode, *, read=None) -> list:
    """Lock the rows ``ids`` of ``model`` in id order; with ``read`` (a queryset of ``model``)
    return them as read under the lock, in one statement where Django can say the mode."""
    new = _enter(level, ids, mode)
    rows = read.filter(pk__in=ids).order_by("pk") if read is not None else None
    if new and connection.features.has_select_for_update:
        if not connection.in_atomic_block:
            raise LockOrderError(f"{model.__name__} locked outside a transaction: the lock would end at once")
        if rows is not None and new == ids and mode in (UPDATE, EXCLUSIVE):
            return list(rows.select_for_update(no_key=mode is UPDATE, of=("self",)))
        table = connection.ops.quote_name(model._meta.db_table)
        with connection.cursor() as cursor:  # ORDER BY before the locking clause: rows are locked in id order
            cursor.execute(f"SELECT id FROM {table} WHERE id = ANY(%s) ORDER BY id {mode.value}", [new])  # noqa: S608
    return list(rows) if rows is not None else []


def _enter(level: Level, ids: list[int], mode: Mode) -> list[int]:
    """Check the order and record the rows; returns those to lock now: not held yet, or held in a
    weaker mode (a re-lock in the same or a weaker mode takes nothing new)."""
    scope = _scope.get()
    if scope is None:
        raise LockOrderError("a lock taken outside a write service (decorate it with @write_service)")
    held = scope.held.setdefault(level, {})
    new = [pk for pk in ids if STRENGTH[mode] > STRENGTH.get(held.get(pk), 0)]
    if new and (level < scope.level or (held and any(pk < max(held) for pk in new if pk not in held))):
        raise LockOrderError(f"{level.name} {min(new)} locked {mode.value} after {Level(scope.level).name}")
    held.update(dict.fromkeys(new, mode))
    scope.level = max(scope.level, level) if new else scope.level
    return new
