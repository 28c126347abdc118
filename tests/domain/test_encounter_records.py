"""Records of encounters of N sides: two sides behave exactly as a match always did; a table of
three or four sides scores by the same rule, and DE/SB read the pairs derived from it."""

from dataclasses import FrozenInstanceError, replace

import pytest

from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import (
    MatchRecord,
    SideRecord,
    match_from_result,
    match_from_results,
    match_points,
    pairwise_points,
)
from tournaments.domain.standings import RankingRules, compute_standings
from tournaments.domain.withdrawal import Withdrawal, WithdrawalRule, apply_withdrawals

POINTS = MatchPoints(2, 1, 0)
A, B, C, D = 1, 2, 3, 4


@pytest.mark.parametrize("result", list(BoardResult))
def test_a_match_of_two_sides_scores_against_its_opponent_what_it_scores(result):
    for record in (match_from_results(1, A, B, [result] * 4), match_from_result(1, A, B, result)):
        mps = match_points(record, POINTS, bye_scoring=ByeScoring.NOTHING)
        assert pairwise_points(record, POINTS) == [(A, B, mps[0]), (B, A, mps[1])]


def test_a_two_sided_record_keeps_the_views_the_crosstable_reads():
    record = match_from_results(
        3, A, B, [BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS, BoardResult.FIRST_WINS_BY_FORFEIT]
    )
    assert (record.first, record.second, record.first_score, record.second_score, record.decided) == (
        A,
        B,
        2.5,
        1.5,
        None,
    )
    assert record.sides[1] == SideRecord(B, (0.0, 0.5, 1.0, 0.0), 1.5)
    assert match_from_result(3, A, B, BoardResult.SECOND_WINS).decided == (0.0, 1.0)


def test_records_built_by_their_own_init_stay_frozen_and_compare_by_value():
    """``MatchRecord`` and ``SideRecord`` set their slots themselves (issue 29): by position or by
    keyword, with the same defaults, and no field can be set afterwards."""
    side = SideRecord(A, (1.0,), 1.0)
    record = MatchRecord(2, (side,), placement=True)
    assert record == MatchRecord(2, (SideRecord(A, (1.0,), 1.0),), False, True, False, True, "", 1)
    assert {record, replace(record, leg=1)} == {record} and replace(record, leg=2).leg == 2
    assert (record.forfeited_by_all, record.board_scored, record.requested, record.leg) == (False, True, "", 1)
    for target, name in ((side, "score"), (record, "round"), (record, "leg")):
        with pytest.raises(FrozenInstanceError):
            setattr(target, name, 0)


def table(round_number, *scores, forfeited=False):
    """A table of sides A, B, C … scoring the given placement points (3/2/1/0 for places 1–4)."""
    return MatchRecord(
        round_number, tuple(SideRecord(team, (), score) for team, score in zip((A, B, C, D), scores)), forfeited, False
    )


def test_at_a_table_the_side_with_most_points_wins_and_sides_sharing_them_draw():
    assert match_points(table(1, 2, 1, 0), POINTS, bye_scoring=ByeScoring.NOTHING) == (2, 0, 0)
    assert match_points(table(1, 2.5, 2.5, 1, 0), POINTS, bye_scoring=ByeScoring.NOTHING) == (1, 1, 0, 0)
    assert match_points(table(1, 0, 0, 0, forfeited=True), POINTS, bye_scoring=ByeScoring.NOTHING) == (0, 0, 0)


def test_pairs_at_a_table_compare_the_two_sides_places():
    assert sorted(pairwise_points(table(1, 1, 2, 0), POINTS)) == [
        (A, B, 0),
        (A, C, 2),
        (B, A, 2),
        (B, C, 2),
        (C, A, 0),
        (C, B, 0),
    ]


def test_direct_encounter_and_sonneborn_berger_read_the_pairs_of_a_table():
    # Round 1 at one table: B first (2 points), A second (1), C last (0); round 2: A first, B and C share 2nd.
    # MP: A 0 + 2 = 2, B 2 + 0 = 2, C 0 + 0 = 0.  DE between A and B: A 0 + 2 = 2, B 2 + 0 = 2 → still tied.
    # SB over the pairs: A: vs B 0·2 + 2·2, vs C 2·0 + 2·0 = 4; B: vs A 2·2 + 0·2, vs C 2·0 + 1·0 = 4.
    rules = RankingRules(3, POINTS, ByeScoring.NOTHING, ("DE", "SB"), ("DE", "SB"), False)
    records = [table(1, 1, 2, 0), table(2, 2, 0.5, 0.5)]
    rows = compute_standings([A, B, C], records, rules, final=True)
    assert [(r.team, r.rank, r.rank_to, r.mp, r.won, r.drawn, r.lost) for r in rows] == [
        (A, 1, 2, 2, 1, 0, 1),
        (B, 1, 2, 2, 1, 0, 1),
        (C, 3, 3, 0, 0, 0, 2),
    ]
    assert [(r.tiebreaks["DE"], r.tiebreaks["SB"]) for r in rows[:2]] == [(2, 4), (2, 4)]


def test_a_cancelled_withdrawal_drops_every_table_the_team_sat_at():
    records = [
        table(1, 2, 1, 0),
        table(2, 0, 2, 1),
        MatchRecord(3, (SideRecord(A, (), 1), SideRecord(B, (), 0)), False, False),
    ]
    kept, _ = apply_withdrawals(
        records, [Withdrawal(C, from_round=2, scheduled=4, played=1)], WithdrawalRule.CANCEL_UNDER_HALF
    )
    assert kept == records[2:]


def test_a_match_without_a_second_team_is_a_bye_scored_by_the_bye_rule():
    record = match_from_results(2, A, None, [])
    assert (record.is_bye, record.entrants, record.second) == (True, (A,), None)
    assert match_points(record, POINTS, bye_scoring=ByeScoring.DRAW) == (1,)
