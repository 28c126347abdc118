"""Celery tasks: each takes primary keys and calls a service, so running one twice is harmless."""

from celery import shared_task

from tournaments.services.archive_jobs import archive_import_run
from tournaments.services.documents import round_bundle_build


@shared_task
def round_bundle_build_task(round_id: int) -> str:
    """Build a round's print bundle (pairing list + match report forms); returns the final state."""
    bundle = round_bundle_build(round_id=round_id)
    return bundle.state if bundle is not None else "gone"


@shared_task
def archive_import_task(job_id: int) -> str:
    """Import a queued archive (services/archive_jobs.py); returns the final state."""
    job = archive_import_run(job_id=job_id)
    return job.state if job is not None else "gone"


@shared_task
def standings_verify_task(tournament_id: int) -> str:
    """Check the published standings against FIDE's reference tool (services/standings_check.py)."""
    from tournaments.services.standings_check import standings_verify

    check = standings_verify(tournament_id=tournament_id)
    return check.verdict if check is not None else "gone"


@shared_task
def round_pairing_check_task(round_id: int) -> str:
    """Re-check a Swiss round with gacrux's pairing checker (services/pairing_check.py)."""
    from tournaments.services.pairing_check import round_pairing_check

    round_ = round_pairing_check(round_id=round_id)
    if round_ is None:
        return "no check"
    if round_.pairing_check.get("failed"):
        return "failed"
    return "agrees" if round_.pairing_check["agrees"] else "differs"
