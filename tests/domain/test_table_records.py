"""Tables ranked through the common standings: placement points as the score, wins, opposition (rules/README §4)."""

from fractions import Fraction

from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.standings import RankingRules, compute_standings
from tournaments.domain.tables.entry import parse_places
from tournaments.domain.tables.records import table_record
from tournaments.domain.tables.standings import TableGame, table_standings
from tournaments.domain.tables.variants import get_variant

RULES = RankingRules(
    boards=1,
    match_points=MatchPoints(),
    bye_scoring=ByeScoring.NOTHING,
    tiebreaks_first=("WIN", "OPP"),
    tiebreaks_other=("WIN", "OPP"),
    playoff_for_first=False,
)
V1, V5 = get_variant("schach4-v1"), get_variant("schach4-v5")


def test_a_table_record_scores_each_entrant_its_sides_placement_points():
    record = table_record(1, {1: 11, 2: 12, 3: 13, 4: 14}, parse_places("1 4 3 1", V1))  # seats 1 and 4 share first
    assert [(side.entrant, side.score) for side in record.sides] == [(11, 2.5), (12, 0.0), (13, 1.0), (14, 2.5)]
    assert record.placement and not record.board_scored and not record.unplayed


def test_two_rounds_of_seven_players_ranked_by_points_wins_and_opposition():
    """Worked by hand. Round 1: table A seats 1–4 = players 1, 2, 3, 4 finish 4th, 3rd, 2nd, 1st
    (3/2/1/0: 4 scores 3, 3 scores 2, 2 scores 1, 1 nothing); table B (V5, three seats) = players
    5, 6, 7: 5 and 7 share first, (2 + 1) / 2 = 1½ each, 6 absent: last, 0. Round 2: table A =
    5, 1, 6, 2 finish in seat order (3, 2, 1, 0); table B = 3, 4, 7: 3 first (2), 7 second (1),
    4 third (0).

    Points: 5: 4½ · 3: 4 · 4: 3 · 7: 2½ · 1: 2 · 2: 1 · 6: 1.
    Wins (first place alone): 4 in round 1, 5 and 3 in round 2 (5's shared first is no win).
    2 and 6 are level on 1 point and no win; opposition (the final points of everyone else at
    their tables): 2 met 1, 3, 4 (2 + 4 + 3) and 5, 1, 6 (4½ + 2 + 1) = 16½; 6 met 5, 7 (4½ + 2½)
    and 5, 1, 2 (4½ + 2 + 1) = 14½, absent in round 1 but seated all the same: 2 ranks 6th.
    """
    games = [
        (1, {1: 1, 2: 2, 3: 3, 4: 4}, parse_places("4 3 2 1", V1)),
        (1, {1: 5, 2: 6, 3: 7}, parse_places("1 - 1", V5)),
        (2, {1: 5, 2: 1, 3: 6, 4: 2}, parse_places("1 2 3 4", V1)),
        (2, {1: 3, 2: 4, 3: 7}, parse_places("1 3 2", V5)),
    ]
    rows = compute_standings(list(range(1, 8)), [table_record(*game) for game in games], RULES, final=True)
    assert [(row.team, row.rank, row.rank_to, row.mp, row.won, row.tiebreaks["OPP"]) for row in rows] == [
        (5, 1, 1, 4.5, 1, 7.5),
        (3, 2, 2, 4.0, 1, 11.5),
        (4, 3, 3, 3.0, 1, 13.5),
        (7, 4, 4, 2.5, 0, 12.5),
        (1, 5, 5, 2.0, 0, 14.5),
        (2, 6, 6, 1.0, 0, 16.5),
        (6, 7, 7, 1.0, 0, 14.5),
    ]
    reference = table_standings(list(range(1, 8)), [TableGame(r, seats, finish) for r, seats, finish in games])
    assert [(row.entrant, row.first, row.last, row.points, row.opposition) for row in reference] == [
        (row.team, row.rank, row.rank_to, Fraction(row.mp), Fraction(row.tiebreaks["OPP"])) for row in rows
    ]


def test_sides_level_on_points_wins_and_opposition_share_the_place():
    """One table of V1 drawn with players 1 and 2 still in: 2½ each, no win, opposition 2½ + 1 + 0
    each: they share 1st–2nd place."""
    rows = compute_standings(
        [1, 2, 3, 4], [table_record(1, {1: 1, 2: 2, 3: 3, 4: 4}, parse_places("1 1 3 4", V1))], RULES, final=True
    )
    assert [(row.team, row.rank, row.rank_to, row.mp, row.won) for row in rows] == [
        (1, 1, 2, 2.5, 0),
        (2, 1, 2, 2.5, 0),
        (3, 3, 3, 1.0, 0),
        (4, 4, 4, 0.0, 0),
    ]
