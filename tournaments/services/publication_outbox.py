"""The durable outbox of publications (issue 31): publishing never waits for the network.

A target is waiting while its tournament's public version (``PublicVersion.token``, moved by every public
change in the change's own transaction) differs from the token it last sent: the database says what is
owed, so nothing is lost when the network, the worker or the laptop is down. ``public_changed`` only asks
for a send once its transaction has committed (``publication_changed``); it takes no lock and writes
nothing more.

A send builds the newest publication of the tournament (``publication_build``, into the target's own
local folder; not again while the public version has not moved since that folder's build) and hands it to
the target's transport. After hours offline that is one send of the latest state, never one per change
missed. A failure stores the transport's words and the next try: ``FIRST_RETRY`` seconds, doubling, at
most ``LAST_RETRY``. The cap leaves the send itself half a minute (the failed try already built the
publication), so a target that comes back is up to date within a minute. Changes do not hurry a failing
target; "send now" does.

One send per target at a time: a send claims its target by one conditional UPDATE of the row (a lease
until ``claimed_until``), outside any write service's transaction and without holding a lock across the
network; a second sender finds it claimed and leaves it. A change that commits during a send is sent by
that sender once it has released the claim. A worker that dies leaves a claim the lease ends (the
reaper releases all of them when no worker can be running, ``services/reaper.py``).

Who sends: with a broker, the Celery task ``publication_send_task`` per target, and every 15 seconds
``publication_outbox_task`` for retries that came due (``CELERY_BEAT_SCHEDULE``); without one (``make
run``, ``arbiter run``), one thread per process that sends what is due and sleeps until the next retry or
the next change; the tests send inline.
"""

import json
import logging
import shutil
import threading
import traceback
from datetime import timedelta

from django.conf import settings
from django.db import connections, transaction
from django.db.models import F, Min, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.views.decorators.debug import sensitive_variables

from arbiter.celery import app as celery_app
from arbiter.sealed import Unreadable, unseal
from tournaments.domain.errors import gettext_noop
from tournaments.models import PublicationTarget, PublicVersion
from tournaments.transports import TransportError, transport_get

from .publication import publication_build

logger = logging.getLogger(__name__)

LEASE = timedelta(minutes=15)  # longer than a send can take: building and uploading a large event
FIRST_RETRY, LAST_RETRY = 5, 30  # seconds
UNCHANGED = "-"  # the token of a tournament whose public view never changed (no PublicVersion row yet)


def local_folder(target_id: int):
    """Where a target's publication is built before it is sent: a folder per target, so two targets of a
    tournament never build into one folder at once."""
    return settings.PUBLICATION_ROOT / f"target-{target_id}"


def publication_changed(tournament_id: int) -> None:
    """After a public change of the tournament committed: count it on its targets and have them sent."""
    targets = PublicationTarget.objects.filter(tournament_id=tournament_id, enabled=True)
    ids = list(targets.values_list("pk", flat=True))
    if ids:
        PublicationTarget.objects.filter(pk__in=ids).update(changes=F("changes") + 1)
        for target_id in ids:
            _start(target_id)


def outbox_kick(*, target_id: int) -> None:
    """Have the target sent once the current transaction commits (a new target, "send now")."""
    transaction.on_commit(lambda: _start(target_id), robust=True)


def waiting_targets():
    """Enabled targets that have not sent their tournament's current public version, with it as ``current``."""
    current = PublicVersion.objects.filter(tournament=OuterRef("tournament")).values("token")[:1]
    return (
        PublicationTarget.objects.filter(enabled=True)
        .annotate(current=Coalesce(Subquery(current), Value(UNCHANGED)))
        .exclude(sent_token=F("current"))
    )


def due_targets(now=None):
    """Waiting targets whose next try has come and that no send has claimed."""
    now = now or timezone.now()
    return waiting_targets().filter(
        Q(next_try_at__isnull=True) | Q(next_try_at__lte=now), Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    )


def publication_send(*, target_id: int) -> str:
    """Send the newest publication to the target if it is due; returns what happened ("sent", "failed",
    "busy": another send has it or it is not due, "gone")."""
    outcome = "busy"
    while _claim(target_id):
        try:
            outcome = _send(target_id)
        finally:
            PublicationTarget.objects.filter(pk=target_id).update(claimed_until=None)
        if outcome != "sent" or not waiting_targets().filter(pk=target_id).exists():
            break  # else a change came in during the send: the newest state goes too
    return outcome


def publication_outbox_run() -> float:
    """Send every due target, one after the other; returns the seconds until the next retry is due."""
    for target_id in list(due_targets().values_list("pk", flat=True)):  # read whole before the sends write
        publication_send(target_id=target_id)
    upcoming = waiting_targets().filter(next_try_at__isnull=False).aggregate(first=Min("next_try_at"))["first"]
    if upcoming is None:
        return LAST_RETRY
    return min(max((upcoming - timezone.now()).total_seconds(), 1.0), LAST_RETRY)


def publication_sends_interrupted(*, before) -> int:
    """Release the claims of sends started before ``before`` (their worker is gone); returns how many."""
    return PublicationTarget.objects.filter(claimed_until__lt=before + LEASE).update(claimed_until=None)


def _claim(target_id: int) -> bool:
    now = timezone.now()
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)  # checked again on the row it updates
    due = due_targets(now).filter(pk=target_id).values("pk")
    return bool(PublicationTarget.objects.filter(free, pk=target_id, pk__in=due).update(claimed_until=now + LEASE))


UNREADABLE_SECRET = gettext_noop(
    "the stored password or push token of this target cannot be read any more (this server's secret key "
    "changed): type it again in the target's settings."
)


@sensitive_variables("target", "secret")
def _send(target_id: int) -> str:
    target = PublicationTarget.objects.select_related("tournament").filter(pk=target_id).first()
    if target is None:
        return "gone"
    token = PublicVersion.objects.filter(tournament_id=target.tournament_id).values_list("token", flat=True).first()
    token, changes, tried = token or UNCHANGED, target.changes, timezone.now()
    try:
        secret = unseal(target.secret)
    except Unreadable:
        return _failed(target, tried, UNREADABLE_SECRET, {})
    try:
        version = _built(target, token)
        transport_get(target.kind).send(local=local_folder(target.pk), config=dict(target.config), secret=secret)
    except TransportError as error:
        return _failed(target, tried, error.message, error.params)
    except Exception as error:  # a fault of ours or of a transport: the desk still says it, the log has the rest
        words = _without_secret("".join(traceback.format_exception(error)), secret)
        logger.error("sending the publication to target %s failed:\n%s", target.pk, words)
        reason = _without_secret(str(error) or type(error).__name__, secret)[:300]
        return _failed(target, tried, gettext_noop("the publication could not be sent: %(reason)s"), {"reason": reason})
    PublicationTarget.objects.filter(pk=target.pk).update(
        sent_token=token,
        sent_version=version,
        sent_at=timezone.now(),
        last_try_at=tried,
        last_error=None,
        attempts=0,
        next_try_at=None,
        changes=F("changes") - changes,  # those counted while this send ran are still waiting
    )
    return "sent"


def _built(target: PublicationTarget, token: str) -> str:
    """The local publication of the state ``token`` names: built only when that state moved since this
    machine's last build (the stamp beside the folder says which; each worker host has its own)."""
    local = local_folder(target.pk)
    stamp = _stamp(local)
    if stamp.is_file() and stamp.read_text() == token and (local / "version.json").is_file():
        return _version(local)
    local.mkdir(parents=True, exist_ok=True)
    version = publication_build(target=local, tournaments=[target.tournament.slug])
    stamp.write_text(token)
    return version


def local_remove(target_id: int) -> None:
    """A removed target's local copy and its stamp."""
    local = local_folder(target_id)
    shutil.rmtree(local, ignore_errors=True)
    _stamp(local).unlink(missing_ok=True)


def _stamp(local):
    return local.with_name(f"{local.name}.built")


def _version(local) -> str:
    return json.loads((local / "version.json").read_text())["version"]


def _failed(target: PublicationTarget, tried, message: str, params: dict) -> str:
    attempts = target.attempts + 1
    PublicationTarget.objects.filter(pk=target.pk).update(
        last_try_at=tried,
        last_error={"message": message, "params": params},
        attempts=attempts,
        next_try_at=timezone.now() + timedelta(seconds=retry_after(attempts)),
    )
    return "failed"


def retry_after(attempts: int) -> int:
    """Seconds before the next try after ``attempts`` failed ones: doubling from FIRST_RETRY, at most LAST_RETRY."""
    return min(FIRST_RETRY * 2 ** min(attempts - 1, 16), LAST_RETRY)


def _without_secret(text: str, secret: str) -> str:
    return text.replace(secret, "•••") if secret else text


def _start(target_id: int) -> None:
    if not celery_app.conf.task_always_eager:  # a broker: a worker sends it
        from tournaments.tasks import publication_send_task

        publication_send_task.delay(target_id)
    elif settings.TASKS_IN_THREAD:
        _pump.wake()
    else:  # the tests: inline
        publication_send(target_id=target_id)


class _Pump:
    """Without a broker: one thread per process sends what is due, then sleeps until the next retry is due
    or a change wakes it. A daemon: a send cut off when the server stops leaves the previous publication
    (transports switch it atomically), and the next start sends again."""

    def __init__(self):
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._thread = None

    def wake(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="publication-outbox", daemon=True)
                self._thread.start()
        self._wake.set()

    def _loop(self) -> None:
        while True:
            self._wake.clear()
            try:
                pause = publication_outbox_run()
            except Exception:
                logger.exception("the publication outbox failed; trying again in %s seconds", LAST_RETRY)
                pause = LAST_RETRY
            finally:
                connections.close_all()
            self._wake.wait(pause)


_pump = _Pump()


def publication_outbox_start() -> None:
    """Without a broker, start the thread that sends what waited while no server ran (``arbiter run``)."""
    if celery_app.conf.task_always_eager and settings.TASKS_IN_THREAD:
        _pump.wake()
