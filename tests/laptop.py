"""The hall laptop's install for the ``package`` tests: the wheel built from the checkout once per session,
installed into a fresh virtualenv outside it, and ``arbiter run`` started with a data folder of its own."""

import contextlib
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Laptop:
    """The installed command and a laptop's environment: none of the developer's or CI's database, cache or
    broker settings."""

    bin_dir: Path
    env: dict
    _demo: tuple[Path, subprocess.CompletedProcess] | None = None

    def arbiter(self, *args, data: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [self.bin_dir / "arbiter", *args], cwd=data.parent, env=self.env_for(data), capture_output=True, text=True
        )

    def demo(self, data: Path) -> subprocess.CompletedProcess:
        """``arbiter demo`` into the data folder ``data``: run once, then its folder copied (loading the demos
        takes the better part of a minute on a busy machine)."""
        if self._demo is None:
            first = self.bin_dir.parent.parent / "demo"
            self._demo = first, self.arbiter("demo", data=first)
        first, done = self._demo
        if done.returncode == 0:
            shutil.copytree(first, data)
        return done

    def env_for(self, data: Path) -> dict:
        return {**self.env, "ARBITER_DATA_DIR": str(data)}

    @contextlib.contextmanager
    def running(self, data: Path):
        """``arbiter run`` on a free port until the block ends; yields its address."""
        server = subprocess.Popen(
            [self.bin_dir / "arbiter", "run", "--no-browser", "--port", "0"],
            cwd=data.parent,
            env=self.env_for(data),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            for line in server.stdout:
                if match := re.search(r"Arbiter is running at (http://127\.0\.0\.1:\d+)/desk/", line):
                    break
            else:
                pytest.fail(f"arbiter run ended with {server.wait()} before printing its address")
            yield match.group(1)
        finally:
            server.terminate()
            server.wait(timeout=30)


def install(folder: Path) -> Laptop:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", folder / "dist", ROOT], check=True, cwd=folder
    )
    (wheel,) = (folder / "dist").glob("arbiter_chess-*.whl")
    subprocess.run([sys.executable, "-m", "venv", folder / "venv"], check=True)
    bin_dir = folder / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    subprocess.run([bin_dir / "python", "-m", "pip", "install", "-q", wheel], check=True, cwd=folder)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CACHE_", "CELERY_", "DJANGO_"))}
    return Laptop(bin_dir, env)
