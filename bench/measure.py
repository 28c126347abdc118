"""Timing, SQL query counts and peak memory, with nothing Django-specific beyond the connection."""

import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext

_STATUS = Path("/proc/self/status")
_CLEAR_REFS = Path("/proc/self/clear_refs")


def timed(function: Callable, *, runs: int) -> tuple[float, object]:
    """Median wall time in milliseconds over ``runs`` calls, and the last call's result."""
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


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
