"""Benchmark (not a test): the round bundle of a round with 100 matches.

    .venv/bin/python bench/round_bundle.py [--matches 100] [--repeat 3]

Builds a throwaway SQLite database and MEDIA_ROOT in a temporary directory, creates a
tournament of 2 × matches teams through the services, pairs round 1, and times rendering the
bundle (pairing list + one match report form per match, two to a page) and the full
``round_bundle_build`` service (selectors, render, store the file).
"""

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="arbiter-bench-"))
    os.environ.update(
        DJANGO_SETTINGS_MODULE="arbiter.settings",
        DATABASE_URL=f"sqlite:///{workdir / 'bench.sqlite3'}",
        MEDIA_ROOT=str(workdir / "media"),
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from tests.builders import make_tournament
    from tournaments.documents.round_bundle import RoundBundleDocument
    from tournaments.selectors.pairings import pairings_for_round
    from tournaments.services.documents import round_bundle_build
    from tournaments.services.pairing import round_pair_next

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    tournament = make_tournament(teams=2 * args.matches, language="en")
    round_ = round_pair_next(tournament=tournament)
    print(f"setup: {2 * args.matches} teams, round 1 paired in {time.perf_counter() - started:.1f} s")

    renders, builds = [], []
    for _ in range(args.repeat):
        started = time.perf_counter()
        pdf = RoundBundleDocument(pairings_for_round(round_=round_)).render()
        renders.append(time.perf_counter() - started)
        started = time.perf_counter()
        bundle = round_bundle_build(round_id=round_.pk)
        builds.append(time.perf_counter() - started)
    print(f"bundle: {args.matches} matches, {len(pdf) / 1024:.0f} KiB, state {bundle.state}")
    print(f"render (best of {args.repeat}): {min(renders):.2f} s")
    print(f"round_bundle_build service (best of {args.repeat}): {min(builds):.2f} s")
    shutil.rmtree(workdir)


if __name__ == "__main__":
    main()
