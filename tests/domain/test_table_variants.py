"""The Schach4 variants V1–V13 and Viererschach's table, as the rulebooks list them."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.tables.variants import SCHACH4, VIERERSCHACH, form_for, forms, get_variant


def shape(key):
    variant = get_variant(key)
    return [seat.sets for seat in variant.seats], variant.sides, variant.turns


def test_every_variant_of_the_rulebook_is_there_with_its_rule():
    assert list(SCHACH4) == [f"schach4-v{n}" for n in range(1, 14)]
    assert [v.rule for v in SCHACH4.values()] == [f"Schach4 V{n}" for n in range(1, 14)]
    assert [v.size for v in SCHACH4.values()] == [4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2]


def test_four_player_tables():
    assert shape("schach4-v1") == ([1, 1, 1, 1], ((1,), (2,), (3,), (4,)), (1, 2, 3, 4))
    assert shape("schach4-v2") == ([1, 1, 1, 1], ((1, 3), (2, 4)), (1, 2, 3, 4))  # partners diagonal
    assert shape("schach4-v3") == ([1, 1, 1, 1], ((2,), (1, 3, 4)), (1, 2, 3, 2, 4, 2))  # single after each
    assert shape("schach4-v4") == ([1, 1, 1, 1], ((1, 3), (2,), (4,)), (1, 2, 3, 4))


def test_three_player_tables():
    assert shape("schach4-v5") == ([1, 1, 1], ((1,), (2,), (3,)), (1, 2, 3))
    assert shape("schach4-v6") == ([1, 1, 1], ((2,), (1, 3)), (1, 2, 3, 2))
    assert shape("schach4-v7") == ([2, 1, 1], ((1,), (2,), (3,)), (1, 2, 1, 3))  # two sets, diagonal
    assert shape("schach4-v8") == ([2, 1, 1], ((1,), (2, 3)), (1, 2, 1, 3))


def test_two_player_tables():
    assert shape("schach4-v9") == ([1, 1], ((1,), (2,)), (1, 2))
    assert shape("schach4-v10") == ([2, 2], ((1,), (2,)), (1, 2, 1, 2))
    assert shape("schach4-v11") == ([3, 1], ((1,), (2,)), (1, 2, 1, 2, 1, 2))
    assert shape("schach4-v12") == ([2, 1], ((1,), (2,)), (1, 2, 1, 2))
    assert [seat.colour for seat in get_variant("schach4-v13").seats] == ["White", "Black"]


def test_every_turn_cycle_moves_every_set_once_and_starts_at_seat_one():
    for variant in SCHACH4.values():
        assert variant.turns[0] == 1
        assert all(variant.turns.count(seat.number) >= seat.sets for seat in variant.seats)
        assert sorted(s for side in variant.sides for s in side) == list(range(1, variant.size + 1))


def test_only_schach4_v2_whose_sides_are_all_pairs_can_be_a_team_event():
    """Schach4 V4 ("2 Einzelkämpfer kämpfen gegen zwei-in-einem-Team") would make two players of
    one team enemies, V8 (three players) would sit one out: only V2's sides are all pairs."""
    assert [v.rule for v in SCHACH4.values() if v.team_event] == ["Schach4 V2"]
    assert get_variant("schach4-v2").pairs == ((1, 3), (2, 4))
    assert get_variant("schach4-v4").pairs == ((1, 3),)
    assert get_variant("schach4-v8").pairs == ((2, 3),)


def test_four_player_free_for_all_falls_back_to_three_then_two():
    v1 = get_variant("schach4-v1")
    assert [f.rule for f in forms(v1)] == ["Schach4 V1", "Schach4 V5", "Schach4 V9"]
    assert form_for(v1, 3).rule == "Schach4 V5"
    assert form_for(v1, 4) is v1
    with pytest.raises(RuleViolation) as error:
        form_for(get_variant("schach4-v2"), 3)
    assert error.value.field == "table" and error.value.rule == "Schach4 V2"


def test_viererschach_table():
    assert [seat.colour for seat in VIERERSCHACH.seats] == ["White", "Red", "Black", "Yellow"]  # Vierer §4
    assert VIERERSCHACH.sides == ((1, 4), (3, 2))  # Vierer §1: White + Yellow v Black + Red
    assert VIERERSCHACH.turns == (1, 2, 3, 4)


def test_unknown_variant_is_refused_with_the_field():
    with pytest.raises(RuleViolation) as error:
        get_variant("schach4-v14")
    assert error.value.field == "variant"


def test_when_a_seat_moves_and_whom_it_partners():
    """Schach4 V3: the single (seat 2) moves after each of the three team players, who partner
    each other; V8: seat 1 commands two sets alone against the pair at seats 2 + 3."""
    v3 = SCHACH4["schach4-v3"]
    assert [v3.moves_of(seat) for seat in (1, 2, 3, 4)] == [(1,), (2, 4, 6), (3,), (5,)]
    assert [v3.partners_of(seat) for seat in (1, 2, 3, 4)] == [(3, 4), (), (1, 4), (1, 3)]
    v8 = SCHACH4["schach4-v8"]
    assert (v8.seats[0].sets, v8.moves_of(1), v8.partners_of(1), v8.partners_of(2)) == (2, (1, 3), (), (3,))
    assert VIERERSCHACH.partners_of(1) == (4,) and VIERERSCHACH.result_rule == "Vierer §2, §12, §13"


def test_schach4_v4_and_v8_roles_are_the_pair_and_the_singles():
    """Schach4 V4: seats 1 + 3 the pair, 2 and 4 singles; V8: seat 1 the single with two sets
    ("1 Spieler kämpft mit 2 Figurensätzen gegen zwei-in-einem-Team"), seats 2 + 3 the pair."""
    v4, v8 = get_variant("schach4-v4"), get_variant("schach4-v8")
    assert [v4.role(seat) for seat in (1, 2, 3, 4)] == [(2, 1), (1, 1), (2, 1), (1, 1)]
    assert [v8.role(seat) for seat in (1, 2, 3)] == [(1, 2), (2, 1), (2, 1)]
