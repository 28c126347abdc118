"""Individual standings of a four-player event, worked by hand (rules/README §4)."""

from tournaments.domain.tables.finishing import parse_finish
from tournaments.domain.tables.standings import TableGame, table_standings
from tournaments.domain.tables.variants import get_variant

V1, V5, V9 = get_variant("schach4-v1"), get_variant("schach4-v5"), get_variant("schach4-v9")


def game(round_number, variant, entrants, text, absent=()):
    seats = dict(enumerate(entrants, start=1))
    return TableGame(round_number, seats, parse_finish(text, variant, absent_seats=absent))


def rows(standings):
    return [(r.place, r.entrant, r.points, r.wins, r.opposition, r.games) for r in standings]


def test_shared_places_and_a_forfeit_over_two_rounds():
    games = [
        game(1, V1, (1, 2, 3, 4), "1=2 3 4"),  # 1 and 2 share first: 2½ each, 3 1, 4 0
        game(1, V5, (5, 6, 7), "2 1", absent=(3,)),  # 7 absent: 6 2, 5 1, 7 0
        game(2, V1, (5, 1, 6, 2), "1=2 3 4"),  # 5 and 1 share first: 2½ each, 6 1, 2 0
        game(2, V5, (3, 4, 7), "2 1 3"),  # 4 2, 3 1, 7 0
    ]
    # totals: 1 5, 2 2½, 3 2, 4 2, 5 3½, 6 3, 7 0; the tables hold 11½, 6½, 14 and 4 final points
    # opposition: 1 = (11½ − 5) + (14 − 5) = 15½; 2 = 9 + 11½ = 20½; 3 = 9½ + 2 = 11½; 4 = 9½ + 2 = 11½;
    # 5 = (6½ − 3½) + (14 − 3½) = 13½; 6 = 3½ + 11 = 14½; 7 = 6½ + 4 = 10½
    assert rows(table_standings(range(1, 8), games)) == [
        ("1.", 1, 5, 0, 15.5, 2),  # a shared first place is not a win
        ("2.", 5, 3.5, 0, 13.5, 2),
        ("3.", 6, 3, 1, 14.5, 2),
        ("4.", 2, 2.5, 0, 20.5, 2),
        ("5.", 4, 2, 1, 11.5, 2),  # level with 3 on points, ahead on wins
        ("6.", 3, 2, 0, 11.5, 2),
        ("7.", 7, 0, 0, 10.5, 2),  # the forfeit counts as a game with 0
    ]


def test_level_points_are_split_by_wins():
    games = [
        game(1, V1, (1, 2, 3, 4), "1 2 3 4"),  # 1 3, 2 2, 3 1, 4 0
        game(2, V1, (2, 3, 4, 1), "3 1 4 2"),  # 4 3, 2 2, 1 1, 3 0
    ]
    standings = table_standings([1, 2, 3, 4], games)
    assert rows(standings) == [
        ("1.", 1, 4, 1, 16, 2),  # opposition: twice the 12 points shared out, minus its own
        ("2.", 2, 4, 0, 16, 2),
        ("3.", 4, 3, 1, 18, 2),
        ("4.", 3, 1, 0, 22, 2),
    ]


def test_level_points_and_wins_are_split_by_opposition():
    games = [
        game(1, V9, (1, 2), "1 2"),
        game(1, V9, (3, 4), "1 2"),  # 1 and 3 win
        game(2, V9, (1, 4), "1 2"),
        game(2, V9, (2, 3), "1 2"),  # 1 and 2 win
    ]
    # 2 and 3: one point, one win each; 2 met 1 (2) and 3 (1) = 3, 3 met 4 (0) and 2 (1) = 1
    assert rows(table_standings([1, 2, 3, 4], games)) == [
        ("1.", 1, 2, 2, 1, 2),
        ("2.", 2, 1, 1, 3, 2),
        ("3.", 3, 1, 1, 1, 2),
        ("4.", 4, 0, 0, 3, 2),
    ]


def test_entrants_level_on_everything_share_the_place():
    games = [
        game(1, V9, (1, 2), "1 2"),
        game(1, V9, (3, 4), "1 2"),
        game(2, V9, (1, 3), "1 2"),
        game(2, V9, (2, 4), "1 2"),
    ]
    # 2 and 3: 1 point, 1 win, opposition 2 each (2 met 1 and 4, 3 met 4 and 1)
    standings = table_standings([1, 2, 3, 4, 5], games)
    assert [(r.place, r.entrant) for r in standings] == [("1.", 1), ("2.–3.", 2), ("2.–3.", 3), ("4.", 4), ("5.", 5)]
    assert standings[1].opposition == standings[2].opposition == 2
    assert standings[3].opposition == 2 and standings[4].opposition == 0
    assert standings[4].games == 0  # registered, not yet seated


def test_a_three_way_draw_shares_everything():
    games = [game(1, V5, (1, 2, 3), "1=2=3"), game(2, V5, (3, 1, 2), "1=2=3")]
    assert rows(table_standings([1, 2, 3], games)) == [("1.–3.", e, 2, 0, 8, 2) for e in (1, 2, 3)]
