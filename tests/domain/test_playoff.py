"""The play-off for first place (Blitz §16): schedule and ranking, worked by hand."""

from tournaments.domain.playoff import playoff_schedule, rank_playoff, standings_after_playoff
from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.results import parse_board_result
from tournaments.domain.scoring import match_from_results
from tournaments.domain.standings import StandingRow

A, B, C = 1, 2, 3


def m(round_number, first, second, results):
    return match_from_results(round_number, first, second, [parse_board_result(r) for r in results.split()])


def rank(records, teams=(A, B), complete=True, lots=()):
    ranking = rank_playoff(
        list(teams),
        records,
        boards=4,
        points=MatchPoints(2, 1, 0),
        bye_scoring=ByeScoring.NOTHING,
        complete=complete,
        lots=lots,
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
