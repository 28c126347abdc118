"""``python -m bench.growth``: does every tie-break grow linearly with the teams?

Times each criterion the presets ship, and each C.07 criterion, over the whole table of a Swiss
(``bench.events``) of n and 4n teams × 11 rounds, pure domain code, no database, and prints the
ratio: about 4 when the work is linear, about 16 when it is quadratic (as the Buchholz chain was
cubic until issue 29: 9 s at 200 teams). Exits 1 when a ratio exceeds ``LIMIT``. Timed here, on
purpose not in a unit test (the shared machine's noise); ``tests/domain/test_tiebreak_scale.py``
counts calls instead.
"""

import argparse
import gc
import sys
import time
from dataclasses import replace

from tournaments.domain.presets import PRESETS
from tournaments.domain.tally import tally_matches
from tournaments.domain.tiebreaks import TIEBREAKS, get_tiebreak

from .events import swiss
from .reference import machine, write_docs

C07 = ("BH:MP", "BH:GP/C1", "BH:MP/M1", "EMMSB", "EMGSB", "EGGSB", "SSSC", "MPVGP", "BC", "TBR", "BBE", "EDE", "EDEC")
SAMPLE = 0.02  # CPU seconds a sample of the small table lasts at least
# linear work at 4n is 4×, quadratic 16×; on a loaded machine a linear criterion whose lookups
# leave the cache at 2,000 teams was seen at 8× (OPP, SB: a dictionary read per opponent)
LIMIT = 10.0


def codes() -> list[str]:
    chains = [code for preset in PRESETS.values() for code in preset.tiebreaks_first + preset.tiebreaks_other]
    return list(dict.fromkeys([*chains, *TIEBREAKS, *C07]))


def table(teams: int, rounds: int = 11):
    event = swiss(teams, rounds)
    rules = event.rules()
    tally = tally_matches(
        range(1, teams + 1),
        event.records(),
        boards=rules.boards,
        points=rules.match_points,
        bye_scoring=rules.bye_scoring,
        predetermined=False,
    )
    return tally


def fresh(tally):
    """The tally without what the criteria compute once per standings and keep on it (the pairs,
    the teams' rounds, Art. 16.3's adjusted scores, the opponents' scores per round): a timed call
    does all its work, as the first criterion of a standings does."""
    return replace(tally, pairs={}, history={}, by_round={}, doubles=[], adjusted={}, opponent_scores={})


def best_of(tally, code: str, runs: int, repeat: int) -> float:
    """The best of ``runs`` samples, each the mean CPU time of ``repeat`` calls, each on a fresh
    copy of the tally (made untimed)."""
    compute, everyone = get_tiebreak(code).compute, list(tally.teams)
    samples = []
    gc.disable()  # a collection inside one run is noise, not growth
    try:
        for _ in range(runs):
            copies = [fresh(tally) for _ in range(repeat)]
            start = time.process_time()  # CPU time: the other processes of a shared machine do not count
            for copy in copies:
                compute(copy, everyone)
            samples.append((time.process_time() - start) / repeat)
    finally:
        gc.enable()
    return min(samples)


def repeats(tally, code: str) -> int:
    """Calls per sample so that a sample of the small table lasts about SAMPLE seconds."""
    return max(1, round(SAMPLE / max(best_of(tally, code, 1, 1), 1e-6)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.growth", description=__doc__)
    parser.add_argument("--teams", type=int, default=500, help="n; the second table has 4n teams (default 500)")
    parser.add_argument("--runs", type=int, default=5, help="the best of this many runs is taken")
    parser.add_argument("--docs", action="store_true", help="write the table into docs/performance.md")
    args = parser.parse_args(argv)
    small, large = table(args.teams), table(4 * args.teams)
    lines = [
        f"`python -m bench.growth --teams {args.teams} --runs {args.runs}`, best CPU time per call; {machine()}:",
        "",
        f"| criterion | {args.teams:,} teams | {4 * args.teams:,} teams | ratio (linear ≈ 4) | linear |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    failed = []
    for code in codes():
        repeat = repeats(small, code)
        at_n, at_4n = best_of(small, code, args.runs, repeat), best_of(large, code, args.runs, repeat)
        ratio = at_4n / max(at_n, 1e-6)
        linear = ratio <= LIMIT
        if not linear:
            failed.append(code)
        lines.append(
            f"| {code} | {at_n * 1000:.2f} ms | {at_4n * 1000:.2f} ms | {ratio:.1f} | {'yes' if linear else 'NO'} |"
        )
        print(lines[-1], file=sys.stderr, flush=True)
    print("\n".join(lines))
    if args.docs:
        write_docs("\n".join(lines), "growth")
    if failed:
        print(f"faster than linear growth: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
