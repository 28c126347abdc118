"""gunicorn settings for `make serve` and deploy/arbiter-web.service; every value can be overridden
from the environment (WEB_BIND, WEB_WORKERS, WEB_THREADS) or on the command line.

Worker model: ``gthread``. A sync worker serves one request per process, so during the spectator
peak every process can be busy rendering a page while a result write from the desk waits in the
listen queue (measured: write p95 5–8 s). With threads a process takes the write on a free
thread while others wait on the database or the cache, which release the GIL; public pages come
from the cache (docs/performance.md), so a thread is rarely busy for long. Processes = CPU count + 1
keeps every core busy with Python while one process waits.
"""

import multiprocessing
import os

bind = os.environ.get("WEB_BIND", "127.0.0.1:8000")
# Each worker listens on a socket of its own (SO_REUSEPORT) and the kernel spreads new
# connections over them. With one shared socket the worker that wakes first takes the
# connection: measured with wrk's 32 kept-alive connections (nginx keeps 32 open the same way,
# deploy/nginx.conf), one worker held 20–30 of them and a second 2–7, so one process (one core,
# the GIL) served most requests while the other core idled, and its queue made the p99
# (docs/performance.md "Load test"). Kept-alive connections never move to another worker. A
# worker that stops (recycled, reloaded) resets the connections still waiting in its own queue
# unless the kernel hands them to another worker (sysctl net.ipv4.tcp_migrate_req=1, Linux 5.14+,
# worth setting); with recycling rare (below) and reloads deliberate, that is seldom.
reuse_port = True
worker_class = "gthread"
workers = int(os.environ.get("WEB_WORKERS", multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("WEB_THREADS", 8))
# A stuck request is killed rather than holding a thread for ever; PDFs of big events take seconds.
timeout = 60
graceful_timeout = 30
keepalive = 5
# Load Django once in the master and fork the workers from it: a worker that is recycled (below)
# starts in a fork instead of importing the app again, which at the peak cost a second of CPU
# beside the workers still serving (a bump in p99). Nothing opens a connection at import time;
# a deployment restarts the service (systemd), so code changes still take effect.
preload_app = True


def when_ready(server):
    """Import in the master what Django otherwise imports at each worker's first request.

    Django imports the URLconf (and with it every view, DRF and the API), the translation
    catalogs and the Redis client lazily: 0.75 s of CPU on the first request of each worker,
    during which all its threads wait (measured: the first request on each of 32 connections
    took 0.7 s; wrk counted requests over 2 s at the start of a run). Done here, before the
    fork, the workers start warm. Nothing here opens a connection (a socket shared by forked
    processes would mix their conversations): the database and the cache connect per thread
    on first use, as before.
    """
    from django.conf import settings
    from django.core.cache import caches
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 (resolving the URLconf imports every view module)
    for language, _ in settings.LANGUAGES:
        translation.trans_real.translation(language)
    for alias in settings.CACHES:
        getattr(caches[alias], "_cache", None)  # the backend's client module (redis-py), not a connection


# Recycle processes now and then so a slow leak cannot grow without bound, but not during a peak:
# at 20,000 every worker was restarted within the three-minute load test (500 requests/s per
# process), each restart closing its kept-alive connections and starting with cold connections
# to PostgreSQL and Redis (304 p99 320 ms in such a run). A million is a day of normal traffic.
max_requests = 1_000_000
max_requests_jitter = 100_000
accesslog = os.environ.get("WEB_ACCESS_LOG", "-")
forwarded_allow_ips = os.environ.get("WEB_FORWARDED_ALLOW_IPS", "127.0.0.1")
# No control socket: it lives at one path per user, which two pools (public, desk) would share.
control_socket_disable = True
