"""``python -m bench.swiss``: pairing round 11 (or ``--round``) of a team Swiss (FIDE C.04.6) by gacrux (issue 16).

Rounds 1–10 are made up quickly (score order, neighbours who have not met, random results, a
pairing-allocated bye for the last team of an odd field), so only round 11 is gacrux's: that is
the measurement. It runs in the domain alone, as the desk's "pair next round" does before it
writes. ``--profile`` prints pyinstrument's tree of the slowest size.
"""

import argparse
import random
import sys
import time

from tournaments.domain.pairing_systems import PairingRules, RoundToPair, pairing_system
from tournaments.domain.presets import ByeScoring
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.swiss_team import SwissEvent, gacrux_tournament

BOARDS = 4
RESULTS = [BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS]
TARGETS = {200: 5.0, 2000: 60.0}  # seconds, issue 16


def history(teams: int, rounds: int, seed: int = 1):
    """``rounds`` rounds of a plausible Swiss: neighbours in the standings who have not met."""
    rng, played, met, points, had_bye = random.Random(seed), [], set(), {t: 0.0 for t in range(1, teams + 1)}, set()
    for number in range(1, rounds + 1):
        order = sorted(points, key=lambda t: (-points[t], t))
        if len(order) % 2:
            bye = next(t for t in reversed(order) if t not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            played.append(bye_record(number, bye, boards=BOARDS, scoring=ByeScoring.DRAW))
            points[bye] += 1
        while order:
            a = order.pop(0)
            b = next((t for t in order if frozenset((a, t)) not in met), order[0])
            order.remove(b)
            met.add(frozenset((a, b)))
            first, second = (a, b) if number % 2 else (b, a)
            record = match_from_results(number, first, second, [rng.choice(RESULTS) for _ in range(BOARDS)])
            played.append(record)
            if record.first_score != record.second_score:
                points[first if record.first_score > record.second_score else second] += 2
            else:
                points[first] += 1
                points[second] += 1
    return played


def measure(teams: int, number: int = 11) -> dict:
    """Wall and CPU seconds: building gacrux's JSON, and the whole pairing (JSON included)."""
    played = history(teams, number - 1)
    round_ = RoundToPair(
        number=number,
        teams=teams,
        rounds=number,
        played=played,
        rules=PairingRules(boards=BOARDS, colour_pattern="WBWB"),
    )
    wall, cpu = time.perf_counter(), time.process_time()
    gacrux_tournament(SwissEvent(teams, BOARDS, number, number, played, "WBWB"))
    json_wall, json_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    paired = pairing_system("swiss-fide-team").pair(round_)
    return {
        "teams": teams,
        "json": (json_wall, json_cpu),
        "pair": (time.perf_counter() - wall, time.process_time() - cpu),
        "pairs": len(paired.pairs),
        "engine": paired.engine,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.swiss", description=__doc__)
    parser.add_argument("--sizes", default="200,2000")
    parser.add_argument("--round", type=int, default=11, help="the round paired (1: one bracket of every team)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    print("| teams | round | pair: wall | pair: CPU | of which gacrux's JSON (wall / CPU) | target | met (wall) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for size in (int(s) for s in args.sizes.split(",")):
        if args.profile:
            from pyinstrument import Profiler

            with Profiler() as profiler:
                row = measure(size, args.round)
            profiler.print(file=sys.stderr, show_all=False)
        else:
            row = measure(size, args.round)
        target = TARGETS.get(size)
        (wall, cpu), (json_wall, json_cpu) = row["pair"], row["json"]
        met = "" if target is None else ("yes" if wall < target else "no")
        print(
            f"| {size:,} | {args.round} | {wall:.2f} s | {cpu:.2f} s | {json_wall:.2f} s / {json_cpu:.2f} s | "
            f"{f'< {target} s' if target else ''} | {met} |",
            flush=True,
        )
    print(f"engine: {row['engine']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
