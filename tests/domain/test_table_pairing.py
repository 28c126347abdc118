"""Tables by score as a pairing strategy: a "Swiss in fours" (issue 15, rules/README §4)."""

from collections import Counter
from itertools import combinations

from tournaments.domain.pairing_systems import RoundToPair, pairing_system


def test_thirteen_players_sit_at_one_table_of_four_and_three_of_three():
    system = pairing_system("tables-by-score")
    assert system.groups_tables and not system.pairs_ahead
    assert system.planned_rounds(13) == 5
    first = system.pair_encounters(RoundToPair(number=1, teams=13, variant="schach4-v1"))
    assert first.encounters == ((1, 2, 3, 4), (5, 6, 7), (8, 9, 10), (11, 12, 13))
    assert first.repeats == 0


def test_no_one_shares_a_table_twice_while_a_grouping_allows_it():
    system = pairing_system("tables-by-score")
    history = []
    for number in range(1, 5):
        encounters = system.pair_encounters(RoundToPair(number=number, teams=13, tables=history, variant="schach4-v1"))
        assert encounters.repeats == 0
        history.append(encounters.encounters)
    met = Counter(frozenset(pair) for tables in history for table in tables for pair in combinations(table, 2))
    assert max(met.values()) == 1
    assert sorted(len(table) for tables in history for table in tables) == [3] * 12 + [4] * 4


def test_seats_rotate_so_first_moves_spread_over_five_rounds():
    """Schach4 "Der Spielbeginn" draws the first mover; we rotate: nobody moves first twice
    while 5 rounds × 4 tables = 20 first moves go round 13 entrants (some twice, none thrice)."""
    system = pairing_system("tables-by-score")
    history = []
    for number in range(1, 6):
        history.append(
            system.pair_encounters(
                RoundToPair(number=number, teams=13, tables=history, variant="schach4-v1")
            ).encounters
        )
    first_movers = Counter(table[0] for tables in history for table in tables)
    assert sum(first_movers.values()) == 20
    assert max(first_movers.values()) == 2 and len(first_movers) == 13
    seats = Counter(
        (entrant, seat) for tables in history for table in tables for seat, entrant in enumerate(table, start=1)
    )
    assert max(seats.values()) <= 2


def test_the_repeats_that_remain_are_reported():
    system = pairing_system("tables-by-score")
    # five players in tables of 3 + 2 cannot avoid meeting again for long: V5 falls back to V9
    history = []
    repeats = []
    for number in range(1, 5):
        encounters = system.pair_encounters(RoundToPair(number=number, teams=5, tables=history, variant="schach4-v5"))
        history.append(encounters.encounters)
        repeats.append(encounters.repeats)
    assert [sorted(len(t) for t in tables) for tables in history] == [[2, 3]] * 4
    # round 2: a table of three from 1–5 after (1, 2, 3) and (4, 5) must hold two who met: 1 repeat at least
    assert repeats[:3] == [0, 1, 1] and repeats[3] > 0


def test_tables_by_score_waits_for_the_round_before():
    system = pairing_system("tables-by-score")
    assert system.pairing_refusal(1, {}) is None
    assert system.pairing_refusal(3, {1: True, 2: True}) is None
    refusal = system.pairing_refusal(3, {1: True, 2: False})
    assert (refusal.field, refusal.params["unfinished"]) == ("round", 2)
    assert pairing_system("round-robin").pairing_refusal(5, {}) is None  # a fixed schedule pairs ahead


def test_schach4_v4_by_score_gives_every_player_the_pair_and_the_single_in_turn():
    """Schach4 V4 ("2 Einzelkämpfer kämpfen gegen zwei-in-einem-Team", the pair at seats 1 + 3) as
    an event of eight single entrants: over four rounds the pairing makes everyone a partner of
    the pair twice and a single twice, never with the same partner again."""
    from tournaments.domain.tables.variants import get_variant

    v4, system, history = get_variant("schach4-v4"), pairing_system("tables-by-score"), []
    for number in range(1, 5):
        history.append(
            system.pair_encounters(RoundToPair(number=number, teams=8, tables=history, variant="schach4-v4")).encounters
        )
    roles = {entrant: Counter() for entrant in range(1, 9)}
    for tables in history:
        for table in tables:
            for seat, entrant in enumerate(table, start=1):
                roles[entrant][v4.role(seat)] += 1
    assert all(held == Counter({(2, 1): 2, (1, 1): 2}) for held in roles.values())
    pairs = [frozenset((table[0], table[2])) for tables in history for table in tables]
    assert len(pairs) == len(set(pairs)) == 8
