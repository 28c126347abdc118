"""The round bundle service and task (eager here; tests/documents/test_celery_worker.py runs a real worker)."""

from pathlib import Path

import pytest

from tournaments.documents.round_bundle import RoundBundleDocument
from tournaments.models import AuditEntry, RoundBundle
from tournaments.services.documents import round_bundle_build, round_bundle_request
from tournaments.tasks import round_bundle_build_task

from .pdf import pages

pytestmark = pytest.mark.django_db


def test_a_request_queues_the_build_until_commit_and_the_task_then_stores_the_pdf(
    played, django_capture_on_commit_callbacks
):
    round_ = played.rounds.get(number=2)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        bundle = round_bundle_request(round_=round_, per_page=1)
    assert bundle.state == RoundBundle.State.QUEUED and len(callbacks) == 1
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PRINT, target="R2 bundle").count() == 1

    callbacks[0]()  # the broker is eager in tests: the task runs right here
    bundle.refresh_from_db()
    assert (bundle.state, bundle.error) == (RoundBundle.State.READY, "")
    printed = pages(Path(bundle.file.path).read_bytes())
    assert len(printed) == 3  # pairing list + two forms, one per page
    assert "Pairings – round 2" in printed[0]
    assert "Match report form Round 2 · Table 1" in printed[1]


def test_building_twice_replaces_the_file(played, django_capture_on_commit_callbacks):
    round_ = played.rounds.get(number=1)
    first = round_bundle_build(round_id=round_.pk)
    old_path = Path(first.file.path)
    assert old_path.exists()
    with django_capture_on_commit_callbacks(execute=True):  # the old file goes once the new one is committed
        second = round_bundle_build_task(round_.pk)  # what the worker runs
    assert second == RoundBundle.State.READY
    bundle = RoundBundle.objects.get(round=round_)
    assert Path(bundle.file.path).exists() and not old_path.exists()
    assert RoundBundle.objects.count() == 1


def test_a_failed_render_is_recorded_on_the_bundle_for_the_desk(played, monkeypatch):
    def broken(self):
        raise OSError("disk full")

    monkeypatch.setattr(RoundBundleDocument, "render", broken)
    bundle = round_bundle_build(round_id=played.rounds.get(number=1).pk)
    bundle.refresh_from_db()
    assert (bundle.state, bundle.error) == (RoundBundle.State.FAILED, "OSError: disk full")
    assert not bundle.file


def test_a_deleted_round_leaves_nothing_to_build(played):
    round_ = played.rounds.get(number=3)
    round_id = round_.pk
    round_.delete()
    assert round_bundle_build_task(round_id) == "gone"
