"""The C.07 chains at the sizes issue 29 measured: the same values and ranks as gacrux, and work
linear in the teams.

The events are the reference benchmark's (``bench.events``): seeded, in memory, exported as
TRF-2026 for gacrux. The Buchholz chain was cubic in the teams (every team's adjusted score
recomputed for every team); the call counts pin that Art. 16.3's adjusted scores are computed
once per team and standings.
"""

import pytest

from bench.events import round_robin, swiss
from tournaments.domain import team_tiebreaks
from tournaments.domain.standings import compute_standings
from tournaments.domain.tally import tally_matches
from tournaments.domain.tiebreaks import get_tiebreak
from tournaments.domain.trf.reference import checkable_codes, reference_differences, reference_standings


def _differences(event, *, ranks: bool):
    rows = compute_standings(list(range(1, event.teams + 1)), event.records(), event.rules(), final=False)
    reference = reference_standings(event.trf(), list(event.chain), after_round=event.rounds)
    ours = {row.team: (row.rank, {"MP": row.mp, **row.tiebreaks}) for row in rows}
    return reference_differences(ours, reference, checkable_codes(event.chain), ranks=ranks)


@pytest.mark.parametrize(("teams", "rounds"), [(14, 4), (50, 14), (200, 11)])
def test_team_swiss_chain_agrees_with_gacrux(teams, rounds):
    """MP, BH:MP/C1, EMGSB, BP: every value and every rank as gacrux has them."""
    event = swiss(teams, rounds)
    assert event.chain == ("BH:MP/C1", "EMGSB", "BP")
    assert _differences(event, ranks=True) == []


@pytest.mark.parametrize(("teams", "rounds"), [(50, 14), (200, 11)])
def test_round_robin_chain_agrees_with_gacrux(teams, rounds):
    """BP, DE, BC: every value and every rank as gacrux has them, the round robin still running:
    the `fide-team` preset's DE is C.07's, the match points among the tied teams from the
    encounters played so far (before, ours waited for all of them to meet, Blitz §16, and 3 of 50
    and 36 of 200 ranks differed)."""
    event = round_robin(teams, rounds)
    assert event.chain == ("BP", "DE", "BC")
    assert _differences(event, ranks=True) == []


@pytest.mark.parametrize("code", ["BH:MP/C1", "BH:GP/M1", "EMGSB", "EGGSB", "SSSC"])
def test_adjusted_scores_are_computed_once_per_team_and_criterion(code, monkeypatch):
    """Art. 16.3's adjusted score of each of 200 teams once for the whole table (it was 200 × 200)."""
    event = swiss(200, 11)
    rules = event.rules()
    tally = tally_matches(
        range(1, 201),
        event.records(),
        boards=rules.boards,
        points=rules.match_points,
        bye_scoring=rules.bye_scoring,
        predetermined=False,
    )
    calls = _count_adjusted_scores(monkeypatch)
    values = get_tiebreak(code).compute(tally, list(tally.teams))
    assert len(values) == 200
    assert sum(calls) == 200


def test_adjusted_scores_are_computed_once_per_standings(monkeypatch):
    """BH:MP/C1 and EMGSB both read the opponents' adjusted match points: 200 teams, 200 scores."""
    event = swiss(200, 11)
    calls = _count_adjusted_scores(monkeypatch)
    rows = compute_standings(list(range(1, 201)), event.records(), event.rules(), final=False)
    assert [row.rank for row in rows][:3] == [1, 2, 3]
    assert sum(calls) == 200


def _count_adjusted_scores(monkeypatch) -> list[int]:
    """The teams whose adjusted scores each call of ``adjusted_scores`` computed (0: it read them)."""
    calls, original = [], team_tiebreaks.adjusted_scores

    def counted(tally, points):
        fresh = (points, tally.predetermined) not in tally.adjusted
        scores = original(tally, points)
        calls.append(len(scores) if fresh else 0)
        return scores

    monkeypatch.setattr(team_tiebreaks, "adjusted_scores", counted)
    return calls
