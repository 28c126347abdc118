"""The C.04.6 adapter: gacrux pairs, every pair is legal, and the pairing checker agrees."""

import random

from tournaments.domain.presets import ByeScoring
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import bye_record, match_from_results
from tournaments.domain.swiss_team import ColourModel, pair_team_swiss_round

BOARDS, PATTERN = 4, "WBWB"


def result(rng, first, second, number):
    if second is None:
        return bye_record(number, first, boards=BOARDS, scoring=ByeScoring.DRAW)
    boards = [rng.choice([BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS]) for _ in range(BOARDS)]
    return match_from_results(number, first, second, boards)


def test_round_one_pairs_top_half_against_bottom_half_with_the_lot_for_colours():
    pairing = pair_team_swiss_round(teams=6, boards=BOARDS, rounds=5, number=1, played=[], colour_pattern=PATTERN)
    # C.04.6 art. 3.6: in round 1 TPN 1 meets 4, 2 meets 5, 3 meets 6; art. 4.3.1: an odd TPN
    # gets the initial colour (W), an even one the opposite
    assert sorted(tuple(sorted(p)) for p in pairing.pairs) == [(1, 4), (2, 5), (3, 6)]
    assert (1, 4) in pairing.pairs and (5, 2) in pairing.pairs and (3, 6) in pairing.pairs
    assert pairing.engine == "gacrux 1.11.65"


def test_five_rounds_never_repeat_a_pairing_and_the_bye_goes_once():
    rng, played, seen, byes = random.Random(7), [], set(), []
    for number in range(1, 6):
        pairing = pair_team_swiss_round(
            teams=9, boards=BOARDS, rounds=5, number=number, played=played, colour_pattern=PATTERN,
            colour_model=ColourModel.TYPE_A,
        )
        assert sorted(t for p in pairing.pairs for t in p if t is not None) == list(range(1, 10))
        for first, second in pairing.pairs:
            if second is None:
                byes.append(first)
                continue
            assert frozenset((first, second)) not in seen  # C.04.6 art. 2.1.1 [C1]
            seen.add(frozenset((first, second)))
        played += [result(rng, first, second, number) for first, second in pairing.pairs]
    assert len(byes) == 5 and len(set(byes)) == 5  # art. 2.1.2 [C2]: at most one PAB each
