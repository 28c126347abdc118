"""The play-off for first place (Blitz §16): schedule and ranking, worked by hand."""

from tournaments.domain.playoff import playoff_schedule, rank_playoff, standings_after_playoff
from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import match_from_results
from tournaments.domain.standings import RankingRules, StandingRow, compute_standings

A, B, C = 1, 2, 3


def m(round_number, first, second, results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results.split()])


def rank(records, teams=(A, B), complete=True, lots=(), ranks_all=True):
    ranking = rank_playoff(
        list(teams),
        records,
        boards=4,
        points=MatchPoints(2, 1, 0),
        bye_scoring=ByeScoring.NOTHING,
        complete=complete,
        lots=lots,
        ranks_all=ranks_all,
    )
    return ranking, [(row.team, row.rank, row.rank_to, row.mp, row.bw, row.decided_by) for row in ranking.rows]


def test_two_teams_play_twice_with_colours_swapped_three_teams_a_round_robin():
    assert playoff_schedule([7, 3]) == [[(7, 3)], [(3, 7)]]
    rounds = playoff_schedule([7, 3, 5])
    assert len(rounds) == 3
    pairs = [pair for r in rounds for pair in r]
    assert sorted(tuple(sorted(p)) for p in pairs if p[1] is not None) == [(3, 5), (3, 7), (5, 7)]
    assert sorted(p[0] for p in pairs if p[1] is None) == [3, 5, 7]  # one bye each


def test_play_off_match_points_decide():
    # A wins the first match 3:1, the second is drawn 2:2: A 3 MP, B 1 MP.
    # BW: match 1 A 4 + 3 + 1 + ½ = 8.5, B 1 + ½ = 1.5; match 2 ½·10 = 5 each.
    _, rows = rank([m(10, A, B, "1-0 1-0 ½-½ ½-½"), m(11, B, A, "½-½ ½-½ ½-½ ½-½")])
    assert rows == [(A, 1, 1, 3, 13.5, "MP"), (B, 2, 2, 1, 6.5, None)]


def test_berliner_wertung_decides_when_both_matches_are_shared():
    # Match 1 A–B 2:2, A wins boards 1, 2: BW A 4+3 = 7, B 2+1 = 3.
    # Match 2 B–A 2:2: B 1·4 + ½·3 + ½·2 = 6.5, A ½·3 + ½·2 + 1·1 = 3.5. Total A 10.5, B 9.5.
    _, rows = rank([m(10, A, B, "1-0 1-0 0-1 0-1"), m(11, B, A, "1-0 ½-½ ½-½ 0-1")])
    assert rows == [(A, 1, 1, 2, 10.5, "BW"), (B, 2, 2, 2, 9.5, None)]


def test_first_won_board_decides_when_berliner_wertung_is_equal():
    # Match 1 A–B: A 4 + ½·2 + ½·1 = 5.5, B 3 + 1 + ½ = 4.5. Match 2 B–A: B 2 + 1.5 + 2 = 5.5,
    # A 2 + 1.5 + 1 = 4.5. BW 10 each. Board 1: A 1 + ½ = 1.5, B ½: A wins on the first board.
    _, rows = rank([m(10, A, B, "1-0 0-1 ½-½ ½-½"), m(11, B, A, "½-½ ½-½ 1-0 0-1")])
    assert rows == [(A, 1, 1, 2, 10.0, "FWB"), (B, 2, 2, 2, 10.0, None)]


def test_a_complete_tie_needs_the_drawing_of_lots_which_then_decides():
    records = [m(10, A, B, "½-½ ½-½ ½-½ ½-½"), m(11, B, A, "½-½ ½-½ ½-½ ½-½")]
    ranking, rows = rank(records)
    assert ranking.lots_needed == [[A, B]] and not ranking.decided
    assert rows == [(A, 1, 2, 2, 10.0, None), (B, 1, 2, 2, 10.0, None)]
    ranking, rows = rank(records, lots=(B, A))
    assert ranking.decided
    assert rows == [(B, 1, 1, 2, 10.0, "LOTS"), (A, 2, 2, 2, 10.0, None)]


def test_an_unfinished_play_off_asks_for_no_lots_and_decides_nothing():
    ranking, _ = rank([m(10, A, B, "½-½ ½-½ ½-½ ½-½")], complete=False)
    assert ranking.lots_needed == [] and not ranking.decided


def row(team, rank, rank_to, playoff):
    return StandingRow(team, rank, rank_to, 10, 20, 5, 4, 2, 1, {}, playoff_required=playoff)


def test_the_play_off_decides_the_places_of_the_teams_tied_for_first():
    regular = [row(A, 1, 2, True), row(B, 1, 2, True), row(C, 3, 3, False)]
    ranking, _ = rank([m(10, A, B, "0-1 0-1 ½-½ ½-½"), m(11, B, A, "½-½ ½-½ ½-½ ½-½")])
    final = standings_after_playoff(regular, ranking)
    assert [(r.team, r.rank, r.rank_to, r.playoff_required) for r in final] == [
        (B, 1, 1, False),
        (A, 2, 2, False),
        (C, 3, 3, False),
    ]
    undecided, _ = rank([m(10, A, B, "0-1 0-1 ½-½ ½-½")], complete=False)
    assert standings_after_playoff(regular, undecided) == regular


FRANKENWALD = RankingRules(
    boards=4,
    match_points=MatchPoints(2, 1, 0),
    bye_scoring=ByeScoring.NOTHING,
    tiebreaks_first=("DE",),
    tiebreaks_other=("BP", "DE", "BW", "FWB"),
    playoff_for_first=True,
)
# A three-way cycle: A beats B 2½:1½, B beats C 3:1, C beats A 3:1. Each has 2 MP, the direct
# encounter among the three is 2 : 2 : 2, so a play-off decides first place. BP: A 2½ + 1 = 3½,
# B 1½ + 3 = 4½, C 1 + 3 = 4.
CYCLE = [m(1, A, B, "1-0 1-0 ½-½ 0-1"), m(2, B, C, "1-0 1-0 1-0 0-1"), m(3, C, A, "1-0 1-0 1-0 0-1")]
# The play-off (a single round robin): A beats B and C, C beats B.
CYCLE_PLAYOFF = [m(10, A, B, "1-0 1-0 1-0 ½-½"), m(11, C, A, "0-1 0-1 ½-½ ½-½"), m(12, B, C, "0-1 0-1 ½-½ ½-½")]


def placed(first_place=None):
    rows = compute_standings([A, B, C], CYCLE, FRANKENWALD, final=True, first_place=first_place)
    return [(r.team, r.rank, r.rank_to, r.bp, r.playoff_required) for r in rows]  # a shared place by BP


def test_blitz_16_the_play_off_decides_first_place_and_board_points_the_others():
    """Blitz §16: "Bei Punktgleichheit auf dem 1. Platz … ein einrundiges Turnier"; "für die
    weitere Platzierung entscheidet … zuerst die größere Zahl der erreichten Brettpunkte": after A
    wins the play-off, B (4½ BP) is second and C (4 BP) third, though C beat B in the play-off."""
    assert placed() == [(B, 1, 3, 4.5, True), (C, 1, 3, 4.0, True), (A, 1, 3, 3.5, True)]
    first_only, rows = rank(CYCLE_PLAYOFF, teams=(A, B, C), ranks_all=False)
    assert [row[:3] for row in rows] == [(A, 1, 1), (C, 2, 2), (B, 3, 3)]  # the play-off's own table
    assert first_only.winner == A
    assert placed(first_place=first_only.winner) == [
        (A, 1, 1, 3.5, False),
        (B, 2, 2, 4.5, False),
        (C, 3, 3, 4.0, False),
    ]
    # The setting "the play-off ranks all its teams" places C above B, as the play-off did.
    ranks_all, _ = rank(CYCLE_PLAYOFF, teams=(A, B, C))
    regular = compute_standings([A, B, C], CYCLE, FRANKENWALD, final=True)
    assert [(r.team, r.rank) for r in standings_after_playoff(regular, ranks_all)] == [(A, 1), (C, 2), (B, 3)]


def test_blitz_16_only_a_tie_at_the_top_of_the_play_off_needs_lots():
    """B and C level on everything behind A in the play-off: lots only where the play-off ranks all."""
    level = [m(10, A, B, "1-0 1-0 1-0 ½-½"), m(11, C, A, "0-1 0-1 0-1 ½-½"), m(12, B, C, "½-½ ½-½ ½-½ ½-½")]
    first_only, _ = rank(level, teams=(A, B, C), ranks_all=False)
    assert (first_only.lots_needed, first_only.decided, first_only.winner) == ([], True, A)
    ranks_all, _ = rank(level, teams=(A, B, C))
    assert (ranks_all.lots_needed, ranks_all.decided, ranks_all.winner) == ([[B, C]], False, None)
