"""Tandem standings: match points from one result per match, SB on match points, matches won."""

from tournaments.domain.presets import PRESETS, ByeScoring, MatchPoints
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import match_from_result
from tournaments.domain.standings import RankingRules, compute_standings
from tournaments.domain.tally import tally_matches
from tournaments.domain.tiebreaks import TIEBREAKS

A, B, C, D = 1, 2, 3, 4


def m(round_number, first, second, result):
    return match_from_result(round_number, first, second, BoardResult(result))


# Four teams, single round robin:
#   R1 A–B 1-0, C–D ½-½   R2 A–C 0-1, B–D 1-0   R3 A–D 1-0, B–C ½-½
# MP (2/1/0): A 2+0+2 = 4, B 0+2+1 = 3, C 1+2+1 = 4, D 1+0+0 = 1.
# SB = Σ opponent's MP × MP scored against it:
#   A: B 3×2 + C 4×0 + D 1×2 = 8      B: A 4×0 + D 1×2 + C 4×1 = 6
#   C: D 1×1 + A 4×2 + B 3×1 = 12     D: C 4×1 + B 3×0 + A 4×0 = 4
# Matches won: A 2, B 1, C 1, D 0.
MATCHES = [
    m(1, A, B, "1-0"),
    m(1, C, D, "½-½"),
    m(2, A, C, "0-1"),
    m(2, B, D, "1-0"),
    m(3, A, D, "1-0"),
    m(3, B, C, "½-½"),
]


def tally(points=MatchPoints(2, 1, 0)):
    return tally_matches([A, B, C, D], MATCHES, boards=2, points=points, bye_scoring=ByeScoring.NOTHING)


def test_sonneborn_berger_on_match_points_and_matches_won():
    t = tally()
    assert {team: t.teams[team].mp for team in (A, B, C, D)} == {A: 4, B: 3, C: 4, D: 1}
    assert TIEBREAKS["SB"].compute(t, [A, B, C, D]) == {A: 8, B: 6, C: 12, D: 4}
    assert TIEBREAKS["WIN"].compute(t, [A, B, C, D]) == {A: 2, B: 1, C: 1, D: 0}
    assert all(t.teams[team].bp == 0 for team in (A, B, C, D))  # no board points in tandem


def test_one_half_zero_scoring_scales_sonneborn_berger():
    # MP 1/½/0: A 2, B 1.5, C 2, D 0.5; SB A: 1.5×1 + 0.5×1 = 2, C: 0.5×½ + 2×1 + 1.5×½ = 3.
    t = tally(MatchPoints(1, 0.5, 0))
    assert TIEBREAKS["SB"].compute(t, [A, C]) == {A: 2, C: 3}


def test_default_chain_direct_encounter_then_sb_then_wins():
    preset = PRESETS["tandem-dsb"]
    rules = RankingRules(
        boards=2,
        match_points=preset.match_points,
        bye_scoring=preset.bye_scoring,
        tiebreaks_first=preset.tiebreaks_first,
        tiebreaks_other=preset.tiebreaks_other,
        playoff_for_first=preset.playoff_for_first,
    )
    rows = compute_standings([A, B, C, D], MATCHES, rules, final=True)
    # A and C have 4 MP; C beat A, so C is first although A won more matches.
    assert [(r.team, r.rank, r.mp, r.won, r.drawn, r.lost) for r in rows] == [
        (C, 1, 4, 1, 2, 0),
        (A, 2, 4, 2, 0, 1),
        (B, 3, 3, 1, 1, 1),
        (D, 4, 1, 0, 1, 2),
    ]
    assert rows[0].tiebreaks == {"DE": 2, "SB": 12, "WIN": 1}


def test_sb_counts_each_leg_of_a_double_round_on_its_own():
    # Double rounds: every pair meets twice in a round, each leg scored separately.
    #   A–B ½-½, ½-½   A–D 1-0, 1-0   A–C 1-0, 0-1   B–C 1-0, 1-0   B–D 0-1, 1-0   C–D ½-½, ½-½
    # MP: A 1+1+2+2+2+0 = 8, B 1+1+2+2+0+2 = 8, C 0+2+0+0+1+1 = 4, D 0+0+2+0+1+1 = 4.
    # DE between A and B: 1+1 = 2 each, no decision.
    # SB A: B 8×2 + D 4×4 + C 4×2 = 40;  SB B: A 8×2 + C 4×4 + D 4×2 = 40;
    #    C: D 4×2 + A 8×2 + B 8×0 = 24;  D: C 4×2 + B 8×2 + A 8×0 = 24.
    # Won: A 3 (D, D, C), B 3 (C, C, D).
    matches = [
        m(1, A, B, "½-½"),
        m(1, A, B, "½-½"),
        m(1, C, D, "½-½"),
        m(1, C, D, "½-½"),
        m(2, A, D, "1-0"),
        m(2, A, D, "1-0"),
        m(2, B, C, "1-0"),
        m(2, B, C, "1-0"),
        m(3, A, C, "1-0"),
        m(3, A, C, "0-1"),
        m(3, B, D, "0-1"),
        m(3, B, D, "1-0"),
    ]
    t = tally_matches([A, B, C, D], matches, boards=2, points=MatchPoints(2, 1, 0), bye_scoring=ByeScoring.NOTHING)
    assert [t.teams[team].mp for team in (A, B, C, D)] == [8, 8, 4, 4]
    assert TIEBREAKS["SB"].compute(t, [A, B, C, D]) == {A: 40, B: 40, C: 24, D: 24}
    assert TIEBREAKS["WIN"].compute(t, [A, B]) == {A: 3, B: 3}
    assert TIEBREAKS["DE"].compute(t, [A, B]) == {A: 2, B: 2}


def test_a_double_forfeit_loses_the_match_for_both():
    t = tally_matches([A, B], [m(1, A, B, "--")], boards=2, points=MatchPoints(2, 1, 0), bye_scoring=ByeScoring.NOTHING)
    assert (t.teams[A].mp, t.teams[A].lost, t.teams[B].mp, t.teams[B].lost) == (0, 1, 0, 1)


def test_sonneborn_berger_counts_both_matches_of_a_double_round_and_nothing_for_a_bye():
    # A–B twice (1-0, then ½-½), C has a bye in both rounds: MP A 2+1 = 3, B 0+1 = 1, C 0.
    # SB A = B's 1 MP × (2 + 1) scored = 3; B = A's 3 × (0 + 1) = 3; C met nobody: 0.
    matches = [m(1, A, B, "1-0"), m(2, B, A, "½-½"), m(1, C, None, "1-0"), m(2, C, None, "1-0")]
    t = tally_matches([A, B, C], matches, boards=2, points=MatchPoints(2, 1, 0), bye_scoring=ByeScoring.NOTHING)
    assert {team: t.teams[team].mp for team in (A, B, C)} == {A: 3, B: 1, C: 0}
    assert TIEBREAKS["SB"].compute(t, [A, B, C]) == {A: 3, B: 3, C: 0}
    # each team's own encounters, read without a scan; C met nobody
    assert t.opponents == {A: {B: [3.0, 2]}, B: {A: [1.0, 2]}, C: {}}
    assert (t.encounter(A, B), t.encounter(B, A), t.encounter(A, C)) == ((3.0, 2), (1.0, 2), (0.0, 0))
