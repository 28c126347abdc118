"""How hard a probe test pushes: a bounded number of rounds in CI, the full count for `make probe`.

Probes are the tests that hunt for crashes, deadlocks and leaks by repetition (concurrency
scenarios, mutated files, killed workers). Each is marked ``@pytest.mark.probe`` and asks
``iterations(ci=…, full=…)`` how often to try: CI stays within its time budget, and
``make probe`` (``ARBITER_PROBE=full``) repeats them as often as the issue that found the bug did.
"""

import os


def iterations(*, ci: int, full: int) -> int:
    """``full`` under ``ARBITER_PROBE=full`` (``make probe``), else ``ci``."""
    return full if os.environ.get("ARBITER_PROBE") == "full" else ci
