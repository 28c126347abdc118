"""Background work whose worker died is not left "running" for ever (issue 27 item 4).

Tasks are acknowledged only once they finish and are delivered again when their worker process
dies (``tasks.py``), so a killed worker's task normally runs again at once. What is still
unfinished after it could possibly have taken (a worker killed as a whole, a lost message, a
thread of ``make run`` ended with its process) is ended here, each kind by its own service: the
desk then says it was interrupted and offers to run it again. Run by the worker every few
minutes (``CELERY_BEAT_SCHEDULE``), by ``manage.py reap_background``, and at the start of
``make run`` and ``make serve`` with ``everything=True``: no task survives its process there.
"""

from django.utils import timezone

from tournaments.models import ArchiveImport

from .archive_jobs import ABANDONED_AFTER, archive_imports_expire
from .documents import BUNDLE_LEASE, round_bundles_interrupted
from .pairing_check import CHECK_LEASE as PAIRING_CHECK_LEASE
from .pairing_check import pairing_checks_interrupted
from .publication_outbox import LEASE as PUBLICATION_LEASE
from .publication_outbox import publication_sends_interrupted
from .standings_check import CHECK_LEASE as STANDINGS_CHECK_LEASE
from .standings_check import standings_checks_interrupted


def background_reap(*, everything: bool = False) -> dict[str, int]:
    """End the background work unfinished for longer than its kind can take (``everything``: all
    of it, when no worker can be running); returns how many of each kind."""
    now = timezone.now()

    def before(lease):
        return now if everything else now - lease

    return {
        "round bundles": round_bundles_interrupted(before=before(BUNDLE_LEASE)),
        "pairing checks": pairing_checks_interrupted(before=before(PAIRING_CHECK_LEASE)),
        "standings checks": standings_checks_interrupted(before=before(STANDINGS_CHECK_LEASE)),
        "archive imports": archive_imports_expire(jobs=ArchiveImport.objects.all(), before=before(ABANDONED_AFTER)),
        "publication sends": publication_sends_interrupted(before=before(PUBLICATION_LEASE)),
    }
