"""Table byes (issue 25, rules/README §4, our decision): entrants left over where a Schach4
variant has no smaller form sit out, scored as a shared middle place, one entrant per round in
turn, the lowest score (then the lowest rank) first, as an individual Swiss gives its bye."""

from fractions import Fraction

import pytest

from tournaments.domain.disciplines import get_discipline
from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import RoundToPair
from tournaments.domain.pairing_systems.tables import TablesByScore
from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.scoring import MatchRecord, SideRecord, match_points
from tournaments.domain.tables.byes import bye_count, bye_receivers, middle_points, parse_bye_points
from tournaments.domain.tables.variants import get_variant


@pytest.mark.parametrize(
    "variant, entrants, byes",
    [
        ("schach4-v2", 9, 1),  # V2: two pairs at tables of four, no smaller form
        ("schach4-v2", 11, 3),
        ("schach4-v4", 8, 0),
        ("schach4-v8", 10, 1),  # V8: three players
        ("schach4-v13", 9, 1),  # V13: classical chess, two players
        ("schach4-v1", 13, 0),  # V1 falls back to V5 and V9: everyone sits (4 + 3 + 3 + 3)
        ("schach4-v1", 5, 0),
    ],
)
def test_the_tables_leave_over_what_no_smaller_form_seats(variant, entrants, byes):
    assert bye_count(entrants, get_variant(variant)) == byes


def test_too_few_entrants_for_one_table_are_refused_naming_the_variant():
    with pytest.raises(RuleViolation) as error:
        bye_count(3, get_variant("schach4-v2"))
    assert error.value.rule == "Schach4 V2" and error.value.field == "entrants"


def test_nine_players_of_schach4_v2_give_the_bye_to_the_last_and_then_to_the_next_one_up():
    """Schach4 V2 ("2 Spieler kämpfen jeweils in einem Team gegen das Andere") has no smaller
    form: nine players sit at two tables of four, the ninth has a table bye. Round 1 by seeds:
    seed 9 sits out. Round 2, seed 9 now ranked 5th after its bye and seed 8 last: seed 8 sits
    out, never seed 9 again while others have had none."""
    system = TablesByScore()
    first = system.pair_encounters(RoundToPair(number=1, teams=9, variant="schach4-v2"))
    assert [len(table) for table in first.encounters] == [4, 4, 1] and first.encounters[-1] == (9,)
    bye = MatchRecord(1, (SideRecord(9, (), 0.5),), board_scored=False, placement=True)
    standings = (1, 2, 3, 4, 9, 5, 6, 7, 8)
    second = system.pair_encounters(
        RoundToPair(
            number=2, teams=9, standings=standings, tables=[first.encounters[:2]], variant="schach4-v2", played=[bye]
        )
    )
    assert second.encounters[-1] == (8,)
    last_but_nine = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    third = system.pair_encounters(
        RoundToPair(number=3, teams=9, standings=last_but_nine, variant="schach4-v2", played=[bye])
    )
    assert third.encounters[-1] == (8,)  # 9 is last but has had its bye


def test_everyone_having_had_a_bye_gives_it_to_the_fewest_byes_from_the_bottom():
    assert bye_receivers((1, 2, 3, 4, 5), 2, {5: 1, 4: 1, 3: 1, 1: 1}) == (2, 5)
    assert bye_receivers((1, 2, 3), 1, {}) == (3,)


@pytest.mark.parametrize(
    "variant, place_points, expected",
    [
        ("schach4-v2", None, Fraction(1, 2)),  # two sides 1/0: a shared place scores ½
        ("schach4-v4", None, Fraction(1)),  # three sides (the pair, two singles) 2/1/0: the middle place, 1
        ("schach4-v8", None, Fraction(1, 2)),
        ("schach4-v4", {3: (3, 1, 0)}, Fraction(4, 3)),
    ],
)
def test_a_table_bye_scores_a_shared_middle_place(variant, place_points, expected):
    assert middle_points(get_variant(variant), place_points) == expected


def test_the_tournament_sets_what_a_table_bye_scores_else_a_shared_middle_place():
    v2 = get_discipline("schach4-v2")
    assert v2.table_bye_points == Fraction(1, 2)
    assert v2.with_bye_points("1").table_bye_points == 1
    record = v2.with_bye_points("1.5").bye_record(3, 7, boards=1, scoring=ByeScoring.NOTHING)
    assert match_points(record, MatchPoints(), bye_scoring=ByeScoring.NOTHING) == (1.5,)
    record = v2.bye_record(3, 7, boards=1, scoring=ByeScoring.NOTHING)
    assert match_points(record, MatchPoints(), bye_scoring=ByeScoring.NOTHING) == (0.5,)
    assert parse_bye_points("") is None and parse_bye_points("1,5") == Fraction(3, 2)
    with pytest.raises(RuleViolation) as error:
        parse_bye_points("viel")
    assert error.value.field == "table_bye_points" and error.value.rule == "rules/README §4"
    assert get_discipline("vierer").bye_points_refusal("1", field="table_bye_points") is not None
