"""``python -m bench.reference``: our standings against gacrux's, in one run (issue 29).

Each event (``bench.events``: every tie-break chain the presets ship, at 14, 50, 200 and 2,000
teams) is ranked by both tools, alternately, ``--runs`` times:

- *computation*: the tie-break chain over games already read (ours: ``compute_standings`` over
  the records; gacrux: its ``tiebreak`` over its tournament: its reader's where the event has a
  TRF file, else the same tournament built in memory, ``bench.gacrux_model``);
- *whole process*: a file's text to a ranked list: the TRF-2026 text where the event has a TRF
  file (ours: ``read_trf`` → ``convert_trf`` → ``trf_standings``, the archive's path without
  writing the archive; gacrux: ``trf2json`` → ``tiebreak``), else each tool's own file of the
  event (ours: its archive's JSON text → ``archive_standings``; gacrux: its chess-json text, what
  its JSON input reads → ``tiebreak``).

gacrux ranks by MP and the chain's criteria it has (Berliner Wertung and the first won board are
ours alone): every value it computes as we do is compared, and every rank where that is the whole
chain. What it cannot take is said in the table: no TRF file for 2,000 teams (record 310 numbers
teams in three digits) nor for a match with one result (tandem, Viererschach), where both read
their own JSON files instead, and no counterpart at all for a Schach4 table of several sides;
ours is timed all the same.

Times are CPU seconds of this process (a shared machine's other processes do not count) and the
ratio is gacrux's median over ours: a figure of the run, never of the machine.

``--docs`` writes the table, the command and the machine into ``docs/performance.md``.
"""

import argparse
import copy
import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tournaments.archive.standings import archive_standings, trf_standings
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import PRESETS
from tournaments.domain.standings import compute_standings
from tournaments.domain.tiebreaks import get_tiebreak
from tournaments.domain.trf.reader import read_trf
from tournaments.domain.trf.reference import (
    NO_COUNTERPART,
    checkable_codes,
    reference_differences,
    reference_ranking,
    reference_standings,
    reference_tournament,
)
from tournaments.domain.trf.to_archive import convert_trf

from . import gacrux_model
from .events import Event, round_robin, swiss, tables

SAMPLE = 0.02  # CPU seconds a sample of our computation lasts at least
TARGET = 10.0  # issue 29: at least ten times faster than gacrux on every chain and size
TEAMS = (14, 50, 200, 2000)
ROUNDS = {14: 13, 50: 14, 200: 11, 2000: 11}  # a round robin of 14 complete, the others their first rounds
# every chain the presets ship: (generator, preset, (teams, rounds) per size); the Swiss of 14 is the demo's 4 rounds
EVENTS = (
    *(
        (swiss, preset, tuple((teams, 4 if teams == 14 else ROUNDS[teams]) for teams in TEAMS))
        for preset in ("fide-team-swiss", "tandem-swiss")
    ),
    *(
        (round_robin, preset, tuple((teams, ROUNDS[teams]) for teams in TEAMS))
        for preset in ("fide-team", "blitz-frankenwald", "tandem-dsb", "vierer-team")
    ),
    (tables, "schach4-v1", tuple((teams, 7) for teams in TEAMS)),
)
DOCS = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
_SIDES = ("ours", "theirs", "ours_whole", "theirs_whole")  # the order of Row's timings
OWN_FILES = (
    "; the whole process from each tool's own file of the event instead: ours its archive's JSON text (version 2, "
    "as an export writes it), gacrux its chess-json text (what its JSON input reads), each read and ranked. The "
    "files are not alike (ours the full export, every seat with its player; gacrux's its in-memory model): the "
    "ratio is shown, not held to the TRF file's target"
)


@dataclass(frozen=True)
class Row:
    event: Event
    ours: float  # median CPU seconds, computation
    theirs: float | None  # None: gacrux cannot take the event (``refusal``)
    ours_whole: float  # median CPU seconds, a file's text to the ranked list (TRF, else each tool's own)
    theirs_whole: float | None
    checked: tuple[str, ...]  # the values gacrux computes as we do, compared
    ranks: bool  # gacrux ranks by the whole chain, so every rank is compared
    values: int  # values compared
    differences: list  # (team, code, ours, gacrux's)
    no_file: str = ""  # why the event has no TRF file (then each side ranks its own JSON file)
    refusal: str = ""  # why gacrux cannot rank it at all


def measure(event: Event, *, runs: int) -> Row:
    teams, records, rules = list(range(1, event.teams + 1)), event.records(), event.rules()
    chain = [code for code in event.chain if code not in NO_COUNTERPART]  # what gacrux ranks by after MP
    codes, preset = checkable_codes(event.chain), PRESETS[event.preset]
    whole_chain = len(chain) == len(event.chain)  # then every rank is compared too
    trf, no_file = _trf(event)
    # no TRF file of this event: each side reads its own file of it, our archive, gacrux's chess-json
    archive = "" if trf else json.dumps(event.archive())
    try:
        parsed = reference_tournament(trf) if trf else gacrux_model.tournament(event)
        refusal = ""
    except ValueError as error:
        parsed, refusal = None, str(error)
    own_file = gacrux_model.chess_json(event) if parsed is not None and not trf else ""
    # gacrux writes its results into the tournament it ranks: each call ranks a fresh one
    fresh = (lambda: copy.deepcopy(parsed)) if trf else (lambda: gacrux_model.tournament(event))
    # each side: what is prepared untimed, and what is timed on it
    sides: dict[str, tuple[Callable, Callable]] = {
        "ours": (lambda: None, lambda _: compute_standings(teams, records, rules, final=False))
    }
    if parsed is not None:
        sides["theirs"] = (fresh, lambda made: reference_ranking(made, chain, after_round=event.rounds))
    if trf:
        sides["ours_whole"] = (lambda: None, lambda _: _ranked(trf, preset))
        sides["theirs_whole"] = (lambda: None, lambda _: reference_standings(trf, chain, after_round=event.rounds))
    else:
        sides["ours_whole"] = (lambda: None, lambda _: archive_standings(json.loads(archive)))
    if own_file:
        sides["theirs_whole"] = (
            lambda: None,
            lambda _: reference_ranking(gacrux_model.read(own_file), chain, after_round=event.rounds),
        )
    # a small event's call takes a fraction of a millisecond: each sample repeats it to about
    # SAMPLE seconds (the same count on both sides), so timer and scheduler noise do not decide
    repeat = max(1, round(SAMPLE / max(_cpu(*sides["ours"]), 1e-6)))
    timings: dict[str, list[float]] = {key: [] for key in sides}
    for _ in range(runs):  # alternately, so a busy moment of the machine strikes both sides
        for key, (prepare, function) in sides.items():
            gc.collect()
            timings[key].append(sum(_cpu(prepare, function) for _ in range(repeat)) / repeat)
    medians = {key: statistics.median(timings[key]) if key in timings else None for key in _SIDES}
    differences = []
    if parsed is not None:
        rows = _ranked(trf, preset) if trf else archive_standings(json.loads(archive))
        ours = {row.team: (row.rank, {"MP": row.mp, **row.tiebreaks}) for row in rows}
        reference = reference_ranking(
            gacrux_model.read(own_file) if own_file else fresh(), chain, after_round=event.rounds
        )
        found = reference_differences(ours, reference, codes, ranks=whole_chain)
        differences = [(d.team, d.code, d.ours, d.reference) for d in found]
    return Row(
        event,
        *medians.values(),
        checked=tuple(codes) if parsed is not None else (),
        ranks=parsed is not None and whole_chain,
        values=len(codes) * event.teams if parsed is not None else 0,
        differences=differences,
        no_file=no_file,
        refusal=refusal,
    )


def _ranked(text: str, preset) -> list:
    """Our whole process: the TRF text to the ranked list."""
    return trf_standings(convert_trf(read_trf(text), preset, known_codes=_known))


def _trf(event: Event) -> tuple[str, str]:
    """The event's TRF-2026 text, or "" and why there is none (the discipline, or its size)."""
    try:
        return event.trf(), ""
    except (ValueError, RuleViolation) as refusal:
        return "", str(refusal)


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
    """The comparison, one row per event; where gacrux (or a TRF file) cannot take an event, a
    dash and a note under the table say why."""
    notes: dict[str, int] = {}

    def note(reason: str) -> str:
        return f"({notes.setdefault(reason, len(notes) + 1)})"

    lines = [
        "| event | preset | chain | gacrux checked | computation: ours | gacrux | ratio | "
        "file → ranked list: ours | gacrux | ratio | values equal | ranks equal |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for row in rows:
        event, ranks = row.event, [d for d in row.differences if d[1] == "RANK"]
        values = len(row.differences) - len(ranks)
        gacrux = bool(row.checked) or row.ranks
        missing = f"— {note(row.refusal)}" if row.refusal else "—"
        trf = not row.no_file  # the target is the TRF file's (issue 29)
        whole = _ms(row.ours_whole) + (f" {note(row.no_file.rstrip('.') + OWN_FILES)}" if row.no_file else "")
        checked = ", ".join(row.checked) + (" and the ranks" if row.ranks else "") if gacrux else missing
        lines.append(
            f"| {event.name} | {event.preset} | MP, {', '.join(event.chain)} | {checked} | {_ms(row.ours)} | "
            + (
                f"{_ms(row.theirs)} | {_ratio(row.theirs, row.ours)} | "
                if row.theirs is not None
                else f"{missing} | | "
            )
            + (
                f"{whole} | {_ms(row.theirs_whole)} | {_ratio(row.theirs_whole, row.ours_whole, held=trf)} | "
                if row.theirs_whole is not None
                else f"{whole} | {missing} | | "
            )
            + (f"{'yes' if not values else f'NO ({values} of {row.values})'} | " if row.checked else "— | ")
            + (f"{'yes' if not ranks else f'NO ({len(ranks)} of {event.teams})'} |" if row.ranks else "— |")
        )
    lines += ["", *(f"({number}) {reason}" for reason, number in notes.items())] if notes else []
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def _ratio(theirs: float, ours: float, *, held: bool = True) -> str:
    """gacrux's time over ours, marked where it misses the target it is ``held`` to."""
    ratio = theirs / max(ours, 1e-9)
    return f"{ratio:.1f}×" + ("" if ratio >= TARGET or not held else " (< 10×)")


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
    parser.add_argument(
        "--teams", type=int, nargs="+", choices=TEAMS, help="only the events of these sizes (e.g. --teams 14 50)"
    )
    parser.add_argument(
        "--presets", nargs="+", choices=[preset for _, preset, _ in EVENTS], help="only these presets' events"
    )
    parser.add_argument("--docs", action="store_true", help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    if args.docs and (args.quick or args.presets or args.teams):
        parser.error("--docs writes the whole table: not with --quick, --presets or --teams")
    runs = 1 if args.quick else args.runs
    wanted = set(args.teams or ((TEAMS[0],) if args.quick else TEAMS))
    rows = []
    for generator, preset, sizes in EVENTS:
        if args.presets and preset not in args.presets:
            continue
        for teams, rounds in (size for size in sizes if size[0] in wanted):
            rows.append(measure(generator(teams, rounds, preset=preset), runs=runs))
            print(f"measured {rows[-1].event.name} ({preset})", file=sys.stderr, flush=True)
    command = "python -m bench.reference" + (" --quick" if args.quick else f" --runs {runs}")
    command += f" --teams {' '.join(map(str, args.teams))}" if args.teams else ""
    command += f" --presets {' '.join(args.presets)}" if args.presets else ""
    text = f"`{command}`, median CPU time of {runs} alternate runs; {machine()}:\n\n{table(rows)}"
    print(text)
    for row in rows:
        for team, code, ours, theirs in row.differences[:10]:
            print(f"{row.event.name} ({row.event.preset}): team {team} {code}: ours {ours}, gacrux {theirs}")
    if args.docs:
        write_docs(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
