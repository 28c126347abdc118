"""``python -m bench``: generate events of the given sizes, measure, print the table."""

import argparse
import platform
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--sizes", default="16,200,2000", help="team counts, comma-separated (default 16,200,2000)")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement; the median is shown")
    parser.add_argument("--quick", action="store_true", help="sizes 16,200 and 3 runs: a smoke test in about a minute")
    parser.add_argument(
        "--archive-size",
        type=int,
        default=200,
        help="the event whose round bundle is printed (5: 200 teams, 100 matches), that is exported and imported "
        "(6) and checked against gacrux (7); a Swiss of that size is paired at the desk (8)",
    )
    parser.add_argument("--writes", type=int, default=500, help="API result writes for (4); p50 and p95 are shown")
    parser.add_argument("--keep", action="store_true", help="keep the benchmark database afterwards")
    parser.add_argument(
        "--cases", default="1,2,3,4,5,6,7,8", help="measurements to run, comma-separated (default all: 1–8)"
    )
    args = parser.parse_args(argv)
    sizes = [16, 200] if args.quick else [int(size) for size in args.sizes.split(",")]
    runs = 3 if args.quick else args.runs
    wanted = {int(case) for case in args.cases.split(",")}

    from .database import bench_database

    with bench_database(keep=args.keep) as database:
        from . import cases
        from .generate import generate

        print(f"# Arbiter benchmark: {database}, Python {platform.python_version()}, {runs} runs each", flush=True)
        rows = []
        for size in sizes:
            start = time.perf_counter()
            tournament = generate(teams=size, rounds=args.rounds)
            print(
                f"generated {size} teams × {tournament.rounds.count()} rounds in {time.perf_counter() - start:.1f} s",
                file=sys.stderr,
                flush=True,
            )
            if 1 in wanted:
                rows.append(cases.domain_standings(tournament, runs=runs))
            if 2 in wanted:
                rows += cases.db_standings(tournament, runs=runs)
            if 3 in wanted:
                rows += cases.public_pages(tournament, runs=runs)
            if size == args.archive_size:
                if 4 in wanted:
                    rows += cases.api_result_writes(tournament, writes=args.writes)
                if 5 in wanted:
                    rows += cases.round_bundle_pdf(tournament, runs=runs)
                if 6 in wanted:
                    rows += cases.archive_round_trip(tournament, runs=min(runs, 3))
                if 7 in wanted:
                    rows += cases.reference_check(tournament, runs=min(runs, 3))
                if 8 in wanted:
                    rows += cases.desk_pairing(teams=size, runs=min(runs, 3))
        print(_table(rows))
    return 0


def _table(rows) -> str:
    headers = ["measurement", "event", "median", "CPU", "SQL queries", "peak RSS", "target", "met"]
    cells = [[row.measurement, row.event, row.time, row.cpu, row.queries, row.rss, row.target, row.met] for row in rows]
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join(" --- " for _ in headers) + "|"]
    lines += ["| " + " | ".join(line) + " |" for line in cells]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
