"""Probe (issue 27 item 4): a Celery worker process killed in the middle of a task loses nothing.

A real worker (``celery worker``, prefork, one process) runs in a subprocess on the test database
and the Redis broker. The test holds a row the task must wait for, so the task is caught mid-way
for certain: its job already "running", its process blocked. Then the process is killed
(SIGKILL, as the kernel's OOM killer or ``kill -9`` does) and the row released; so for each kind
of task: a print bundle, an archive import, a pairing check, a standings check. The task was not
acknowledged (``acks_late``) and is delivered again (``reject_on_worker_lost``) to the process the
worker starts in its place, which finishes the job: never "running" for good, nothing twice.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.utils import timezone

from tests.builders import make_paired, make_tournament, play_round
from tests.probes import iterations
from tournaments.models import ArchiveImport, Round, RoundBundle, StandingsCheck, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive_jobs import archive_import_queue
from tournaments.services.pairing import round_pair_next
from tournaments.tasks import round_bundle_build_task, round_pairing_check_task, standings_verify_task

from .documents.test_celery_worker import BROKER, _redis_answers, redis_app  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parent.parent
DEADLINE = 90  # seconds for the worker to start and for a job to reach a state

pytestmark = [
    pytest.mark.probe,
    pytest.mark.celery_worker,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not _redis_answers(), reason=f"no Redis broker answering at {BROKER}"),
    pytest.mark.skipif("connection.vendor != 'postgresql'", reason="the worker process shares the test database"),
]

RUNS = iterations(ci=1, full=5)


@pytest.fixture
def worker(redis_app, tmp_path):  # noqa: F811 - the fixture imported above
    """A worker subprocess on this test's queue and database; stopped after the test."""
    database = connection.settings_dict
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
        "DATABASE_LOCK_TIMEOUT": "0",
        "CELERY_BROKER_URL": BROKER,
        "MEDIA_ROOT": str(tmp_path),
    }
    queue = redis_app.conf.task_default_queue
    command = [sys.executable, "-m", "celery", "-A", "arbiter", "worker", "--pool", "prefork", "--concurrency", "1"]
    command += ["-Q", queue, "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
    log = (tmp_path / "worker.log").open("w")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        log.close()


def pool_process(worker: subprocess.Popen) -> int:
    """The pid of the process the worker runs its tasks in (its one child)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        children = Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.1)
    pytest.fail("the worker started no pool process")


class Held:
    """``hold()`` run in a transaction of another connection, kept open until ``release()``, then
    rolled back."""

    def __init__(self, hold):
        self.ready, self.done = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold, args=(hold,))
        self.thread.start()
        assert self.ready.wait(30)

    def _hold(self, hold):
        try:
            with transaction.atomic():
                hold()
                self.ready.set()
                self.done.wait(DEADLINE)
                transaction.set_rollback(True)
        finally:
            self.ready.set()
            connection.close()

    def release(self):
        self.done.set()
        self.thread.join(30)


def key_share(table: str, pk: int) -> None:
    _lock(table, pk, "id", "FOR KEY SHARE")


def share(table: str, pk: int, *, column: str = "id") -> None:
    _lock(table, pk, column, "FOR SHARE")


def _lock(table: str, pk: int, column: str, mode: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {table} WHERE {column} = %s {mode}", [pk])  # noqa: S608 - fixed names


def until(condition, what: str):
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    pytest.fail(f"not within {DEADLINE} s: {what}")


def waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


def kill_mid_task(worker, held: Held, running) -> None:
    """Once the task is running and blocked on the held row, kill its process, then release."""
    until(lambda: running() and waiting_for_a_lock(), "the task running and waiting for the held row")
    os.kill(pool_process(worker), signal.SIGKILL)
    held.release()


def test_a_bundle_whose_worker_was_killed_is_built_by_the_next(worker):
    tournament = make_paired(teams=4)
    round_ = tournament.rounds.get(number=1)
    play_round(round_, {1: "1-0 1-0 ½-½ 0-1", 2: "0-1 0-1 1-0 ½-½"})
    for _ in range(RUNS):
        bundle = RoundBundle.objects.update_or_create(round=round_, defaults={"state": RoundBundle.State.QUEUED})[0]
        # the build stores its file under the bundle's row lock: FOR KEY SHARE lets it set "running"
        # first (the task is queued directly: the desk's request would wait for the row too)
        held = Held(lambda pk=bundle.pk: key_share("tournaments_roundbundle", pk))
        round_bundle_build_task.delay(round_.pk)

        def state(pk=bundle.pk):
            return RoundBundle.objects.get(pk=pk).state

        kill_mid_task(worker, held, lambda: state() == RoundBundle.State.RUNNING)
        until(lambda: state() == RoundBundle.State.READY, "the bundle built")
        assert RoundBundle.objects.get(pk=bundle.pk).error == ""


def test_an_archive_import_whose_worker_was_killed_is_imported_by_the_next(worker, django_user_model):
    user = django_user_model.objects.create_user("td", is_staff=True, is_superuser=True)
    source = make_paired(teams=4, name="Frankenwaldpokal")
    archive = archive_for_tournament(tournament=source)
    for run in range(RUNS):
        slug = f"kill-{run}-{uuid.uuid4().hex[:6]}"
        archive["tournament"]["slug"] = slug
        # the import inserts the tournament under this slug: it waits for the held insert of one
        held = Held(
            lambda slug=slug: Tournament.objects.create(
                name="Halt", slug=slug, preset="blitz-frankenwald", discipline="blitz", boards=4, colour_pattern="WB"
            )
        )
        job = archive_import_queue(archive=json.dumps(archive).encode(), user=user)
        kill_mid_task(worker, held, lambda job=job: ArchiveImport.objects.get(pk=job.pk).state == "running")
        until(lambda job=job: ArchiveImport.objects.get(pk=job.pk).state != "running", "the import ended")
        job.refresh_from_db()
        assert (job.state, job.error) == ("done", None)
        assert Tournament.objects.filter(slug=slug).count() == 1  # imported once, by the second process


@pytest.fixture
def swiss():
    """A team Swiss with round 1 paired (and checked inline: set up before the worker)."""
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    return tournament, round_pair_next(tournament=tournament)


def test_a_pairing_check_whose_worker_was_killed_is_answered_by_the_next(swiss, worker):
    tournament, round_ = swiss
    for _ in range(RUNS):
        Round.objects.filter(pk=round_.pk).update(pairing_check={"requested_at": timezone.now().isoformat()})
        # the check stores its verdict with an update of the round: FOR SHARE makes it wait there
        held = Held(lambda pk=round_.pk: share("tournaments_round", pk))
        round_pairing_check_task.delay(round_.pk)
        kill_mid_task(worker, held, lambda: True)

        def check(pk=round_.pk):
            return Round.objects.get(pk=pk).pairing_check

        until(lambda: "agrees" in check(), "the pairing checked")
        assert check()["agrees"] is True


def test_a_standings_check_whose_worker_was_killed_is_stored_by_the_next(swiss, worker):
    tournament, _ = swiss
    for _ in range(RUNS):
        StandingsCheck.objects.update_or_create(
            tournament=tournament, defaults={"verdict": "pending", "after_round": 0, "checked_at": timezone.now()}
        )
        # the verdict is stored under the check's row lock: FOR SHARE makes it wait there
        held = Held(lambda pk=tournament.pk: share("tournaments_standingscheck", pk, column="tournament_id"))
        standings_verify_task.delay(tournament.pk)
        kill_mid_task(worker, held, lambda: True)

        def verdict(pk=tournament.pk):
            return StandingsCheck.objects.get(tournament_id=pk).verdict

        until(lambda: verdict() != "pending", "the standings checked")
        assert verdict() == "not-checked"  # nothing is published yet: the check says so
