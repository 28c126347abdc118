"""Round 1 of a team Swiss without byes or absent teams is decided by the ranking and the initial
colour alone (C.04.6 art. 3, 4.1): paired directly, it is exactly gacrux's pairing, which its
engine finds with a matching cubic in the field (12–24 s at 200 teams, issue 29)."""

import pytest

from tournaments.domain import swiss_team
from tournaments.domain.presets import ColourModel
from tournaments.domain.swiss_team import SwissEvent, pair_swiss_event


@pytest.mark.parametrize("teams", range(2, 42))
def test_round_one_is_gacrux_pairing(teams):
    event = SwissEvent(teams, 4, 9, 1, [], "WBWB")
    assert pair_swiss_event(event) == pair_swiss_event(event, pristine=True)


@pytest.mark.parametrize("pattern", ["BWBW", "WB"])
@pytest.mark.parametrize("model", list(ColourModel))
@pytest.mark.parametrize("initial", ["W", "B"])
@pytest.mark.parametrize("match_scored", [False, True])
@pytest.mark.parametrize("teams", [7, 12])
def test_round_one_follows_the_colours_as_gacrux(pattern, model, initial, match_scored, teams):
    event = SwissEvent(
        teams, len(pattern), 7, 1, [], pattern, initial_colour=initial, colour_model=model, match_scored=match_scored
    )
    assert pair_swiss_event(event) == pair_swiss_event(event, pristine=True)


def test_a_bye_requested_in_round_one_leaves_it_to_the_engine():
    event = SwissEvent(8, 4, 9, 1, [], "WBWB", byes={(1, 3): "H"})
    paired = pair_swiss_event(event)
    assert paired == pair_swiss_event(event, pristine=True)
    assert 3 not in {team for pair in paired.pairs for team in pair}


def test_two_hundred_teams_pair_without_the_engine(monkeypatch):
    """Round 1 of 200 teams: table 1 is 1 – 101 with White to 1, table 2 102 – 2; the engine's
    matching is not asked (its checker still is, in the background)."""
    monkeypatch.setattr(swiss_team.FideTeamPairing, "compute_pairing", lambda *args: pytest.fail("engine asked"))
    paired = pair_swiss_event(SwissEvent(200, 4, 11, 1, [], "WBWB"))
    assert paired.pairs[:2] == [(1, 101), (102, 2)]
    assert paired.pairs[-1] == (200, 100)
    assert len(paired.pairs) == 100
