"""``python -m bench.reference``: our standings against gacrux's, in one run (issue 29).

Each event (``bench.events``: the team Swiss chain and the FIDE team round robin chain at the
sizes issue 29 measured) is ranked by both tools, alternately, ``--runs`` times:

- *computation*: the tie-break chain over games already read (ours: ``compute_standings`` over
  the records; gacrux: its ``tiebreak`` over the tournament its reader built);
- *whole process*: the TRF-2026 text to a ranked list (ours: ``read_trf`` → ``archive_from_trf``
  → ``archive_standings``; gacrux: ``trf2json`` → ``tiebreak``).

Times are CPU seconds of this process (a shared machine's other processes do not count) and the
ratio is gacrux's median over ours: a figure of the run, never of the machine. Every value
gacrux computes as we do and, where both rank by one chain, every rank is compared; the table
says where they differ. 2,000 teams have no TRF file (record 310 numbers teams in three digits),
so gacrux cannot be asked about them.

``--docs`` writes the table, the command and the machine into ``docs/performance.md``.
"""

import argparse
import copy
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tournaments.archive.standings import archive_standings
from tournaments.domain.presets import PRESETS
from tournaments.domain.standings import compute_standings
from tournaments.domain.tiebreaks import get_tiebreak
from tournaments.domain.trf.reader import read_trf
from tournaments.domain.trf.reference import (
    checkable_codes,
    reference_differences,
    reference_ranking,
    reference_standings,
    reference_tournament,
)
from tournaments.domain.trf.to_archive import archive_from_trf

from .events import Event, round_robin, swiss

SAMPLE = 0.02  # CPU seconds a sample of our computation lasts at least
TARGET = 10.0  # issue 29: at least ten times faster than gacrux on every chain and size
SIZES = {swiss: [(14, 4), (50, 14), (200, 11)], round_robin: [(14, 13), (50, 14), (200, 11)]}
DOCS = Path(__file__).resolve().parents[1] / "docs" / "performance.md"


@dataclass(frozen=True)
class Row:
    event: Event
    ours: float  # median CPU seconds, computation
    theirs: float
    ours_whole: float  # median CPU seconds, TRF text to ranked list
    theirs_whole: float
    values: int  # values compared
    differences: list  # (team, code, ours, gacrux's)


def measure(event: Event, *, runs: int) -> Row:
    teams, records, rules, trf = list(range(1, event.teams + 1)), event.records(), event.rules(), event.trf()
    codes, chain = checkable_codes(event.chain), list(event.chain)
    parsed = reference_tournament(trf)
    preset = PRESETS[event.preset]
    # each side: what is prepared untimed, and what is timed on it
    sides: dict[str, tuple[Callable, Callable]] = {
        "ours": (lambda: None, lambda _: compute_standings(teams, records, rules, final=False)),
        # gacrux writes its results into the tournament it ranks: each call ranks a fresh copy
        "theirs": (
            lambda: copy.deepcopy(parsed),
            lambda fresh: reference_ranking(fresh, chain, after_round=event.rounds),
        ),
        "ours_whole": (
            lambda: None,
            lambda _: archive_standings(archive_from_trf(read_trf(trf), preset, known_codes=_known)),
        ),
        "theirs_whole": (lambda: None, lambda _: reference_standings(trf, chain, after_round=event.rounds)),
    }
    # a small event's call takes a fraction of a millisecond: each sample repeats it to about
    # SAMPLE seconds (the same count on both sides), so timer and scheduler noise do not decide
    repeat = max(1, round(SAMPLE / max(_cpu(*sides["ours"]), 1e-6)))
    timings: dict[str, list[float]] = {key: [] for key in sides}
    for _ in range(runs):  # alternately, so a busy moment of the machine strikes both sides
        for key, (prepare, function) in sides.items():
            gc.collect()
            timings[key].append(sum(_cpu(prepare, function) for _ in range(repeat)) / repeat)
    rows = archive_standings(archive_from_trf(read_trf(trf), preset, known_codes=_known))
    reference = reference_standings(trf, chain, after_round=event.rounds)
    ours = {row.team: (row.rank, {"MP": row.mp, **row.tiebreaks}) for row in rows}
    differences = reference_differences(ours, reference, codes, ranks=True)
    return Row(
        event,
        *(statistics.median(timings[key]) for key in ("ours", "theirs", "ours_whole", "theirs_whole")),
        values=len(codes) * len(ours),
        differences=[(d.team, d.code, d.ours, d.reference) for d in differences],
    )


def _cpu(prepare: Callable, function: Callable) -> float:
    """CPU seconds of one call of ``function`` on what ``prepare`` made, untimed."""
    made = prepare()
    start = time.process_time()
    function(made)
    return time.process_time() - start


def _known(code: str) -> bool:
    try:
        get_tiebreak(code)
    except Exception:
        return False
    return True


def table(rows: list[Row]) -> str:
    lines = [
        "| event | chain | computation: ours | gacrux | ratio | TRF → ranked list: ours | gacrux | ratio | "
        "values equal | ranks equal |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in rows:
        event, ranks = row.event, [d for d in row.differences if d[1] == "RANK"]
        values = len(row.differences) - len(ranks)
        lines.append(
            f"| {event.name} | MP, {', '.join(event.chain)} | {_ms(row.ours)} | {_ms(row.theirs)} | "
            f"{_ratio(row.theirs, row.ours)} | {_ms(row.ours_whole)} | {_ms(row.theirs_whole)} | "
            f"{_ratio(row.theirs_whole, row.ours_whole)} | "
            f"{'yes' if not values else f'NO ({values} of {row.values})'} | "
            f"{'yes' if not ranks else f'NO ({len(ranks)} of {event.teams})'} |"
        )
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def _ratio(theirs: float, ours: float) -> str:
    ratio = theirs / max(ours, 1e-9)
    return f"{ratio:.1f}×" + ("" if ratio >= TARGET else " (< 10×)")


def machine() -> str:
    import gacrux.version

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if "model name" in line
        ),
        platform.machine(),
    )
    return (
        f"Python {platform.python_version()}, gacrux {gacrux.version.version()['version']}, {cpu}, "
        f"load average {' '.join(f'{value:.1f}' for value in __import__('os').getloadavg())}"
    )


def write_docs(text: str, block: str = "reference") -> None:
    """Replace the block ``bench.<block>`` between its markers in docs/performance.md: figures
    come from a run, never typed."""
    begin, end = f"<!-- bench.{block}: begin -->", f"<!-- bench.{block}: end -->"
    document = DOCS.read_text(encoding="utf-8")
    start, stop = document.index(begin) + len(begin), document.index(end)
    DOCS.write_text(document[:start] + "\n" + text + "\n" + document[stop:], encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.reference", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per side and event, alternately; the median is shown")
    parser.add_argument("--quick", action="store_true", help="only the 14-team events, one run: CI's smoke test")
    parser.add_argument("--docs", action="store_true", help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else args.runs
    rows = []
    for generator, sizes in SIZES.items():
        for teams, rounds in sizes[:1] if args.quick else sizes:
            rows.append(measure(generator(teams, rounds), runs=runs))
            print(f"measured {rows[-1].event.name}", file=sys.stderr, flush=True)
    command = "python -m bench.reference" + (" --quick" if args.quick else f" --runs {runs}")
    text = f"`{command}`, median CPU time of {runs} alternate runs; {machine()}:\n\n{table(rows)}"
    print(text)
    for row in rows:
        for difference in row.differences[:10]:
            print(
                f"{row.event.name}: team {difference[0]} {difference[1]}: ours {difference[2]}, gacrux {difference[3]}"
            )
    if args.docs:
        write_docs(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
