"""``python -m bench.growth``: does Sonneborn-Berger grow linearly with the teams?

Times ``sonneborn_berger_match_points`` over whole tables of 1,000, 2,000 and 4,000 teams × 11
rounds (random pairings, pure domain code, no database) and prints each time and the ratio to
the previous size: about 2 when the work is linear, about 4 when it is quadratic (as it was: the
tandem chain took 3.2 s at 2,000 teams and 16.8 s at 4,000). A check to read, not a timed test.
"""

import random
import sys
import time

from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import match_from_result
from tournaments.domain.tally import tally_matches
from tournaments.domain.tiebreaks import sonneborn_berger_match_points

RESULTS = [BoardResult("1-0"), BoardResult("½-½"), BoardResult("0-1")]


def table(teams: int, rounds: int = 11, seed: int = 1):
    rng = random.Random(seed)
    ids = list(range(1, teams + 1))
    matches = []
    for number in range(1, rounds + 1):
        rng.shuffle(ids)
        matches += [match_from_result(number, a, b, rng.choice(RESULTS)) for a, b in zip(ids[::2], ids[1::2])]
    return tally_matches(ids, matches, boards=2, points=MatchPoints(2, 1, 0), bye_scoring=ByeScoring.NOTHING), ids


def main(sizes=(1000, 2000, 4000), runs: int = 5) -> int:
    previous = None
    print(f"| teams | Sonneborn-Berger, whole table (best of {runs}) | ratio to the previous size |")
    print("| ---: | ---: | ---: |")
    for teams in sizes:
        tally, ids = table(teams)
        best = min(_timed(tally, ids) for _ in range(runs))
        ratio = f"{best / previous:.2f}" if previous else "–"
        print(f"| {teams:,} | {best * 1000:.1f} ms | {ratio} |", flush=True)
        previous = best
    return 0


def _timed(tally, ids) -> float:
    start = time.perf_counter()
    sonneborn_berger_match_points(tally, ids)
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
