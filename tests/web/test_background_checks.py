"""gacrux's checks and the round bundle never hold up the TD's request (issue 16).

Without a broker Celery runs tasks eagerly, inside the request; a check of 200 teams takes tens of
seconds there. ``services/background.py`` runs it in a thread once the write commits, and the
stored verdict (or the bundle's state) says "pending" ("queued") until the thread is done.
"""

import threading

import pytest
from celery.result import EagerResult
from django.test import Client

from arbiter.celery import app as celery_app
from tests.builders import make_paired
from tournaments import tasks
from tournaments.models import RoundBundle, StandingsCheck
from tournaments.services.background import wait_for_background

pytestmark = pytest.mark.django_db


class SlowCheck:
    """A stand-in for a gacrux check: it waits until the test lets it finish."""

    name = "slow-check"

    def __init__(self):
        self.release, self.calls, self.queued = threading.Event(), [], []

    def __call__(self, *args):
        assert self.release.wait(10)
        self.calls.append(args)

    def apply(self, args, throw=None):  # how services/background.py runs a task without a broker
        self(*args)
        return EagerResult(None, None, "SUCCESS")

    def delay(self, *args):
        self.queued.append(args)


@pytest.fixture
def slow(monkeypatch):
    check = SlowCheck()
    monkeypatch.setattr(tasks, "standings_verify_task", check)
    monkeypatch.setattr(tasks, "round_pairing_check_task", check)
    monkeypatch.setattr(tasks, "round_bundle_build_task", check)
    yield check
    check.release.set()
    wait_for_background()


def test_without_a_broker_publishing_returns_while_the_check_runs(
    desk, slow, settings, django_capture_on_commit_callbacks
):
    assert celery_app.conf.task_always_eager  # the embedded default: no CELERY_BROKER_URL
    settings.TASKS_IN_THREAD = True  # as deployed (tests/conftest.py runs checks inline)
    tournament = make_paired(teams=4, preset="fide-team", name="Quick")
    with django_capture_on_commit_callbacks(execute=True):
        response = desk.post(f"/desk/{tournament.slug}/rounds/1/publish/", {"confirm": "yes"})
    assert response.status_code == 302  # answered while the check still waits
    assert slow.calls == [] and slow.queued == []
    assert StandingsCheck.objects.get(tournament=tournament).verdict == "pending"
    assert (
        "These standings are being checked against FIDE’s reference tool."
        in Client().get(f"/t/{tournament.slug}/standings/").text
    )
    slow.release.set()
    wait_for_background()
    assert slow.calls == [(tournament.pk,)]


def test_with_a_broker_the_check_is_queued_for_a_worker(desk, slow, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
    tournament = make_paired(teams=4, preset="fide-team", name="Queued")
    with django_capture_on_commit_callbacks(execute=True):
        desk.post(f"/desk/{tournament.slug}/rounds/1/publish/", {"confirm": "yes"})
    assert slow.queued == [(tournament.pk,)] and slow.calls == []


def test_without_a_broker_the_round_bundle_builds_after_the_request(
    desk, slow, settings, django_capture_on_commit_callbacks
):
    settings.TASKS_IN_THREAD = True
    tournament = make_paired(teams=4, preset="fide-team", name="Printed")
    with django_capture_on_commit_callbacks(execute=True):
        response = desk.post(f"/desk/{tournament.slug}/rounds/1/bundle/request", {"per_page": "2"})
    assert response.status_code == 202 and slow.calls == []
    bundle = RoundBundle.objects.get(round__tournament=tournament, round__number=1)
    assert bundle.state == "queued"
    assert desk.get(f"/desk/{tournament.slug}/rounds/1/bundle/status.json").json()["state"] == "queued"
    slow.release.set()
    wait_for_background()
    assert slow.calls == [(bundle.round_id,)]
