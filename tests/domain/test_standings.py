"""Standings under Blitz §16 with worked examples; every expected value is computed by hand here."""

from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.standings import RankingRules, compute_standings

FRANKENWALD = RankingRules(
    boards=4,
    match_points=MatchPoints(2, 1, 0),
    bye_scoring=ByeScoring.NOTHING,
    tiebreaks_first=("DE",),
    tiebreaks_other=("BP", "DE", "BW", "FWB"),
    playoff_for_first=True,
)
A, B, C, D, E, F = 1, 2, 3, 4, 5, 6


def m(round_number, first, second, results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results.split()])


def table(rows):
    return [(row.team, row.rank, row.rank_to, row.mp, row.bp, row.playoff_required) for row in rows]


# Five teams, single round robin, every match finished.
#   A–B 2½:1½  A–C 2½:1½  A–D 2:2  A–E 1½:2½ (E wins)
#   B–C 2:2    B–D 3:1    B–E 3:1
#   C–D 4:0    C–E 3:1 (board 1 won by forfeit)
#   D–E 2:2
# MP: A 2+2+1+0 = 5, B 0+1+2+2 = 5, C 0+1+2+2 = 5, D 1+0+0+1 = 2, E 2+0+0+1 = 3.
# BP: A 2.5+2.5+2+1.5 = 8.5, B 1.5+2+3+3 = 9.5, C 1.5+2+4+3 = 10.5, D 2+1+0+2 = 5, E 2.5+1+1+2 = 6.5.
FIVE_TEAMS = [
    m(1, A, B, "1-0 1-0 ½-½ 0-1"),
    m(1, C, D, "1-0 1-0 1-0 1-0"),
    m(2, A, C, "1-0 ½-½ ½-½ ½-½"),
    m(2, B, E, "1-0 ½-½ ½-½ 1-0"),
    m(3, A, D, "½-½ ½-½ ½-½ ½-½"),
    m(3, C, E, "+- 1-0 0-1 1-0"),
    m(4, A, E, "0-1 0-1 1-0 ½-½"),
    m(4, B, D, "1-0 1-0 1-0 0-1"),
    m(5, B, C, "½-½ ½-½ ½-½ ½-½"),
    m(5, D, E, "1-0 0-1 ½-½ ½-½"),
]


def test_three_way_tie_for_first_direct_encounter_picks_the_winner_board_points_the_rest():
    # A, B, C have 5 MP. DE among them: A 2+2 = 4, B 0+1 = 1, C 0+1 = 1: A is first.
    # B and C are then ranked by the other-places chain, board points first: C 10.5 > B 9.5,
    # so C is second although B and C drew each other and had equal DE.
    rows = compute_standings([A, B, C, D, E], FIVE_TEAMS, FRANKENWALD, final=True)
    assert table(rows) == [
        (A, 1, 1, 5, 8.5, False),
        (C, 2, 2, 5, 10.5, False),
        (B, 3, 3, 5, 9.5, False),
        (E, 4, 4, 3, 6.5, False),
        (D, 5, 5, 2, 5, False),
    ]
    by_team = {row.team: row for row in rows}
    assert by_team[A].tiebreaks["DE"] == 4
    assert by_team[B].tiebreaks["DE"] == 1 and by_team[C].tiebreaks["DE"] == 1
    assert by_team[D].tiebreaks["DE"] is None
    # A's points per board: b1 1+1+½+0 = 2.5, b2 1+½+½+0 = 2, b3 ½+½+½+1 = 2.5, b4 0+½+½+½ = 1.5
    assert by_team[A].tiebreaks["FWB"] == (2.5, 2, 2.5, 1.5)
    # BW = 2.5·4 + 2·3 + 2.5·2 + 1.5·1 = 22.5
    assert by_team[A].tiebreaks["BW"] == 22.5
    # C won board 1 against E by forfeit, which counts 1 on board 1: 0 (A) + ½ (B) + 1 (D) + 1 (E)
    assert by_team[C].tiebreaks["FWB"][0] == 2.5
    assert (by_team[A].played, by_team[A].won, by_team[A].drawn, by_team[A].lost) == (4, 2, 1, 1)


# Four teams: A and B draw each other and win everything else.
#   A–B 2:2, A–C 4:0, A–D 3:1, B–C 2½:1½, B–D 3:1, C–D 2:2
# MP A 5, B 5, C 1, D 1; BP A 9, B 7.5, C 3.5, D 4.
TIE_FOR_FIRST = [
    m(1, A, B, "½-½ ½-½ ½-½ ½-½"),
    m(1, C, D, "1-0 1-0 0-1 0-1"),
    m(2, A, C, "1-0 1-0 1-0 1-0"),
    m(2, B, D, "1-0 1-0 1-0 0-1"),
    m(3, A, D, "1-0 1-0 ½-½ ½-½"),
    m(3, B, C, "1-0 ½-½ ½-½ ½-½"),
]


def test_tie_for_first_that_direct_encounter_cannot_break_needs_a_playoff_after_the_last_round():
    rows = compute_standings([A, B, C, D], TIE_FOR_FIRST, FRANKENWALD, final=True)
    # DE A 1 : B 1; board points do not decide first place (Blitz §16): a play-off does.
    assert table(rows) == [
        (A, 1, 2, 5, 9, True),
        (B, 1, 2, 5, 7.5, True),
        (D, 3, 3, 1, 4, False),  # C and D drew; BP D 4 > C 3.5
        (C, 4, 4, 1, 3.5, False),
    ]


def test_before_the_last_round_tied_leaders_simply_share_first_place():
    rows = compute_standings([A, B, C, D], TIE_FOR_FIRST, FRANKENWALD, final=False)
    assert [(row.team, row.rank, row.rank_to, row.playoff_required) for row in rows[:2]] == [
        (A, 1, 2, False),
        (B, 1, 2, False),
    ]


# C and D are equal in everything: 1 MP, 5 BP, DE 1:1, and the same points on every board.
#   A–B 4:0, A–C 3:1, A–D 3:1, B–C 2:2, B–D 2:2, C–D 2:2
SHARED_PLACE = [
    m(1, A, B, "1-0 1-0 1-0 1-0"),
    m(1, C, D, "½-½ ½-½ ½-½ ½-½"),
    m(2, A, C, "1-0 1-0 1-0 0-1"),
    m(2, B, D, "1-0 1-0 0-1 0-1"),
    m(3, A, D, "1-0 1-0 1-0 0-1"),
    m(3, B, C, "1-0 1-0 0-1 0-1"),
]


def test_a_tie_that_survives_every_criterion_is_a_shared_place():
    rows = compute_standings([A, B, C, D], SHARED_PLACE, FRANKENWALD, final=True)
    # A 6 MP. B–C, B–D and C–D are drawn matches, so B, C and D have 2 MP each.
    # BP B 0+2+2 = 4, C 1+2+2 = 5, D 1+2+2 = 5 → B last.
    # C, D: DE 1:1; BW both 0.5·4+0.5·3+1.5·2+2.5·1 = 9; FWB (0.5, 0.5, 1.5, 2.5) both.
    assert table(rows) == [
        (A, 1, 1, 6, 10, False),
        (C, 2, 3, 2, 5, False),
        (D, 2, 3, 2, 5, False),
        (B, 4, 4, 2, 4, False),
    ]
    c = rows[1]
    assert c.shared and c.tiebreaks == {"DE": 1, "BP": 5, "BW": 9, "FWB": (0.5, 0.5, 1.5, 2.5)}


# Six teams, round robin; A, B, C, D all on 6 MP.
#   Among them: A beat B, A drew C and D, B beat C and D, C drew D  → DE A 4, B 4, C 2, D 2.
#   Against E and F: A beat E lost to F; B lost to E beat F; C and D beat both; E–F drew.
WINS = "1-0 1-0 ½-½ ½-½"  # 3:1
DRAW = "½-½ ½-½ ½-½ ½-½"
LOSS = "0-1 0-1 ½-½ ½-½"  # 1:3
DE_RECURSION = [
    m(1, A, B, WINS),
    m(1, C, D, DRAW),
    m(1, E, F, DRAW),
    m(2, A, C, DRAW),
    m(2, B, D, WINS),
    m(2, E, A, LOSS),
    m(3, A, D, DRAW),
    m(3, B, C, WINS),
    m(3, F, A, WINS),
    m(4, E, B, WINS),
    m(4, C, E, WINS),
    m(4, D, E, WINS),
    m(5, B, F, WINS),
    m(5, C, F, WINS),
    m(5, D, F, WINS),
]


def test_direct_encounter_is_applied_again_inside_every_subgroup_it_leaves_tied():
    rules = RankingRules(4, MatchPoints(2, 1, 0), ByeScoring.NOTHING, ("DE",), ("DE",), True)
    rows = compute_standings([A, B, C, D, E, F], DE_RECURSION, rules, final=True)
    # First place: DE splits {A,B} (4) from {C,D} (2); again inside {A,B}: A beat B → A first.
    # The rest {B,C,D}: DE B 2+2 = 4, C 0+1 = 1, D 0+1 = 1 → B second; inside {C,D}: 1:1 → shared.
    # E and F (3 MP each) drew each other: shared 5th.
    assert [(row.team, row.rank, row.rank_to, row.mp) for row in rows] == [
        (A, 1, 1, 6),
        (B, 2, 2, 6),
        (C, 3, 4, 6),
        (D, 3, 4, 6),
        (E, 5, 6, 3),
        (F, 5, 6, 3),
    ]


def test_direct_encounter_separates_nobody_until_all_tied_teams_have_met_equally_often():
    # After two rounds A (beat B and D) and C (beat D and B) have 4 MP each but have not met.
    matches = [
        m(1, A, B, WINS),
        m(1, C, D, "1-0 1-0 1-0 1-0"),
        m(2, A, D, WINS),
        m(2, C, B, WINS),
    ]
    rows = compute_standings([A, B, C, D], matches, FRANKENWALD, final=False)
    # DE does not apply, so they share first place (C listed first: more board points, 6 > 5).
    assert [(row.team, row.rank, row.rank_to, row.tiebreaks["DE"]) for row in rows[:2]] == [
        (C, 1, 2, None),
        (A, 1, 2, None),
    ]


def test_byes_score_nothing_in_a_round_robin_by_default():
    # Three teams; C has a bye in round 1 and scores nothing for it.
    matches = [bye_record(1, C, boards=4, scoring=ByeScoring.NOTHING), m(1, A, B, WINS)]
    rows = compute_standings([A, B, C], matches, FRANKENWALD, final=False)
    assert [(row.team, row.mp, row.bp, row.played) for row in rows] == [(A, 2, 3, 1), (B, 0, 1, 1), (C, 0, 0, 0)]


def test_a_bye_can_score_a_win_when_the_rules_say_so():
    rules = RankingRules(4, MatchPoints(2, 1, 0), ByeScoring.WIN, ("DE",), ("BP",), False)
    rows = compute_standings([A], [bye_record(1, A, boards=4, scoring=ByeScoring.WIN)], rules, final=False)
    assert (rows[0].mp, rows[0].bp) == (2, 4)


def test_a_match_nobody_played_is_lost_by_both_teams():
    rows = compute_standings([A, B], [m(1, A, B, "-- -- -- --")], FRANKENWALD, final=False)
    assert [(row.mp, row.bp, row.lost) for row in rows] == [(0, 0, 1), (0, 0, 1)]


def test_forfeited_boards_count_for_the_team_that_was_present():
    rows = compute_standings([A, B], [m(1, A, B, "+- -+ +- 0-1")], FRANKENWALD, final=False)
    # A: 1 + 0 + 1 + 0 = 2, B: 0 + 1 + 0 + 1 = 2 → a drawn match, 1 MP each
    assert [(row.team, row.mp, row.bp) for row in rows] == [(A, 1, 2), (B, 1, 2)]
