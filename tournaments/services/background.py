"""Work that follows a write and may take long: a gacrux check (issue 16) takes tens of seconds at
200 teams, a round's print bundle seconds.

With a broker (``CELERY_BROKER_URL``) the task is queued once the write commits and a worker runs
it. The embedded default has none: Celery then runs tasks eagerly, inside the request that
committed the write, and the TD would wait for gacrux. There the task runs in a thread of its
own after the commit, so the request returns at once; the stored verdict says "pending" (or, for a
round's pairing, "not answered yet") until the thread stores the answer.
"""

import logging
import threading

from django.conf import settings
from django.db import connections, transaction

from arbiter.celery import app as celery_app

logger = logging.getLogger(__name__)
_threads: list[threading.Thread] = []  # the checks started in this process, for tests to wait on


def run_after_commit(task, *args) -> None:
    """Run ``task(*args)`` once the current transaction commits, off the request.

    ``robust``: a task that cannot be queued or fails is logged and never undoes the write.
    """
    transaction.on_commit(lambda: _start(task, args), robust=True)


def _start(task, args) -> None:
    if not celery_app.conf.task_always_eager:  # Celery's own answer: a broker is configured
        task.delay(*args)
        return
    if not settings.TASKS_IN_THREAD:  # the tests: inline, as Celery's eager mode runs it
        _run(task, args, close=False)
        return
    thread = threading.Thread(
        target=_run, args=(task, args), name=f"{task.name}{args}"
    )  # not a daemon: a command waits for it at exit
    _threads[:] = [alive for alive in _threads if alive.is_alive()] + [thread]
    thread.start()


def _run(task, args, *, close: bool = True) -> None:
    """Run the task as Celery's eager mode does (``apply``): a database error is retried as a
    worker retries it (tasks.py), here at once."""
    try:
        result = task.apply(args=args, throw=False)  # thrown, a retry would end the run
        if result.failed():  # the verdict stays "pending" until the reaper ends it; the log says why
            logger.error("background task %s%s failed:\n%s", task.name, args, result.traceback)
    except Exception:
        logger.exception("background task %s%s failed", task.name, args)
    finally:
        if close:
            connections.close_all()  # the thread's own connections


def wait_for_background(timeout: float = 120.0) -> None:
    """Wait for every check started in this process (what a test reads after a request)."""
    for thread in list(_threads):
        thread.join(timeout)
