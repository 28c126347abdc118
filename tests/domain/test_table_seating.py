"""Seat rotation: over an event everyone moves first, second, third … as evenly as possible."""

from collections import Counter

from tournaments.domain.tables.finishing import parse_finish
from tournaments.domain.tables.grouping import Entrant, group_by_score, met_pairs
from tournaments.domain.tables.seating import (
    draw_seats,
    latin_square_seats,
    partner_counts,
    seat_counts,
    seat_round,
    seat_table,
)
from tournaments.domain.tables.variants import form_for, get_variant

V1 = get_variant("schach4-v1")


def test_a_table_puts_everyone_where_it_sat_least():
    counts = {1: Counter({1: 1}), 2: Counter({2: 1}), 3: Counter({3: 1}), 4: Counter({4: 1})}
    assert seat_table((1, 2, 3, 4), counts) == (2, 1, 4, 3)  # nobody at a seat held before
    assert seat_table((1, 2, 3, 4), {}) == (1, 2, 3, 4)  # nobody has sat: score order
    # 2 has moved first twice, 1 once, 3 never: 3 moves first
    counts = {1: Counter({1: 1, 2: 1}), 2: Counter({1: 2}), 3: Counter({2: 1, 3: 1})}
    assert seat_table((1, 2, 3), counts)[0] == 3


def test_seat_counts():
    assert seat_counts([[(1, 2, 3)], [(3, 1, 2)]]) == {
        1: Counter({1: 1, 2: 1}),
        2: Counter({2: 1, 3: 1}),
        3: Counter({3: 1, 1: 1}),
    }


def test_thirteen_players_over_five_rounds_move_first_once_or_twice():
    points = dict.fromkeys(range(1, 14), 0)
    rounds = []
    for _ in range(5):
        grouping = group_by_score([Entrant(i, points[i], 2400 - 10 * i) for i in points], V1, met_pairs(rounds))
        seated = seat_round(grouping.tables, seat_counts(rounds))
        rounds.append(seated)
        for table in seated:  # a made-up result: the lower number finishes higher
            order = sorted(range(1, len(table) + 1), key=lambda seat: table[seat - 1])
            finish = parse_finish(" ".join(map(str, order)), form_for(V1, len(table)))
            for seat, scored in finish.seat_points().items():
                points[table[seat - 1]] += scored
    counts = seat_counts(rounds)
    assert sum(sum(c.values()) for c in counts.values()) == 65
    assert sorted(counts[e][1] for e in counts) == [1] * 6 + [2] * 7  # 20 first moves shared out
    for entrant, held in counts.items():
        assert max(held.values()) <= 2, (entrant, held)  # nobody holds one seat three times in five games
        assert all(held[seat] >= 1 for seat in (1, 2, 3)), (entrant, held)  # every seat every table has


def test_fixed_groups_rotate_as_a_latin_square():
    rounds = [latin_square_seats((11, 12, 13, 14), r) for r in range(1, 5)]
    assert rounds == [(11, 12, 13, 14), (14, 11, 12, 13), (13, 14, 11, 12), (12, 13, 14, 11)]
    assert all(held == Counter({1: 1, 2: 1, 3: 1, 4: 1}) for held in seat_counts([rounds]).values())
    assert latin_square_seats((1, 2, 3), 4) == (1, 2, 3)


def test_schach4_der_spielbeginn_the_lot_draws_each_tables_seats_and_so_the_first_mover():
    """Schach4 "Der Spielbeginn": "Das Los bestimmt den Spieler mit dem ersten Zug". With the
    setting ``first_mover`` = ``lot`` each table's seats are drawn (seat 1 moves first); the lot
    recorded with the round seats the same way again, another lot differently."""
    tables = [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11)]
    drawn = draw_seats(tables, 2026)
    assert [sorted(table) for table in drawn] == [sorted(table) for table in tables]
    assert draw_seats(tables, 2026) == drawn
    first_movers = {draw_seats(tables, lot)[0][0] for lot in range(40)}
    assert first_movers == {1, 2, 3, 4}  # every player of the table can be drawn to move first


def test_schach4_v4_rotates_who_partners_whom_and_who_plays_single():
    """Schach4 V4: "2 Einzelkämpfer kämpfen gegen zwei-in-einem-Team", the pair at seats 1 + 3.
    Four players at one table for four rounds: each plays in the pair in two rounds and alone in
    two, each time with another partner."""
    v4 = get_variant("schach4-v4")
    rounds: list[list[tuple[int, ...]]] = []
    for _ in range(4):
        rounds.append(seat_round([(1, 2, 3, 4)], seat_counts(rounds), v4, partner_counts(rounds, v4)))
    pairs = [frozenset((table[0], table[2])) for (table,) in rounds]
    assert [sorted(pair) for pair in pairs] == [[1, 3], [2, 4], [2, 3], [1, 4]]
    assert len(set(pairs)) == 4
    assert all(sum(entrant in pair for pair in pairs) == 2 for entrant in (1, 2, 3, 4))


def test_schach4_v8_gives_each_player_the_two_sets_in_turn():
    """Schach4 V8: "1 Spieler kämpft mit 2 Figurensätzen gegen zwei-in-einem-Team". Three players
    at one table for three rounds: each commands both sets (seat 1) once and partners the other
    two once each; no player sits out, as every player is an entrant of their own."""
    v8 = get_variant("schach4-v8")
    rounds: list[list[tuple[int, ...]]] = []
    for _ in range(3):
        rounds.append(seat_round([(1, 2, 3)], seat_counts(rounds), v8))
    assert sorted(table[0] for (table,) in rounds) == [1, 2, 3]
    assert sorted(tuple(sorted(table[1:])) for (table,) in rounds) == [(1, 2), (1, 3), (2, 3)]


def test_without_roles_the_seats_alone_rotate():
    """Schach4 V1: every seat plays alone, so nothing but the seats is evened out."""
    counts = {1: Counter({1: 1}), 2: Counter({2: 1}), 3: Counter({3: 1}), 4: Counter({4: 1})}
    assert seat_round([(1, 2, 3, 4)], counts, V1) == [seat_table((1, 2, 3, 4), counts)]
