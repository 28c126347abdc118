"""Timing, SQL query counts and peak memory, with nothing Django-specific beyond the connection."""

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext

_STATUS = Path("/proc/self/status")
_CLEAR_REFS = Path("/proc/self/clear_refs")


@dataclass(frozen=True)
class Timing:
    wall_ms: float  # median wall time
    cpu_ms: float  # median CPU time of this process: what a busy shared machine cannot inflate


def timed(function: Callable, *, runs: int) -> tuple[Timing, object]:
    """Medians over ``runs`` calls, and the last call's result."""
    walls, cpus, result = [], [], None
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return Timing(statistics.median(walls), statistics.median(cpus)), result


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def query_count(function: Callable) -> int:
    with CaptureQueriesContext(connection) as captured:
        function()
    return len(captured.captured_queries)


def peak_rss_mb(function: Callable) -> float | None:
    """The process's peak resident memory while ``function`` runs (Linux: VmHWM, reset first)."""
    try:
        _CLEAR_REFS.write_text("5")
    except OSError:
        function()
        return None
    function()
    match = re.search(r"VmHWM:\s+(\d+) kB", _STATUS.read_text())
    return int(match.group(1)) / 1024 if match else None
