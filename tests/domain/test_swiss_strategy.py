"""The ``swiss-fide-team`` pairing system (FIDE C.04.6) as a strategy: what it reads, what it answers."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.domain.pairing_systems import PairingRules, RoundToPair, pairing_system
from tournaments.domain.presets import ByeScoring, ColourModel, MatchPoints
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import bye_record, match_from_result, match_from_results

SWISS = pairing_system("swiss-fide-team")
RULES = PairingRules(boards=4, colour_pattern="WBWB")


def first_wins(number, pairs, boards=4):
    return [
        bye_record(number, a, boards=boards, scoring=ByeScoring.DRAW)
        if b is None
        else match_from_results(number, a, b, [BoardResult.FIRST_WINS] * boards)
        for a, b in pairs
    ]


def test_round_one_and_the_engine_recorded():
    paired = SWISS.pair(RoundToPair(number=1, teams=8, rounds=5, rules=RULES))
    # C.04.6 art. 3.6: top half against bottom half; art. 4.3.1: odd TPNs get the initial colour
    assert paired.pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert paired.engine == "gacrux 1.11.65"
    assert SWISS.pairs_ahead is False


def test_round_two_pairs_the_winners_together():
    """The engine reads our results, not a declared standing: the four winners of round 1 form
    the top scoregroup and meet each other (art. 3.3.2)."""
    played = first_wins(1, [(1, 5), (6, 2), (3, 7), (8, 4)])
    pairs = SWISS.pair_round(RoundToPair(number=2, teams=8, rounds=5, played=played, rules=RULES))
    winners = {1, 6, 3, 8}
    assert len(pairs) == 4
    for a, b in pairs:
        assert (a in winners) == (b in winners), pairs
        assert frozenset((a, b)) not in {frozenset(p) for p in [(1, 5), (6, 2), (3, 7), (8, 4)]}


def test_a_pattern_starting_black_names_the_board_one_black_team_first():
    """gacrux names the team with White on board 1 first; with BWBW our first-named team has
    Black there, so the pair turns round: (5, 1) under BWBW is (1, 5) under WBWB."""
    pairs = SWISS.pair_round(
        RoundToPair(number=1, teams=8, rounds=5, rules=PairingRules(boards=4, colour_pattern="BWBW"))
    )
    assert pairs == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_absent_teams_and_requested_byes_are_not_paired():
    """Team 8 withdrew, team 2 asked for a half-point bye in round 2 (TRF 240 H): six teams paired."""
    played = first_wins(1, [(1, 5), (6, 2), (3, 7), (8, 4)])
    pairs = SWISS.pair_round(
        RoundToPair(number=2, teams=8, rounds=5, played=played, byes={(2, 2): "H"}, absent={8}, rules=RULES)
    )
    seeds = sorted(t for p in pairs for t in p if t is not None)
    assert seeds == [1, 3, 4, 5, 6, 7]
    assert all(b is not None for _, b in pairs)


def test_an_odd_field_gives_the_pab_to_the_lowest_team_with_the_largest_tpn():
    """Art. 3.4: the bye goes to the lowest score, then the most matches, then the largest TPN."""
    pairs = SWISS.pair_round(RoundToPair(number=1, teams=7, rounds=5, rules=RULES))
    assert (7, None) in pairs and len(pairs) == 4


def test_a_late_entry_is_paired_from_its_first_round():
    """Team 9 joins in round 2; round 1 was a zero-point bye for it (TRF 240 Z), so it sits in the
    lowest scoregroup with the losers."""
    played = first_wins(1, [(1, 5), (6, 2), (3, 7), (8, 4)])
    pairs = SWISS.pair_round(RoundToPair(number=2, teams=9, rounds=5, played=played, byes={(1, 9): "Z"}, rules=RULES))
    assert sorted(t for p in pairs for t in p if t is not None) == list(range(1, 10))
    bye = [a for a, b in pairs if b is None]
    assert len(bye) == 1 and bye[0] in {2, 4, 5, 7, 9}


def test_tandem_teams_are_paired_on_match_points_alone():
    """A tandem match has one result (Tandem §1.3): the engine sees a one-board match, match points
    only and no colour preferences; the winners still meet in round 2."""
    rules = PairingRules(boards=2, colour_pattern="BW", colour_model=ColourModel.NONE, match_scored=True)
    first = SWISS.pair_round(RoundToPair(number=1, teams=6, rounds=4, rules=rules))
    assert sorted(tuple(sorted(p)) for p in first) == [(1, 4), (2, 5), (3, 6)]
    played = [
        match_from_result(1, a, b, BoardResult.FIRST_WINS if min(a, b) == a else BoardResult.SECOND_WINS)
        for a, b in first
    ]
    winners = {1, 2, 3}
    second = SWISS.pair_round(RoundToPair(number=2, teams=6, rounds=4, played=played, rules=rules))
    top = [p for p in second if set(p) & winners]
    assert any(set(p) <= winners for p in top), second


@pytest.mark.parametrize("model", [ColourModel.TYPE_A, ColourModel.TYPE_B, ColourModel.NONE])
def test_every_colour_model_pairs_five_rounds_without_repeats(model):
    rules = PairingRules(boards=4, colour_pattern="WBWB", colour_model=model, points=MatchPoints(2, 1, 0))
    played, seen = [], set()
    for number in range(1, 6):
        pairs = SWISS.pair_round(RoundToPair(number=number, teams=10, rounds=5, played=played, rules=rules))
        for a, b in pairs:
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
        played += first_wins(number, pairs)


def test_the_number_of_rounds_is_the_competitions():
    assert SWISS.planned_rounds(12, 9) == 9
    assert SWISS.rounds_refusal(12, 9) is None
    with pytest.raises(RuleViolation) as refused:
        raise SWISS.rounds_refusal(0, 0)
    assert refused.value.field == "rounds"
    too_many = SWISS.rounds_refusal(6, 6)  # six teams: five opponents each (art. 2.1.1 [C1])
    assert too_many is not None and too_many.field == "rounds"
    assert SWISS.rounds_with_opponent(12, 3, 9) == list(range(1, 10))


def test_the_initial_order_is_the_average_rating_of_the_top_boards_then_the_name():
    from tournaments.domain.pairing_systems import EnteredTeam

    teams = [
        EnteredTeam(1, "Zugzwang", [2400, 2200, 2000, 1800, 2600]),  # top four: 2100 (the reserve 2600 does not count)
        EnteredTeam(2, "Bauernopfer", [2300, 2100, 2000, 1600]),  # 2000
        EnteredTeam(3, "Abzug", [2500, 2100, 1900, 1900]),  # 2100: ties Zugzwang, first by name
        EnteredTeam(4, "Caissa", [2600, 2400, None, None]),  # unrated count 0: 1250
    ]
    assert SWISS.initial_order(teams, 4) == [3, 1, 2, 4]
    assert pairing_system("round-robin").initial_order(teams, 4) is None


def test_a_round_is_paired_only_once_every_earlier_round_is_complete():
    refused = SWISS.pairing_refusal(3, {1: True, 2: False})
    assert (refused.field, refused.rule, refused.params["unfinished"]) == ("round", "FIDE C.04.6 art. 3", 2)
    assert SWISS.pairing_refusal(3, {1: True, 2: True}) is None


def test_the_checker_confirms_the_engines_round_and_flags_an_exchange():
    played = first_wins(1, [(1, 5), (6, 2), (3, 7), (8, 4)])
    round_ = RoundToPair(number=2, teams=8, rounds=5, played=played, rules=RULES)
    pairs = SWISS.pair_round(round_)
    verdict = SWISS.check(round_, pairs)
    assert (verdict.engine, verdict.agrees, verdict.expected) == ("gacrux 1.11.65", True, pairs)
    (a, b), (c, d) = pairs[0], pairs[1]
    exchanged = [(a, d), (c, b), *pairs[2:]]  # the director swapped the second teams of two matches
    verdict = SWISS.check(round_, exchanged)
    assert verdict.agrees is False and verdict.expected == pairs
    assert pairing_system("round-robin").check(round_, pairs) is None
