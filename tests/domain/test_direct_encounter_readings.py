"""The two readings of the direct encounter (DE) in a round robin still running, and gacrux's ranks.

A five-team, four-board round robin after two of its five rounds (Berger; the team left over meets
the dummy): 5 beat 2 (2½ : 1½), 3 beat 5 (2½ : 1½), 4 beat 3 (2½ : 1½), and 2 beat 1. Teams 2, 3
and 5 are level on 2 MP and 4 BP; 2 and 3 have not met yet.

- Blitz §16 (team blitz, tandem, Viererschach, Schach4 teams): the three have not all met, so DE
  separates nobody and BC decides: 2 (8½), 3 (10), 5 (10½).
- C.07 Art. 6 (the `fide-team` preset's DE, a FIDE event): the match points among the tied from
  the encounters played so far, 3 and 5 on 2, 2 on 0; inside {3, 5}, 3 beat 5: 3, 5, 2, as gacrux
  (FIDE's reference tool) ranks the same event from its TRF file.
"""

from dataclasses import replace

import pytest

from bench.events import round_robin
from bench.gacrux_model import tournament
from tournaments.domain.disciplines import DISCIPLINES
from tournaments.domain.presets import ByeScoring, DirectEncounter, MatchPoints
from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.standings import PlaceReason, RankingRules, compute_standings
from tournaments.domain.trf.reference import reference_ranking, reference_standings

CHAIN = ("BP", "DE", "BC")
C07 = RankingRules(
    4, MatchPoints(2, 1, 0), ByeScoring.NOTHING, CHAIN, CHAIN, False, direct_encounter=DirectEncounter.C07
)
BLITZ = replace(C07, direct_encounter=DirectEncounter.BLITZ)


def _match(round_number, first, second, *results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results])


MATCHES = [
    bye_record(1, 1, boards=4, scoring=ByeScoring.NOTHING),
    _match(1, 2, 5, "½-½", "0-1", "½-½", "½-½"),
    _match(1, 3, 4, "½-½", "0-1", "0-1", "1-0"),
    bye_record(2, 4, boards=4, scoring=ByeScoring.NOTHING),
    _match(2, 5, 3, "0-1", "½-½", "½-½", "½-½"),
    _match(2, 1, 2, "0-1", "0-1", "½-½", "1-0"),
]

# the same event as TRF-2026, as gacrux reads it (players 4k − 3 … 4k are team k's boards 1–4)
TRF = """\
012 Round robin 5 x 2
092 Team round robin
142 2
192 FIDE_TEAM_ROUNDROBIN
202 BP,DE,BC
212 MPTS,BP,DE,BC
352 WBWB
362 TW 2.0   TD 1.0   TL 0.0
001    1      Player 1                          2000                             0.0    0            0005 w 0
001    2      Player 2                          2000                             0.0    0            0006 b 0
001    3      Player 3                          2000                             0.5    0            0007 w =
001    4      Player 4                          2000                             1.0    0            0008 b 1
001    5      Player 5                          2000                             1.5    0  0017 w =  0001 b 1
001    6      Player 6                          2000                             1.0    0  0018 b 0  0002 w 1
001    7      Player 7                          2000                             1.0    0  0019 w =  0003 b =
001    8      Player 8                          2000                             0.5    0  0020 b =  0004 w 0
001    9      Player 9                          2000                             1.5    0  0013 w =  0017 b 1
001   10      Player 10                         2000                             0.5    0  0014 b 0  0018 w =
001   11      Player 11                         2000                             0.5    0  0015 w 0  0019 b =
001   12      Player 12                         2000                             1.5    0  0016 b 1  0020 w =
001   13      Player 13                         2000                             0.5    0  0009 b =
001   14      Player 14                         2000                             1.0    0  0010 w 1
001   15      Player 15                         2000                             1.0    0  0011 b 1
001   16      Player 16                         2000                             0.0    0  0012 w 0
001   17      Player 17                         2000                             0.5    0  0005 b =  0009 w 0
001   18      Player 18                         2000                             1.5    0  0006 w 1  0010 b =
001   19      Player 19                         2000                             1.0    0  0007 b =  0011 w =
001   20      Player 20                         2000                             1.0    0  0008 w =  0012 b =
310   1 Team 1                                           0.0    0.0   0     1    2    3    4
310   2 Team 2                                           0.0    0.0   0     5    6    7    8
310   3 Team 3                                           0.0    0.0   0     9   10   11   12
310   4 Team 4                                           0.0    0.0   0    13   14   15   16
310   5 Team 5                                           0.0    0.0   0    17   18   19   20
320  0.0  0.0   1   4
"""


def _ranks(rows):
    return [(row.team, row.rank) for row in rows]


def test_blitz_reading_waits_until_the_tied_teams_have_all_met():
    rows = compute_standings([1, 2, 3, 4, 5], MATCHES, BLITZ, final=False)
    assert _ranks(rows) == [(2, 1), (3, 2), (5, 3), (4, 4), (1, 5)]
    assert [row.tiebreaks["DE"] for row in rows[:3]] == [None, None, None]
    assert rows[1].reason == PlaceReason("BC", 8.5, 10.0)


def test_c07_reading_ranks_by_the_encounters_played_so_far():
    rows = compute_standings([1, 2, 3, 4, 5], MATCHES, C07, final=False)
    assert _ranks(rows) == [(3, 1), (5, 2), (2, 3), (4, 4), (1, 5)]
    # 3 and 5 on 2 MP among the three, then 3 beat 5; 2 on 0
    assert [row.tiebreaks["DE"] for row in rows[:3]] == [(2.0, 2.0), (2.0, 0.0), (0.0,)]
    assert rows[2].reason == PlaceReason("DE", (2.0, 0.0), (0.0,))


def test_gacrux_ranks_the_file_as_the_c07_reading():
    reference = reference_standings(TRF, list(CHAIN), after_round=2)
    assert reference.ranks == {3: 1, 5: 2, 2: 3, 4: 4, 1: 5}


def test_team_blitz_alone_keeps_the_blitz_reading():
    """FIDE's team discipline reads C.07; so do tandem and the four-player teams (ranked as tandem,
    our decision: their rulebooks name no tie-breaks). Team blitz keeps Blitz §16 (its own rule);
    a Schach4 individual event has no DE in its chain."""
    readings = {key: discipline.direct_encounter for key, discipline in DISCIPLINES.items()}
    assert {key for key, reading in readings.items() if reading == DirectEncounter.C07} == {
        "team",
        "tandem",
        "vierer",
        "schach4-v2-team",
        "schach4-v4-team",
        "schach4-v8-team",
    }
    assert readings["team-blitz"] == DirectEncounter.BLITZ


@pytest.mark.parametrize("preset", ["tandem-dsb", "vierer-team", "schach4-v2-team"])
def test_a_one_result_round_robin_still_running_ranks_as_gacrux(preset):
    """The first 14 rounds of a round robin of 50 (one result per match, Tandem §1.3, Vierer §2):
    DE comes straight after MP, so most ties are decided there. With the Blitz reading 32 of the 50
    ranks differed from gacrux's (DE separated nobody, SB decided); with C.07's every rank agrees."""
    event = round_robin(50, 14, preset=preset)
    rows = compute_standings(list(range(1, 51)), event.records(), event.rules(), final=False)
    reference = reference_ranking(tournament(event), ["DE", "SB", "WIN"], after_round=14)
    assert {row.team: row.rank for row in rows} == reference.ranks
    assert sum(row.reason is not None and row.reason.code == "DE" for row in rows) > 10


@pytest.mark.parametrize("teams", [5, 6, 7, 8])
def test_a_finished_round_robin_ranks_alike_in_both_readings(teams):
    """Every tied team has met every other: a stored `fide-team` round robin that is over keeps its
    ranks (50 seeded events of each size, forfeits and the dummy's rounds included; DE decides a
    place in some of them, else the comparison would hold for want of ties)."""
    decided = 0
    for seed in range(50):
        event = round_robin(teams, teams - (teams + 1) % 2, seed=seed)
        standings = [
            compute_standings(list(range(1, teams + 1)), event.records(), rules, final=True)
            for rules in (event.rules(), replace(event.rules(), direct_encounter=DirectEncounter.BLITZ))
        ]
        assert event.rules().direct_encounter == DirectEncounter.C07
        assert _ranks(standings[0]) == _ranks(standings[1])
        decided += any(row.reason is not None and row.reason.code == "DE" for row in standings[0])
    assert decided > 0
