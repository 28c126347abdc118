"""Redis databases of each pytest-xdist worker's own, loaded with ``-p tests.worker_redis`` (the Makefile).

Every test empties the cache first (``tests/conftest.py``) and the Celery tests read their broker's
queue, so two workers sharing a Redis database would empty each other's cache and take each other's
tasks. Worker ``gwN`` moves the database of ``CACHE_URL`` and of ``CELERY_TEST_BROKER_URL`` up by N
(2 → 3, 13 → 14 for two workers). It runs when pytest loads it, before pytest-django reads the
settings, as the environment is what the settings read. The peer's cache sits eight above the
cache's (``tests/conftest.py``), clear of both workers' databases.
"""

import os
from urllib.parse import urlsplit, urlunsplit

MAX_WORKERS = 2  # databases 2–3 for the cache, 10–11 for the peer, 13–14 for the broker; 15 is one module's


def _moved(url: str, by: int) -> str:
    parts = urlsplit(url)
    if parts.scheme != "redis":
        return url
    return urlunsplit(parts._replace(path=f"/{int(parts.path.strip('/') or 0) + by}"))


def _worker_number() -> int:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker else 0


worker = _worker_number()
if worker >= MAX_WORKERS:
    raise RuntimeError(
        f"tests/worker_redis.py gives Redis databases to {MAX_WORKERS} workers; run pytest with -n {MAX_WORKERS}"
    )
if worker and "CACHE_URL" in os.environ:
    os.environ["CACHE_URL"] = _moved(os.environ["CACHE_URL"], worker)
if worker:
    broker = os.environ.get("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/13")
    os.environ["CELERY_TEST_BROKER_URL"] = _moved(broker, worker)
