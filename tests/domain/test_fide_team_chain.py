"""The `fide-team` preset's chain BP → DE → BC ranks every team as the former BP → DE → BW.

Berliner Wertung is ours; C.07's board count replaced it so that gacrux checks every criterion of
the FIDE preset. With n boards BW = (n + 1)·GP − BC, so among teams level on game points (all
that reach the third criterion) the higher BW is exactly the lower BC. The events are random
four-board round robins of 5–8 teams with draws, forfeits and an odd team's dummy round.
"""

import random

import pytest

from tournaments.domain.presets import PRESETS, ByeScoring, MatchPoints
from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.standings import RankingRules, compute_standings

BOARD_RESULTS = ("1-0", "0-1", "½-½", "½-½", "+-", "-+")


def rules(chain):
    return RankingRules(
        boards=4,
        match_points=MatchPoints(2, 1, 0),
        bye_scoring=ByeScoring.NOTHING,
        tiebreaks_first=chain,
        tiebreaks_other=chain,
        playoff_for_first=False,
    )


def round_robin(teams, rng):
    """Every pair meets once; the team left over in a round (odd count) meets the dummy."""
    matches, ring = [], list(teams) + ([None] if len(teams) % 2 else [])
    for round_number in range(1, len(ring)):
        for first, second in zip(ring[: len(ring) // 2], reversed(ring[len(ring) // 2 :])):
            if None in (first, second):
                matches.append(bye_record(round_number, first or second, boards=4, scoring=ByeScoring.NOTHING))
            else:
                results = [parse_board_result(rng.choice(BOARD_RESULTS)) for _ in range(4)]
                matches.append(match_from_results(round_number, first, second, results))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return matches


def places(rows):
    return [(row.team, row.rank, row.rank_to) for row in rows]


def test_the_preset_names_c07_codes_only():
    preset = PRESETS["fide-team"]
    assert preset.tiebreaks_first == preset.tiebreaks_other == ("BP", "DE", "BC")


@pytest.mark.parametrize("seed", range(40))
def test_board_count_ranks_as_berliner_wertung_did(seed):
    rng = random.Random(seed)
    teams = list(range(1, rng.randint(5, 8) + 1))
    matches = round_robin(teams, rng)
    with_bc = compute_standings(teams, matches, rules(("BP", "DE", "BC")), final=True)
    with_bw = compute_standings(teams, matches, rules(("BP", "DE", "BW")), final=True)
    assert places(with_bc) == places(with_bw)


def test_the_board_count_decides_places_in_some_of_these_events():
    """Else the comparison above would hold for want of ties."""
    decided = 0
    for seed in range(40):
        rng = random.Random(seed)
        teams = list(range(1, rng.randint(5, 8) + 1))
        rows = compute_standings(teams, round_robin(teams, rng), rules(("BP", "DE", "BC")), final=True)
        decided += any(row.reason is not None and row.reason.code == "BC" for row in rows)
    assert decided == 6
