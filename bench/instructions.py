"""``python -m bench.instructions``: instructions per call of one layer of the TRF whole process.

The reference benchmark (``bench.reference``) gives ratios of CPU times, and this machine is
shared: a change of a few per cent drowns in its noise. ``valgrind --tool=callgrind`` counts
instructions instead, the same whatever else runs. This runs a layer N times under it and once
with none, and prints the difference over N, with the traps that gave us wrong figures closed
(``docs/development.md``, session 14): a run first without valgrind (it compiles the ``.pyc``
files), ``PYTHONHASHSEED`` fixed, a failing run an error rather than a count.

    python -m bench.instructions --event swiss 14 4 --layer whole read convert rank

``--expression`` times any expression over the names ``text``, ``event``, ``conversion``,
``preset`` and ``known`` instead of a layer. A package installed into the environment changes
the counts (more objects for the collector to walk): compare figures of one environment.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LAYERS = {
    "read": "read_trf(text)",
    "convert": "convert_trf(event, preset, known_codes=known)",
    "rank": "trf_standings(conversion)",
    "whole": "trf_standings(convert_trf(read_trf(text), preset, known_codes=known))",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--event", nargs=3, metavar=("KIND", "TEAMS", "ROUNDS"), default=["swiss", "14", "4"])
    parser.add_argument("--layer", nargs="+", choices=sorted(LAYERS), default=["whole"])
    parser.add_argument("--expression", help="an expression to count instead of the layers")
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--run", nargs=2, help=argparse.SUPPRESS)  # the measured child: expression, calls
    arguments = parser.parse_args()
    kind, teams, rounds = arguments.event[0], int(arguments.event[1]), int(arguments.event[2])
    if arguments.run:
        _calls(kind, teams, rounds, arguments.run[0], int(arguments.run[1]))
        return
    expressions = [arguments.expression] if arguments.expression else [LAYERS[layer] for layer in arguments.layer]
    for expression in expressions:
        count = counted(arguments.event, expression, arguments.calls)
        print(f"{kind} {teams} × {rounds}  {expression}: {count:,} instructions per call")


def counted(event: list[str], expression: str, calls: int) -> int:
    """(instructions of ``calls`` calls − those of none) / ``calls``, under callgrind."""
    command = [sys.executable, "-m", "bench.instructions", "--event", *event, "--run", expression]
    environment = os.environ | {"PYTHONHASHSEED": "0"}
    subprocess.run([*command, "1"], check=True, env=environment)  # compiles what an edit changed
    totals = []
    with tempfile.TemporaryDirectory() as directory:
        for number in (0, calls):
            log = Path(directory) / f"callgrind.{number}"
            run = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={log}", *command, str(number)],
                env=environment,
                capture_output=True,
                text=True,
            )
            if run.returncode:
                sys.exit(f"the measured run failed:\n{run.stderr[-2000:]}")
            totals.append(int(re.search(r"Collected : (\d+)", run.stderr).group(1)))
    return (totals[1] - totals[0]) // calls


def _calls(kind: str, teams: int, rounds: int, expression: str, calls: int) -> None:
    """The child: the event's file read, converted and ranked once, then ``expression`` ``calls`` times."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    django.setup()
    from tournaments.archive.standings import trf_standings
    from tournaments.domain.presets import PRESETS
    from tournaments.domain.trf.reader import read_trf
    from tournaments.domain.trf.to_archive import convert_trf

    from .events import round_robin, swiss
    from .reference import _known

    made = {"swiss": swiss, "round-robin": round_robin}[kind](teams, rounds)
    text, preset = made.trf(), PRESETS[made.preset]
    event = read_trf(text)
    conversion = convert_trf(event, preset, known_codes=_known)
    trf_standings(conversion)
    names = {
        "read_trf": read_trf,
        "convert_trf": convert_trf,
        "trf_standings": trf_standings,
        "text": text,
        "event": event,
        "conversion": conversion,
        "preset": preset,
        "known": _known,
    }
    call = eval(f"lambda: {expression}", names)  # noqa: S307 - the developer's own expression
    for _ in range(calls):
        call()


if __name__ == "__main__":
    main()
