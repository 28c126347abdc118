"""``make load``: the spectator peak against gunicorn as ``make serve`` starts it.

Needs PostgreSQL and Redis on the loopback and Debian's ``wrk`` and ``nginx`` (``apt-get install wrk nginx``):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arbiter_load CACHE_URL=redis://127.0.0.1:6379/9 make load

It builds a 200-team × 11-round event in ``test_<name>`` (dropped afterwards), takes round 11 back
to draft (the round whose results the desk is entering), empties the cache database, starts
``make serve`` with the public pool on 127.0.0.1:8765 and the desk/API pool on 8766 (as nginx
would route them; no broker: nothing here queues tasks), and then, each for
LOAD_SECONDS with wrk's 2 threads × 32 connections: ``/healthz``; the cached public standings page
(German, the way a phone asks); a conditional GET of it with its ETag (304); the standings again
while a director posts board results of round 11 through the API, compared with the same writes
on the idle server. Then, in the same run, the event's static publication (``publication_build``, what a
hall laptop uploads to a club's web space) served from disk by nginx on 8767 (``worker_processes auto``, no
gzip, as a plain web space), its standings page and a conditional GET of it (304 by nginx's ETag), with the
same wrk settings. Everything stops within about five minutes; the table goes to stdout.
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT, DESK_PORT, STATIC_PORT = 8765, 8766, 8767
BASE, DESK = f"http://127.0.0.1:{PORT}", f"http://127.0.0.1:{DESK_PORT}"
STATIC = f"http://127.0.0.1:{STATIC_PORT}"
LOAD_SECONDS = 15
CONNECTIONS, THREADS = 32, 2
WRITES = 100
API_RESULTS = ["1-0", "½-½", "0-1"]


def main() -> int:
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        sys.exit("make load measures production: set DATABASE_URL=postgres://… (and CACHE_URL=redis://…)")
    if not os.environ.get("CACHE_URL", "").startswith("redis://"):
        sys.exit("make load measures production: set CACHE_URL=redis://127.0.0.1:6379/<a spare database>")
    from .database import bench_database

    load_before = os.getloadavg()[0]
    with bench_database() as database:
        from django.core.cache import cache
        from django.db import connection

        event, key, boards = _event()
        cache.clear()
        url = f"/t/{event.slug}/standings/"
        db_url = _database_url(connection.settings_dict)
        # collectstatic's files for the server, and the publication, removed however the run ends
        with (
            tempfile.TemporaryDirectory(prefix="arbiter-load-static-") as static,
            tempfile.TemporaryDirectory(prefix="arbiter-load-publication-") as site,
        ):
            version = _publication(Path(site), static)
            cache.clear()
            connection.close()
            server = _serve(db_url, static)
            try:
                rows = _measure(url, event.slug, key, boards)
            finally:
                os.killpg(server.pid, signal.SIGTERM)
                server.wait(timeout=30)
            rows += _measure_static(Path(site), f"/v/{version}/de{url}")
        print(f"# Arbiter load test: {database}, gunicorn via make serve, {_machine(load_before)}")
        print(_table(rows))
    return 0


def _event():
    """The 200-team event with round 11 in draft, and a director's API token and round 11's boards."""
    from django.contrib.auth import get_user_model

    from tournaments.models import BoardGame
    from tournaments.services.publishing import round_unpublish
    from tournaments.services.roles import role_grant
    from tournaments.services.tokens import token_create

    from .generate import generate

    start = time.perf_counter()
    event = generate(teams=200, rounds=11)
    last = event.rounds.order_by("-number").first()
    round_unpublish(round_=last, source="bench")
    director = get_user_model().objects.create_user("load-director")
    role_grant(tournament=event, member=director, role="director", source="bench")
    _, key = token_create(user=director, name="load")
    boards = list(
        BoardGame.objects.filter(match__round=last)
        .exclude(seats__player__isnull=True)
        .order_by("match__table", "board")
        .values_list("match_id", "board", "result", "match__version")
    )
    print(f"generated 200 teams × 11 rounds in {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return event, key, boards


def _publication(site: Path, static: str) -> str:
    """The event's static publication, built as the hall laptop builds it before an upload (its pages name
    the hashed static files, so collectstatic runs first, into the folder the server uses after)."""
    from django.core.management import call_command
    from django.test import override_settings

    from tournaments.services.publication import publication_build

    site.chmod(0o755)  # nginx's workers read it as another user
    start = time.perf_counter()
    with override_settings(STATIC_ROOT=static):
        call_command("collectstatic", "--no-input", verbosity=0)
        version = publication_build(target=site)
    files = sum(1 for path in site.rglob("*") if path.is_file())
    print(f"built the publication ({files} files) in {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return version


def _measure_static(site: Path, url: str) -> list[tuple]:
    """The publication's standings page from disk through nginx, as a club's web space serves it."""
    with tempfile.TemporaryDirectory(prefix="arbiter-load-nginx-") as folder:
        (Path(folder) / "nginx.conf").write_text(
            f"daemon off;\nworker_processes auto;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            "events { worker_connections 1024; }\n"
            f"http {{ access_log off; sendfile on; server {{ listen 127.0.0.1:{STATIC_PORT}; root {site}; }} }}\n"
        )
        nginx = subprocess.Popen(
            ["nginx", "-p", folder, "-e", f"{folder}/error.log", "-c", f"{folder}/nginx.conf"], start_new_session=True
        )
        try:
            for _ in range(50):
                try:
                    page = urllib.request.urlopen(STATIC + url, timeout=5)
                    break
                except OSError:
                    time.sleep(0.1)
            else:
                sys.exit(f"nginx did not serve {url}; see {folder}/error.log")
            etag, size = page.headers["ETag"], len(page.read())
            return [
                (f"static standings page, nginx from disk ({size // 1024} KB)", *_wrk(url, base=STATIC), "", "", ""),
                (
                    "static standings, conditional GET → 304",
                    *_wrk(url, f"If-None-Match: {etag}", base=STATIC),
                    "",
                    "",
                    "",
                ),
            ]
        finally:
            os.killpg(nginx.pid, signal.SIGTERM)
            nginx.wait(timeout=30)


def _database_url(settings: dict) -> str:
    user = settings["USER"] + (f":{settings['PASSWORD']}" if settings["PASSWORD"] else "")
    return f"postgres://{user}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"


def _serve(database_url: str, static: str) -> subprocess.Popen:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL")},
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "HTTPS": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": static,
        "WEB_BIND": f"127.0.0.1:{PORT}",
        "DESK_BIND": f"127.0.0.1:{DESK_PORT}",
        "WEB_ACCESS_LOG": "/dev/null",
    }
    server = subprocess.Popen(
        ["make", "--no-print-directory", "serve"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=sys.stderr,
    )
    for _ in range(120):
        time.sleep(1)
        try:
            if all(urllib.request.urlopen(f"{base}/healthz", timeout=10).status == 200 for base in (BASE, DESK)):
                return server
        except OSError:  # not listening yet, or no worker has booted within the timeout
            if server.poll() is not None:
                sys.exit("make serve stopped; see its output above")
    os.killpg(server.pid, signal.SIGTERM)
    sys.exit("make serve did not answer /healthz within two minutes")


def _measure(url, slug, key, boards):
    page = urllib.request.urlopen(urllib.request.Request(BASE + url, headers={"Accept-Language": "de"}))
    etag, html = page.headers["ETag"], page.read()
    size = len(html)
    css = re.search(rb'href="(/static/arbiter\.[0-9a-f]+\.css)"', html).group(1).decode()
    static = urllib.request.urlopen(BASE + css)
    print(f"{css}: {static.status}, Cache-Control: {static.headers['Cache-Control']}", file=sys.stderr, flush=True)
    writer = _Writer(slug, key, boards)
    idle = writer.run(WRITES)
    rows = [("/healthz", *_wrk("/healthz"), "", "", "")]
    standings = _wrk(url, "Accept-Language: de")
    rows.append((f"standings page, cached ({size // 1024} KB)", *standings, "", "", ""))
    rows.append(
        ("standings, conditional GET → 304", *_wrk(url, "Accept-Language: de", f"If-None-Match: {etag}"), "", "", "")
    )
    done = threading.Event()
    loaded: list[float] = []
    thread = threading.Thread(target=lambda: (time.sleep(2), loaded.extend(writer.run(WRITES, until=done))))
    thread.start()
    under_load = _wrk(url, "Accept-Language: de")
    done.set()
    thread.join()
    rows.append(("standings while the desk posts results", *under_load, "", "", ""))
    rows.append(
        (
            "API result write, idle (p50 / p95)",
            "",
            "",
            f"{_pct(idle, 0.5):.1f} / {_pct(idle, 0.95):.1f} ms",
            "",
            len(idle),
        )
    )
    rows.append(
        (
            "API result write under load (p50 / p95)",
            "",
            "",
            f"{_pct(loaded, 0.5):.1f} / {_pct(loaded, 0.95):.1f} ms",
            f"{_pct(loaded, 0.95) / _pct(idle, 0.95):.2f}× idle p95",
            len(loaded),
        )
    )
    return rows


class _Writer:
    """A director posting board results of the draft round, each naming the version it last saw."""

    def __init__(self, slug, key, boards):
        self.slug, self.key, self.index = slug, key, 0
        self.boards = boards
        self.versions = {match: version for match, _, _, version in boards}
        self.results = {(match, board): result for match, board, result, _ in boards}

    def run(self, count, until=None) -> list[float]:
        times = []
        while len(times) < count and not (until is not None and until.is_set()):
            match, board, _, _ = self.boards[self.index % len(self.boards)]
            result = next(r for r in API_RESULTS[self.index % 3 :] + API_RESULTS if r != self.results[match, board])
            body = json.dumps({"board": board, "result": result, "version": self.versions[match]}).encode()
            request = urllib.request.Request(
                f"{DESK}/api/v1/tournaments/{self.slug}/matches/{match}/result/",
                data=body,
                method="POST",
                headers={"Authorization": f"Token {self.key}", "Content-Type": "application/json"},
            )
            start = time.perf_counter()
            with urllib.request.urlopen(request, timeout=30) as response:
                answer = json.loads(response.read())
            times.append((time.perf_counter() - start) * 1000)
            self.versions[match], self.results[match, board] = answer["version"], result
            self.index += 1
        return times


def _wrk(path, *headers, base=BASE):
    """Requests/s, p50 and p99 latency from wrk --latency; non-2xx/3xx answers stop the run."""
    command = ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{LOAD_SECONDS}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    output = subprocess.run([*command, base + path], capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx responses" in output:
        sys.exit(f"wrk got errors for {path}:\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = _latency_ms(re.search(r"50%\s+([\d.]+\w+)", output).group(1))
    p99 = _latency_ms(re.search(r"99%\s+([\d.]+\w+)", output).group(1))
    # wrk leaves requests it gave up on (no answer within 2 s) out of its percentiles: name them
    timeouts = re.search(r"Socket errors:.*timeout (\d+)", output)
    slow = f" (+{timeouts.group(1)} over 2 s)" if timeouts and timeouts.group(1) != "0" else ""
    return f"{rate:,.0f}", f"{p50:.1f} / {p99:.1f} ms{slow}"


def _latency_ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def _pct(values, fraction) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _machine(load_before: float) -> str:
    """The machine and its 1-minute load average before the run (others' jobs) and at its end (ours too)."""
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    return f"{os.cpu_count()} CPUs ({cpu}), load average {load_before:.2f} before, {os.getloadavg()[0]:.1f} at the end"


def _table(rows) -> str:
    lines = [
        "| measurement | requests/s | latency p50 / p99 | writes p50 / p95 | | writes |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for name, rate, latency, *rest in rows:
        lines.append(f"| {name} | {rate} | {latency} | " + " | ".join(str(cell) for cell in rest) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
