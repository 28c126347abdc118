"""Forcing an interleaving of two transactions on PostgreSQL: one holds its writes open while the
other waits for a lock, then commits (the lock order's tests and the push tokens' race)."""

import threading
import time

from django.db import connection, transaction


def held_then(first, second) -> list[str]:
    """Run ``first`` in a transaction kept open until ``second``, started in another thread,
    waits for a lock (or is done); then commit ``first``. Returns the errors of both."""
    errors, written, release = [], threading.Event(), threading.Event()

    def run(action, *, hold: bool):
        try:
            with transaction.atomic():
                action()
                if hold:
                    written.set()
                    release.wait(30)
        except Exception as error:  # noqa: BLE001 - every failure is the finding
            errors.append(f"{action.__name__}: {error!r}")
        finally:
            written.set()
            connection.close()

    holder = threading.Thread(target=run, args=(first,), kwargs={"hold": True})
    holder.start()
    written.wait(30)
    other = threading.Thread(target=run, args=(second,), kwargs={"hold": False})
    other.start()
    _until_waiting(other)
    release.set()
    holder.join(30)
    other.join(30)
    return errors


def _until_waiting(thread: threading.Thread, timeout: float = 10) -> None:
    """Until another session of this database waits for a lock, or ``thread`` has ended."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while thread.is_alive() and time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return
            time.sleep(0.02)
