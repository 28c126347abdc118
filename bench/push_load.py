"""``python -m bench.push_load``: a public Arbiter server serving what a hall pushed (issue 31).

Needs PostgreSQL and Redis on the loopback and ``wrk``, like ``make load``:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter_load CACHE_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python -m bench.push_load

The hall (this process, in ``test_<name>``) generates a 40-team × 9-round event and builds its
publication; a second Arbiter (bench/peer.py: gunicorn on ``<name>_peer``, the next Redis database,
port ``PUSH_LOAD_PORT``, 8767 unless set) gets a push token and the push, then serves the mirror's
standings page, cached, to wrk for LOAD_SECONDS, and the conditional GET with its ETag (304). The
same publication pushed again shows what an unchanged retry costs. The table goes to stdout.
"""

import os
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from .load import _machine, _wrk

TEAMS, ROUNDS = 40, 9


def main() -> int:
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        sys.exit("the public server runs on PostgreSQL: set DATABASE_URL=postgres://… (and CACHE_URL=redis://…)")
    cache = urlsplit(os.environ.get("CACHE_URL", ""))
    if cache.scheme != "redis":
        sys.exit("set CACHE_URL=redis://127.0.0.1:6379/<a spare database>; the server uses the next one")
    from .database import bench_database

    os.environ["DEBUG"] = "true"  # the hall renders its publication with the app's static files, as `make run`
    load_before = os.getloadavg()[0]
    with bench_database() as database:
        from django.db import connection

        from tournaments.services.publication import publication_build
        from tournaments.transports import transport_get

        from .generate import generate
        from .load import _database_url
        from .peer import Peer

        event = generate(teams=TEAMS, rounds=ROUNDS)
        peer_cache = urlunsplit(cache._replace(path=f"/{int(cache.path.strip('/') or 0) + 1}"))
        port = int(os.environ.get("PUSH_LOAD_PORT", 8767))
        with Peer(database_url=_database_url(connection.settings_dict), cache_url=peer_cache, port=port) as peer:
            key = peer.manage("push_token", "issue", "mirror").strip()
            with tempfile.TemporaryDirectory(prefix="arbiter-publication-") as local:
                publication_build(target=Path(local), tournaments=[event.slug])
                size = sum(f.stat().st_size for f in Path(local).rglob("archive.json"))
                config, arbiter = {"server": peer.url, "slug": "mirror"}, transport_get("arbiter")
                first, again = _timed(arbiter.send, local, config, key), _timed(arbiter.send, local, config, key)
            url = "/t/mirror/standings/"
            page = urllib.request.urlopen(urllib.request.Request(peer.url + url, headers={"Accept-Language": "de"}))
            etag, html = page.headers["ETag"], page.read()
            rows = [
                (f"push of the public archive ({size // 1024} KB): checked and imported", "", f"{first:.0f} ms"),
                ("the same push again (unchanged: nothing written)", "", f"{again:.0f} ms"),
                (
                    f"mirror's standings page, cached ({len(html) // 1024} KB)",
                    *_wrk(url, "Accept-Language: de", base=peer.url),
                ),
                (
                    "mirror's standings, conditional GET → 304",
                    *_wrk(url, "Accept-Language: de", f"If-None-Match: {etag}", base=peer.url),
                ),
            ]
        print(f"# Public server load test: {database}, {TEAMS} teams × {ROUNDS} rounds, {_machine(load_before)}")
        print("| measurement | requests/s | latency p50 / p99, or time |\n|---|---:|---:|")
        print("\n".join(f"| {name} | {rate} | {latency} |" for name, rate, latency in rows))
    return 0


def _timed(send, local, config, key) -> float:
    start = time.perf_counter()
    send(local=Path(local), config=config, secret=key)
    return (time.perf_counter() - start) * 1000


if __name__ == "__main__":
    sys.exit(main())
