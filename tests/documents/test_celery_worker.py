"""The round bundle built by a real Celery worker over the Redis broker, not inline.

Runs in the normal ``make test`` whenever Redis answers on 127.0.0.1:6379 (CI has it) and is
skipped, with the reason, when it does not. The worker is Celery's embedded test worker in a
thread of this process; each run uses its own queue, so parallel runs on one Redis never take
each other's tasks.
"""

import faulthandler
import os
import threading
import time
import uuid

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from celery.signals import task_prerun
from django.db import transaction
from kombu import pools

from arbiter.celery import app
from tournaments.models import RoundBundle
from tournaments.services.documents import round_bundle_request

from .pdf import text

BROKER = os.environ.get("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/13")
DEADLINE = 60  # seconds for the bundle to be built
HARD_STOP = 180  # seconds after which a stuck worker kills the test run instead of hanging it


def _redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(BROKER, socket_connect_timeout=1, socket_timeout=1).ping())
    except redis.RedisError:
        return False


pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.skipif(not _redis_answers(), reason=f"no Redis broker answering at {BROKER}"),
]


@pytest.fixture
def redis_app():
    """The project's Celery app pointed at Redis, non-eager, on a queue of its own; restored after."""
    keys = (
        "broker_url",
        "task_always_eager",
        "task_default_queue",
        "broker_connection_retry_on_startup",
        "result_backend",
    )
    saved = {key: app.conf[key] for key in keys}
    _drop_connections()
    app.conf.update(
        broker_url=BROKER,
        task_always_eager=False,
        task_default_queue=f"arbiter-test-{uuid.uuid4().hex}",
        broker_connection_retry_on_startup=False,
        result_backend=None,
    )
    faulthandler.dump_traceback_later(HARD_STOP, exit=True)
    try:
        yield app
    finally:
        faulthandler.cancel_dump_traceback_later()
        app.conf.update(saved)
        _drop_connections()


def _drop_connections():
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    pools.reset()  # kombu keeps the closed pools per broker URL: the next test would get them
    for cached in ("queues", "default_queue", "router"):  # made for the previous test's queue
        app.amqp.__dict__.pop(cached, None)


@pytest.mark.django_db(transaction=True)
def test_the_round_bundle_is_built_by_a_worker_out_of_process(redis_app, played):
    seen = []

    def record(task=None, **kwargs):
        seen.append((threading.get_ident(), task.request.is_eager))

    task_prerun.connect(record, weak=False)
    try:
        with start_worker(redis_app, perform_ping_check=False, shutdown_timeout=30):
            with transaction.atomic():
                round_bundle_request(round_=played.rounds.get(number=1))
            bundle = _wait_until_done(RoundBundle.objects.get(round__number=1, round__tournament=played))
    finally:
        task_prerun.disconnect(record)

    assert (bundle.state, bundle.error) == (RoundBundle.State.READY, "")
    assert seen and all(ident != threading.get_ident() and not eager for ident, eager in seen)
    content = text(bundle.file.read())
    assert "Pairings – round 1" in content and "Match report form Round 1 · Table 2" in content


def _wait_until_done(bundle: RoundBundle) -> RoundBundle:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        bundle.refresh_from_db()
        if bundle.state in (RoundBundle.State.READY, RoundBundle.State.FAILED):
            return bundle
        time.sleep(0.1)
    pytest.fail(f"the worker did not build the bundle within {DEADLINE} s (state {bundle.state})")
