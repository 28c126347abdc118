"""Large archive imports run by a worker, so no request waits for them (docs/archive.md).

An archive up to INLINE_ARCHIVE_BYTES is imported within its request, as before (201). A larger
one (up to MAX_ARCHIVE_BYTES) is checked to be JSON, stored and queued (202); the client polls
its ArchiveImport. The import itself is the same all-or-nothing ``tournament_import``; its
stage is kept in the cache, because the import's own transaction hides it from other readers.
"""

import logging
from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import ArchiveImport

from .archive import IMPORT_STAGES, archive_load, tournament_import

logger = logging.getLogger(__name__)

INLINE_ARCHIVE_BYTES = 256 * 1024  # a club event with a few dozen teams: well under a second
MAX_UNFINISHED_PER_USER = 2  # queued or running imports of one user at a time
UNFINISHED = (ArchiveImport.State.QUEUED, ArchiveImport.State.RUNNING)
# An import takes seconds (200 teams: under 10 s); a job unfinished this long lost its worker
# (services/reaper.py fails it; a worker killed mid-import has its task delivered again at once).
ABANDONED_AFTER = timedelta(minutes=15)


def archive_import_queue(*, archive: bytes, user, source: str = "api") -> ArchiveImport:
    """Check that ``archive`` is JSON within the size limit, store it and queue its import."""
    from tournaments.tasks import archive_import_task  # the task module imports this one

    archive_load(archive)
    with transaction.atomic():
        archive_imports_expire(jobs=ArchiveImport.objects.filter(user=user))
        if ArchiveImport.objects.filter(user=user, state__in=UNFINISHED).count() >= MAX_UNFINISHED_PER_USER:
            raise RuleViolation(
                gettext_noop(
                    "%(count)d of your imports are still waiting or running; start another when one has finished."
                ),
                field="archive",
                count=MAX_UNFINISHED_PER_USER,
            )
        job = ArchiveImport.objects.create(user=user, source=source, archive=archive, size=len(archive))
        transaction.on_commit(lambda: archive_import_task.delay(job.pk))
    return job


def archive_import_run(*, job_id: int, retake: bool = False) -> ArchiveImport | None:
    """Run a queued import once (a second run finds it taken and does nothing); with ``retake``
    (the task delivered again because its worker died mid-import, which rolled the import back)
    a running one too.

    A refused archive is recorded on the job (state ``failed``, the RuleViolation's parts, shown
    in the reader's language); the stored archive is dropped either way.
    """
    takes = UNFINISHED if retake else (ArchiveImport.State.QUEUED,)
    if not ArchiveImport.objects.filter(pk=job_id, state__in=takes).update(state=ArchiveImport.State.RUNNING):
        return ArchiveImport.objects.filter(pk=job_id).first()
    job = ArchiveImport.objects.select_related("user").get(pk=job_id)
    try:
        job.tournament = tournament_import(
            archive=bytes(job.archive), user=job.user, source=job.source, progress=lambda stage: _report(job.pk, stage)
        )
        job.state = ArchiveImport.State.DONE
    except RuleViolation as error:
        job.state, job.error = ArchiveImport.State.FAILED, _parts(error)
    except Exception:
        logger.exception("archive import %s failed", job_id)
        job.state = ArchiveImport.State.FAILED
        job.error = _parts(
            RuleViolation(gettext_noop("the import failed unexpectedly; the error has been logged."), field="archive")
        )
    job.archive = b""
    job.save(update_fields=["tournament", "state", "error", "archive", "updated_at"])
    cache.delete(_stage_key(job.pk))
    return job


def archive_imports_expire(*, jobs, before=None) -> int:
    """Fail the ``jobs`` still queued or running, untouched since ``before`` (default: for
    ABANDONED_AFTER): their worker was stopped or their task lost, and they would otherwise count
    against their user's limit for ever."""
    now = timezone.now()
    before = before or now - ABANDONED_AFTER
    interrupted = RuleViolation(
        gettext_noop("the import was interrupted before it finished (its worker stopped); send the archive again."),
        field="archive",
    )
    return jobs.filter(state__in=UNFINISHED, updated_at__lt=before).update(
        state=ArchiveImport.State.FAILED, error=_parts(interrupted), archive=b"", updated_at=now
    )


def archive_import_stage(job: ArchiveImport) -> tuple[str, int]:
    """The stage a running import has reached and its number (1 … len(IMPORT_STAGES))."""
    if job.state != ArchiveImport.State.RUNNING:
        return "", 0
    stage = cache.get(_stage_key(job.pk)) or IMPORT_STAGES[0]
    return stage, IMPORT_STAGES.index(stage) + 1


def archive_import_error(job: ArchiveImport) -> RuleViolation | None:
    if not job.error:
        return None
    parts = job.error
    return RuleViolation(parts["message"], field=parts["field"], rule=parts["rule"], **parts["params"])


def _report(job_id: int, stage: str) -> None:
    cache.set(_stage_key(job_id), stage, timeout=24 * 3600)


def _stage_key(job_id: int) -> str:
    return f"archive-import-stage:{job_id}"


def _parts(error: RuleViolation) -> dict:
    params = {key: value if isinstance(value, (int, float)) else str(value) for key, value in error.params.items()}
    return {"message": error.message, "field": error.field, "rule": error.rule, "params": params}
