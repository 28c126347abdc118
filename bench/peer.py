"""A second Arbiter on the loopback: the public server that halls push to (issue 31), started as a
federation would run it.

Its own PostgreSQL database (``<name>_peer`` beside the caller's, made afresh and dropped at the
end), its own Redis database, collected static files in a temporary folder, gunicorn with
``deploy/gunicorn.conf.py``, and ``manage.py`` commands run against it. The tests of the push
(tests/test_peer_push.py) and the load run ``python -m bench.push_load`` use it; it can be stopped
and started again on the same database, as a server that goes down for a while.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent


class Peer:
    def __init__(self, *, database_url: str, cache_url: str, port: int):
        parts = urlsplit(database_url)
        self.name = parts.path.lstrip("/").removeprefix("test_") + "_peer"
        self.admin_url = urlunsplit(parts._replace(path="/postgres"))
        self.url = f"http://127.0.0.1:{port}"
        self.static = tempfile.TemporaryDirectory(prefix="arbiter-peer-static-")
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL")},
            "DATABASE_URL": urlunsplit(parts._replace(path=f"/{self.name}")),
            "CACHE_URL": cache_url,
            "DEBUG": "false",
            "HTTPS": "false",
            "SECRET_KEY": "a-peer-of-the-hall-on-the-loopback-only-" + "x" * 20,
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": self.static.name,
            "WEB_BIND": f"127.0.0.1:{port}",
            "WEB_WORKERS": "2",
            "WEB_THREADS": "4",
            "WEB_ACCESS_LOG": "/dev/null",
        }
        self.server: subprocess.Popen | None = None

    def __enter__(self) -> "Peer":
        self._database("DROP DATABASE IF EXISTS {name}", "CREATE DATABASE {name}")
        self.manage("migrate", "--no-input", "--verbosity", "0")
        self.manage("collectstatic", "--no-input", "--verbosity", "0")
        self.manage("shell", "-c", "from django.core.cache import cache; cache.clear()")
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        self._database("DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.static.cleanup()

    def manage(self, *args: str) -> str:
        """``manage.py`` on the peer's database; its standard output."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed on the peer: {done.stderr[-2000:]}")
        return done.stdout

    def start(self) -> None:
        self.server = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "-c", "deploy/gunicorn.conf.py", "arbiter.wsgi"],
            cwd=ROOT,
            env=self.env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(120):
            time.sleep(0.5)
            try:
                if urllib.request.urlopen(f"{self.url}/healthz", timeout=10).status == 200:
                    return
            except OSError:  # not listening yet
                if self.server.poll() is not None:
                    raise RuntimeError("the peer's gunicorn stopped at its start") from None
        self.stop()
        raise RuntimeError("the peer did not answer /healthz within a minute")

    def stop(self) -> None:
        if self.server is not None and self.server.poll() is None:
            os.killpg(self.server.pid, signal.SIGTERM)
            self.server.wait(timeout=30)
        self.server = None

    def get(self, path: str, language: str = "de") -> str:
        request = urllib.request.Request(self.url + path, headers={"Accept-Language": language})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.read().decode()

    def _database(self, *statements: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url.replace("postgres://", "postgresql://", 1), autocommit=True) as admin:
            for statement in statements:
                admin.execute(statement.format(name=self.name))
