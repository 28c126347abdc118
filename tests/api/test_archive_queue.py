"""Large archives are imported by a worker: 202 with a status to poll, progress by stage, the
outcome (tournament or error in the reader's language); small ones stay 201 as before."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from tournaments.models import ArchiveImport, Tournament
from tournaments.selectors import public_version
from tournaments.services import archive_jobs
from tournaments.services.archive import IMPORT_STAGES, tournament_import
from tournaments.services.publication_outbox import publication_changed

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "fixtures" / "frankenwald-playoff.json"


@pytest.fixture
def small_inline_limit(monkeypatch):
    """The example archive (8 KB) counts as large."""
    monkeypatch.setattr(archive_jobs, "INLINE_ARCHIVE_BYTES", 1000)


def _post(client, body: bytes, **extra):
    return client.generic("POST", "/api/v1/archives/", body, content_type="application/json", **extra)


def test_a_small_archive_is_still_imported_at_once(world):
    response = _post(world.client("director_b"), EXAMPLE.read_bytes())
    assert response.status_code == 201 and "slug" in response.json()
    assert not ArchiveImport.objects.exists()


def test_a_large_archive_is_queued_and_polled(world, small_inline_limit, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = _post(world.client("director_b"), EXAMPLE.read_bytes())
    # the task is sent once the job is committed; the import's own commit also outdates the new
    # tournament's cached public version (services/public.py) and wakes its publication targets
    # (services/publication_outbox.py), which are not the task
    public_change = (public_version.forget, publication_changed)
    sent = [callback for callback in callbacks if getattr(callback, "func", None) not in public_change]
    assert len(sent) == 1 and len(callbacks) > len(sent)
    assert response.status_code == 202
    url = response.json()["url"]
    assert response["Location"] == url and url.startswith("/api/v1/archives/")
    status = world.client("director_b").get(url)
    assert status.status_code == 200
    body = status.json()
    assert (body["state"], body["error"], body["steps"]) == ("done", None, len(IMPORT_STAGES))
    tournament = Tournament.objects.get(slug=body["tournament"])
    assert tournament.roles.get().user == world.users["director_b"]
    assert bytes(ArchiveImport.objects.get().archive) == b""  # not kept after the run
    assert world.client("director_a").get(url).status_code == 404  # someone else's import


def test_a_queued_archive_that_breaks_a_rule_fails_with_the_place_in_the_readers_language(world, small_inline_limit):
    archive = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    archive["rounds"][0]["matches"][0]["first"] = "Niemand"
    response = _post(world.client("director_b"), json.dumps(archive).encode())
    assert response.status_code == 202
    job = ArchiveImport.objects.get()
    assert job.state == "queued"  # the test's transaction has not committed: no task yet
    archive_jobs.archive_import_run(job_id=job.pk)
    english = world.client("director_b").get(response["Location"]).json()
    assert english["state"] == "failed" and english["tournament"] is None
    assert english["error"] == {
        "field": "round 1, table 1, first",
        "detail": "round 1, table 1, first: unknown team “Niemand”.",
    }
    german = world.client("director_b").get(response["Location"], HTTP_ACCEPT_LANGUAGE="de").json()
    assert (
        german["error"]["detail"] == "Runde 1, Tisch 1, erstgenannt: unbekannte Mannschaft „Niemand“."
    )  # field named in German too
    assert german["error"]["detail"] != english["error"]["detail"]
    assert not Tournament.objects.filter(name=archive["tournament"]["name"]).exists()


def test_running_a_job_twice_imports_once(world, small_inline_limit):
    _post(world.client("director_b"), EXAMPLE.read_bytes())
    job = ArchiveImport.objects.get()
    archive_jobs.archive_import_run(job_id=job.pk)
    archive_jobs.archive_import_run(job_id=job.pk)
    assert Tournament.objects.exclude(pk__in=[world.a.pk, world.b.pk]).count() == 1


def test_progress_names_each_stage_while_running(world, small_inline_limit, monkeypatch):
    _post(world.client("director_b"), EXAMPLE.read_bytes())
    job = ArchiveImport.objects.get()
    seen = []

    def watching_import(**kwargs):
        def progress(stage):
            kwargs_progress(stage)
            seen.append(world.client("director_b").get(f"/api/v1/archives/{job.pk}/").json())

        kwargs_progress = kwargs.pop("progress")
        return tournament_import(**kwargs, progress=progress)

    monkeypatch.setattr(archive_jobs, "tournament_import", watching_import)
    archive_jobs.archive_import_run(job_id=job.pk)
    assert [(s["state"], s["stage"], s["step"]) for s in seen] == [
        ("running", stage, number) for number, stage in enumerate(IMPORT_STAGES, start=1)
    ]


def test_a_user_has_at_most_two_imports_waiting(world, small_inline_limit):
    client = world.client("director_b")
    assert [_post(client, EXAMPLE.read_bytes()).status_code for _ in range(3)] == [202, 202, 400]
    assert ArchiveImport.objects.count() == 2


def test_invalid_json_is_refused_before_it_is_queued(world, small_inline_limit):
    response = _post(world.client("director_b"), b"{" + b" " * 2000)
    assert response.status_code == 400 and response.json()["field"] == "archive"
    assert not ArchiveImport.objects.exists()


def test_an_import_whose_worker_stopped_fails_after_its_lease_and_frees_its_place(world, small_inline_limit):
    client = world.client("director_b")
    first, second = (_post(client, EXAMPLE.read_bytes()).json()["id"] for _ in range(2))
    ArchiveImport.objects.filter(pk=first).update(state=ArchiveImport.State.RUNNING)  # a worker took it, then died
    assert _post(client, EXAMPLE.read_bytes()).status_code == 400  # both places still taken
    stale = timezone.now() - archive_jobs.ABANDONED_AFTER - timedelta(minutes=1)
    ArchiveImport.objects.filter(pk=first).update(updated_at=stale)
    status = client.get(f"/api/v1/archives/{first}/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert status["state"] == "failed"
    assert status["error"]["field"] == "archive" and "interrupted before it finished" in status["error"]["detail"]
    assert ArchiveImport.objects.get(pk=second).state == ArchiveImport.State.QUEUED  # still fresh: left alone
    assert _post(client, EXAMPLE.read_bytes()).status_code == 202  # the place is free again
    assert bytes(ArchiveImport.objects.get(pk=first).archive) == b""
