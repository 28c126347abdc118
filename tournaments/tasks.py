"""Celery tasks: each takes primary keys and calls a service, so running one twice is harmless.

Each survives its worker (issue 27 item 4): acknowledged only once it has run (``acks_late``) and
delivered again when the worker process running it dies (``reject_on_worker_lost``), so it must be
and is idempotent; a database error is retried with backoff. What still stays unfinished is ended
by the reaper (``services/reaper.py``), which the worker runs every few minutes.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from tournaments.services.archive_jobs import archive_import_run
from tournaments.services.documents import round_bundle_build
from tournaments.services.pairing_jobs import rounds_pair_run
from tournaments.services.reaper import background_reap

SURVIVES = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "max_retries": 5,
}


@shared_task(**SURVIVES)
def round_bundle_build_task(round_id: int) -> str:
    """Build a round's print bundle (pairing list + match report forms); returns the final state."""
    bundle = round_bundle_build(round_id=round_id)
    return bundle.state if bundle is not None else "gone"


@shared_task(bind=True, **SURVIVES)
def archive_import_task(self, job_id: int) -> str:
    """Import a queued archive (services/archive_jobs.py); returns the final state. Delivered again
    after its worker died, it takes the job that worker left running (its import rolled back)."""
    retake = bool((self.request.delivery_info or {}).get("redelivered"))
    job = archive_import_run(job_id=job_id, retake=retake)
    return job.state if job is not None else "gone"


@shared_task(**SURVIVES)
def standings_verify_task(tournament_id: int) -> str:
    """Check the published standings against FIDE's reference tool (services/standings_check.py)."""
    from tournaments.services.standings_check import standings_verify

    check = standings_verify(tournament_id=tournament_id)
    return check.verdict if check is not None else "gone"


@shared_task(**SURVIVES)
def round_pairing_check_task(round_id: int) -> str:
    """Re-check a Swiss round with gacrux's pairing checker (services/pairing_check.py)."""
    from tournaments.services.pairing_check import round_pairing_check

    round_ = round_pairing_check(round_id=round_id)
    if round_ is None:
        return "no check"
    if round_.pairing_check.get("failed"):
        return "failed"
    return "agrees" if round_.pairing_check["agrees"] else "differs"


@shared_task(**SURVIVES)
def rounds_pair_task(tournament_id: int, number: int, user_id: int | None, source: str) -> str:
    """Pair round ``number`` of a large Swiss (services/pairing_jobs.py); nothing if it is paired."""
    return rounds_pair_run(tournament_id=tournament_id, number=number, user_id=user_id, source=source)


@shared_task
def background_reap_task() -> dict[str, int]:
    """End what stayed unfinished beyond its kind's lease (``CELERY_BEAT_SCHEDULE``)."""
    return background_reap()


@shared_task(**SURVIVES)
def publication_send_task(target_id: int) -> str:
    """Send the newest publication to a target (services/publication_outbox.py); one send per target at a time."""
    from tournaments.services.publication_outbox import publication_send

    return publication_send(target_id=target_id)


@shared_task
def publication_outbox_task() -> int:
    """Hand every target whose retry is due to a worker (``CELERY_BEAT_SCHEDULE``); returns how many."""
    from tournaments.services.publication_outbox import due_targets

    due = list(due_targets().values_list("pk", flat=True))
    for target_id in due:
        publication_send_task.delay(target_id)
    return len(due)
