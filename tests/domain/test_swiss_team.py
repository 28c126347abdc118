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
            teams=9,
            boards=BOARDS,
            rounds=5,
            number=number,
            played=played,
            colour_pattern=PATTERN,
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


def _normalised(tournament):
    """gacrux's JSON without its own numbering (ids, team and profile ids, a bye's list position)."""
    import json
    import re

    number = {g["id"]: (g["round"], g["board"], g["white"]["cid"]) for g in tournament["gameList"]}
    games = sorted(
        json.dumps({k: v for k, v in g.items() if k != "id"}, sort_keys=True) for g in tournament["gameList"]
    )
    matches = sorted(
        json.dumps(
            {
                **{k: v for k, v in m.items() if k not in ("id", "board", "games")},
                "games": sorted(number[i] for i in m["games"]),
            },
            sort_keys=True,
        )
        for m in tournament["matchList"]
    )
    rest = json.dumps(
        {k: v for k, v in tournament.items() if k not in ("gameList", "matchList")}, default=str, sort_keys=True
    )
    return games, matches, re.sub(r'"(profileId|teamId)": \d+', "", rest)


def test_the_direct_json_is_what_gacruxs_trf_reader_makes_and_pairs_the_same():
    """The hot path writes gacrux's JSON itself (its TRF reader is quadratic in the games): on
    events with PABs, whole-match and single-board forfeits, requested H/F/Z byes, a late entry
    and an absent team, the JSON equals the reader's and every round pairs the same."""
    from tournaments.domain.swiss_team import (
        SwissEvent,
        _gacrux_tournament,
        gacrux_tournament,
        pair_swiss_event,
        swiss_trf_event,
    )
    from tournaments.domain.trf import write_trf

    rng = random.Random(5)
    for teams, model in ((11, ColourModel.TYPE_A), (12, ColourModel.TYPE_B), (9, ColourModel.NONE)):
        played, byes = [], {(1, teams): "Z", (2, 3): "H", (3, 4): "F"}
        for number in range(1, 6):
            event = SwissEvent(
                teams,
                BOARDS,
                6,
                number,
                played,
                PATTERN,
                colour_model=model,
                byes=byes,
                absent={5} if number == 4 else (),
            )
            assert _normalised(gacrux_tournament(event)) == _normalised(
                _gacrux_tournament(write_trf(swiss_trf_event(event)))
            )
            pairing = pair_swiss_event(event)
            assert pairing == pair_swiss_event(event, via_trf=True)
            for first, second in pairing.pairs:
                if second is None:
                    played.append(result(rng, first, second, number))
                elif rng.random() < 0.1:
                    played.append(
                        match_from_results(number, first, second, [BoardResult.SECOND_WINS_BY_FORFEIT] * BOARDS)
                    )
                elif rng.random() < 0.1:
                    played.append(
                        match_from_results(
                            number,
                            first,
                            second,
                            [
                                BoardResult.FIRST_WINS_BY_FORFEIT,
                                BoardResult.DRAW,
                                BoardResult.SECOND_WINS,
                                BoardResult.DRAW,
                            ],
                        )
                    )
                else:
                    played.append(result(rng, first, second, number))
        tandem = SwissEvent(teams, 2, 6, 6, played, "BW", colour_model=ColourModel.NONE, byes=byes, match_scored=True)
        assert _normalised(gacrux_tournament(tandem)) == _normalised(
            _gacrux_tournament(write_trf(swiss_trf_event(tandem)))
        )


def test_the_faster_completion_check_pairs_exactly_as_pristine_gacrux():
    """FideTeamPairing answers [C3] greedily where it can: over 40 teams and eight rounds (with a
    withdrawal and byes) every round pairs exactly as gacrux's own engine does."""
    from tournaments.domain.swiss_team import SwissEvent, pair_swiss_event

    rng, played = random.Random(3), []
    for number in range(1, 9):
        event = SwissEvent(
            41, BOARDS, 9, number, played, PATTERN, byes={(2, 7): "H"}, absent={12} if number > 5 else ()
        )
        pairing = pair_swiss_event(event)
        assert pairing == pair_swiss_event(event, pristine=True), number
        played += [result(rng, first, second, number) for first, second in pairing.pairs]
