"""The round bundle: requested on the desk, built by a Celery worker (without a broker, in a thread after the
commit)."""

import logging
from datetime import timedelta

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.documents.match_report import FORMS_PER_PAGE
from tournaments.documents.registry import PrintJob
from tournaments.documents.round_bundle import RoundBundleDocument
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, Round, RoundBundle

from .audit import audit_record, round_target
from .background import run_after_commit
from .locks import lock_round, write_service

logger = logging.getLogger(__name__)

# A bundle takes seconds (a round of 100 matches: under 10 s); one unfinished this long lost its worker.
BUNDLE_LEASE = timedelta(minutes=10)
INTERRUPTED = gettext_noop("the build was interrupted before it finished (its worker stopped); build it again.")


@write_service
def round_bundle_request(*, round_: Round, per_page: int = 2, user=None, source: str = "desk") -> RoundBundle:
    """Queue a fresh build of the round's bundle; the task starts once this transaction commits.

    Requesting again while a build is under way is harmless: each build replaces the file.
    """
    from tournaments.tasks import round_bundle_build_task  # the task module imports this one

    if per_page not in FORMS_PER_PAGE:
        raise RuleViolation(gettext_noop("choose 1 or 2 forms per page."), field="per_page")
    with transaction.atomic():
        # the round, not the bundle first: unpairing (the tournament FOR UPDATE) deletes the bundle
        round_ = lock_round(round_.pk)
        bundle, _ = RoundBundle.objects.get_or_create(round=round_)
        bundle.state = RoundBundle.State.QUEUED
        bundle.error = ""
        bundle.forms_per_page = per_page
        bundle.save(update_fields=["state", "error", "forms_per_page", "updated_at"])
        audit_record(
            tournament=round_.tournament,
            action=AuditEntry.Action.PRINT,
            target=round_target(round_, f"R{round_.number} bundle"),
            value_type=AuditEntry.ValueType.BUNDLE,
            new={"forms_per_page": per_page},
            user=user,
            source=source,
        )
        run_after_commit(round_bundle_build_task, round_.pk)
        return bundle


def round_bundle_build(*, round_id: int) -> RoundBundle | None:
    """Render the bundle and store it in place of the previous file; safe to run twice.

    A failure is recorded on the bundle (state ``failed`` with the error) for the desk to show,
    not raised: a worker retrying a broken round would only fail again. A round deleted in the
    meantime leaves nothing to build (``None``).
    """
    round_ = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if round_ is None:
        return None
    bundle, _ = RoundBundle.objects.get_or_create(round=round_)
    RoundBundle.objects.filter(pk=bundle.pk).update(state=RoundBundle.State.RUNNING, error="")
    try:
        pdf = RoundBundleDocument(
            PrintJob(round_.tournament, round_, {"per_page": bundle.forms_per_page}, site=settings.SITE_URL)
        ).render()
    except RuleViolation as error:
        return _failed(bundle, error.text(gettext))
    except Exception as error:  # noqa: BLE001 - any render failure must reach the desk, not vanish in a log
        logger.exception("round bundle for round %s failed", round_id)
        return _failed(bundle, f"{type(error).__name__}: {error}")
    with transaction.atomic():
        bundle = RoundBundle.objects.select_for_update().get(pk=bundle.pk)
        previous = bundle.file.name
        name = f"{round_.tournament.slug}-round-{round_.number}.pdf"
        bundle.file.save(name, ContentFile(pdf), save=False)
        bundle.state = RoundBundle.State.READY
        bundle.error = ""
        bundle.save(update_fields=["file", "state", "error", "updated_at"])
        if previous and previous != bundle.file.name:
            storage = bundle.file.storage
            transaction.on_commit(lambda: storage.delete(previous))
    return bundle


def round_bundles_interrupted(*, before) -> int:
    """Fail the bundles queued or being built, untouched since ``before``: their worker died (the
    desk offers to build them again, where they would otherwise say "being built" for ever)."""
    unfinished = (RoundBundle.State.QUEUED, RoundBundle.State.RUNNING)
    return RoundBundle.objects.filter(state__in=unfinished, updated_at__lt=before).update(
        state=RoundBundle.State.FAILED, error=gettext(INTERRUPTED), updated_at=timezone.now()
    )


def _failed(bundle: RoundBundle, message: str) -> RoundBundle:
    bundle.state = RoundBundle.State.FAILED
    bundle.error = message[:2000]
    bundle.save(update_fields=["state", "error", "updated_at"])
    return bundle
