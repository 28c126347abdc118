"""Standings that explain themselves (issue 16): which criterion put each team below the one
above it, with both values as they stood at that split; a shared place says nothing did."""

from tests.domain.test_standings import (
    DE_RECURSION,
    FIVE_TEAMS,
    FRANKENWALD,
    SHARED_PLACE,
    TIE_FOR_FIRST,
    A,
    B,
    C,
    D,
    E,
    F,
)
from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.standings import PlaceReason, RankingRules, compute_standings


def reasons(rows):
    return [(row.team, row.reason) for row in rows]


def test_five_teams_direct_encounter_for_first_board_points_for_second_match_points_below():
    # test_standings: A, B, C on 5 MP; DE among them A 4, B 1, C 1 → A first (first-place chain);
    # C before B on BP 10.5 : 9.5 (other chain); E's 3 MP below B's 5; D's 2 below E's 3.
    rows = compute_standings([A, B, C, D, E], FIVE_TEAMS, FRANKENWALD, final=True)
    assert reasons(rows) == [
        (A, None),
        (C, PlaceReason("DE", 4, 1)),
        (B, PlaceReason("BP", 10.5, 9.5)),
        (E, PlaceReason("MP", 5, 3)),
        (D, PlaceReason("MP", 3, 2)),
    ]


def test_a_shared_place_says_nothing_separated_them():
    # C and D share 2nd–3rd (equal BP, DE, BW, FWB); B is below them on BP 5 : 4.
    rows = compute_standings([A, B, C, D], SHARED_PLACE, FRANKENWALD, final=True)
    assert reasons(rows) == [
        (A, None),
        (C, PlaceReason("MP", 6, 2)),
        (D, PlaceReason(shared=True)),
        (B, PlaceReason("BP", 5, 4)),
    ]


def test_leaders_only_a_playoff_can_separate_share_first_and_the_rest_is_below_on_match_points():
    rows = compute_standings([A, B, C, D], TIE_FOR_FIRST, FRANKENWALD, final=True)
    # A and B share first (DE 1 : 1, a play-off decides); D is below on MP 5 : 1; C below D on BP 4 : 3.5
    assert reasons(rows) == [
        (A, None),
        (B, PlaceReason(shared=True)),
        (D, PlaceReason("MP", 5, 1)),
        (C, PlaceReason("BP", 4, 3.5)),
    ]


def test_direct_encounter_inside_a_subgroup_gives_the_values_of_that_subgroup():
    # test_standings: A, B, C, D on 6 MP. DE among the four: A 4, B 4, C 2, D 2; inside {A, B}
    # A beat B: 2 : 0. One chain for every place, so the split of the four stands: C is below B
    # on DE 4 : 2 and shares 3rd–4th with D (1 : 1). E and F (3 MP) drew each other: shared 5th–6th.
    rules = RankingRules(4, MatchPoints(2, 1, 0), ByeScoring.NOTHING, ("DE",), ("DE",), True)
    rows = compute_standings([A, B, C, D, E, F], DE_RECURSION, rules, final=True)
    assert reasons(rows) == [
        (A, None),
        (B, PlaceReason("DE", 2, 0)),
        (C, PlaceReason("DE", 4, 2)),
        (D, PlaceReason(shared=True)),
        (E, PlaceReason("MP", 6, 3)),
        (F, PlaceReason(shared=True)),
    ]


def test_the_reason_in_words():
    assert PlaceReason("BP", 10.5, 9.5).text() == "behind the one above on BP (10½ : 9½)."
    assert PlaceReason("FWB", (1.0, 0.5), (1.0, 0.0)).text() == "behind the one above on FWB (1 ½ : 1 0)."
    assert PlaceReason(shared=True).text() == "shares the place with the one above: no tie-break separated them."
    assert PlaceReason().text() == "not separated from the one above by the tie-breaks."
