"""Every C.07 value and rank we publish agrees with FIDE's reference tool, gacrux.

Generated team round robins (6 to 20 teams, four boards, fixed seeds) are played through the
services with random results, whole-match forfeits, single-board forfeits, a substitute and a
withdrawal (from round k on the withdrawn team loses every match by forfeit, as the TD enters
it), exported with export_trf's selector and writer, and read back by gacrux in-process.
"""

import random

import pytest

from tests.builders import enter_board, make_paired
from tournaments.domain.trf import write_trf
from tournaments.domain.trf.reference import reference_standings
from tournaments.models import BoardGame, Tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.trf import trf_event
from tournaments.services.lineups import match_lineup_set

pytestmark = pytest.mark.django_db

VALUES = [
    "BP",
    "MPVGP",
    "BH:MP",
    "BH:GP",
    "BH:MP/C1",
    "BH:GP/M1",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "BC",
    "SSSC",
    "WIN",
    "SB",
]
CHAINS = [
    ["DE"],
    ["EDE"],
    ["EDE", "BC"],
    ["EDEC"],
    ["EDET"],
    ["EDEB"],
    ["EDEBT"],
    ["EDEBB"],
    ["BP", "DE", "BC"],
    ["MPVGP", "EMGSB", "BC"],
    ["BH:MP", "BH:GP", "SSSC"],
    ["TBR"],
    ["BBE"],
    ["EGGSB", "BH:GP/M1", "WIN"],
]


def play(tournament: Tournament, rng: random.Random) -> None:
    withdrawn, from_round = tournament.teams.order_by("seed").last(), 3
    for round_ in tournament.rounds.order_by("number"):
        for match in round_.matches.with_sides():
            if match.second_team is None:
                continue
            if round_.number == 2 and match.table == 1:
                match_lineup_set(match=match, team=match.second_team, positions=[1, 2, 4, 5])  # substitute
            boards = list(BoardGame.objects.filter(match=match).order_by("board"))
            if round_.number >= from_round and withdrawn.id in (match.first_team_id, match.second_team_id):
                results = ["-+" if withdrawn.id == match.first_team_id else "+-"] * len(boards)
            elif rng.random() < 0.05:
                results = [rng.choice(["+-", "-+", "--"])] * len(boards)
            else:
                results = [rng.choices(["1-0", "½-½", "0-1", "+-", "-+"], [40, 30, 40, 2, 2])[0] for _ in boards]
            for board, result in zip(boards, results):
                enter_board(board=board, result=result)


def ours(tournament: Tournament, codes: list[str]):
    Tournament.objects.filter(pk=tournament.pk).update(
        tiebreaks_first=codes, tiebreaks_other=codes, playoff_for_first=False
    )
    tournament.refresh_from_db()
    standings = standings_for_tournament(tournament=tournament)
    return {entry.team.seed: entry.row for entry in standings.rows}


@pytest.mark.parametrize("teams, seed", [(6, 1), (9, 2), (14, 3), (20, 4)])
def test_values_and_ranks_equal_gacrux(teams, seed):
    tournament = make_paired(teams=teams, preset="fide-team", name=f"Cross-check {teams}")
    play(tournament, random.Random(seed))
    rows = ours(tournament, VALUES)
    trf = write_trf(trf_event(tournament=tournament))
    reference = reference_standings(trf, VALUES)
    for code in VALUES:
        assert {team: row.tiebreaks[code] for team, row in rows.items()} == reference.values[code], code
    assert {team: row.mp for team, row in rows.items()} == {t: float(v) for t, v in _column(trf, 54, 60).items()}
    for chain in CHAINS:
        rows = ours(tournament, chain)
        reference = reference_standings(write_trf(trf_event(tournament=tournament)), chain)
        assert {team: row.rank for team, row in rows.items()} == reference.ranks, chain


def _column(trf: str, start: int, stop: int) -> dict[int, str]:
    return {int(line[4:7]): line[start:stop] for line in trf.splitlines() if line.startswith("310")}


def test_the_hand_worked_example_is_gacruxs_too():
    """tests/domain/test_team_tiebreaks.py's three-team event, written as TRF by hand."""
    from tests.domain.test_team_tiebreaks import values
    from tournaments.domain.trf import TrfEvent, TrfGame, TrfPlayer, TrfTeam

    def player(number, *games):
        return TrfPlayer(number, f"Player {number}", games={r: TrfGame(*g) for r, g in enumerate(games, start=1)})

    bye = (0, "-", "Z")
    event = TrfEvent(
        name="Worked example",
        rounds=3,
        type_code="FIDE_TEAM_ROUNDROBIN",
        type_name="Team round robin",
        colour_sequence="WB",
        match_points=(2.0, 1.0, 0.0),
        tiebreaks=(),
        players=(
            player(1, (3, "w", "1"), (5, "b", "1"), bye),
            player(2, (4, "b", "="), (6, "w", "1"), bye),
            player(3, (1, "b", "0"), bye, (5, "w", "=")),
            player(4, (2, "w", "="), bye, (6, "b", "1")),
            player(5, bye, (1, "w", "0"), (3, "b", "=")),
            player(6, bye, (2, "b", "0"), (4, "w", "0")),
        ),
        teams=(
            TrfTeam(1, "A", 4, 3.5, 1, (1, 2)),
            TrfTeam(2, "B", 2, 2, 2, (3, 4)),
            TrfTeam(3, "C", 0, 0.5, 3, (5, 6)),
        ),
    )
    codes = ["BH:MP", "BH:GP", "BH:MP/C1", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "MPVGP", "SSSC", "WIN"]
    reference = reference_standings(write_trf(event), codes)
    for code in codes:
        assert values(code) == reference.values[code], code


def test_swiss_unplayed_rounds_equal_gacrux():
    """C.07 Art. 16 in a Swiss: nine teams, five rounds paired by C.04.6, pairing-allocated byes
    scored as a draw, and some matches forfeited whole; BH and ESB see the 2026 caps, and with
    ``/P`` (C.07: a forfeited encounter counts as played) the forfeiting opponent's score."""
    from dataclasses import replace

    from tournaments.domain.presets import ByeScoring, MatchPoints
    from tournaments.domain.results import BoardResult
    from tournaments.domain.scoring import bye_record, match_from_results
    from tournaments.domain.swiss_team import pair_team_swiss_round, team_swiss_event
    from tournaments.domain.tally import tally_matches
    from tournaments.domain.tiebreaks import get_tiebreak

    rng, played, boards = random.Random(11), [], 4
    for number in range(1, 6):
        for first, second in pair_team_swiss_round(
            teams=9, boards=boards, rounds=5, number=number, played=played, colour_pattern="WBWB"
        ).pairs:
            if second is None:
                played.append(bye_record(number, first, boards=boards, scoring=ByeScoring.DRAW))
            elif rng.random() < 0.15:
                won = rng.random() < 0.5
                forfeit = BoardResult.FIRST_WINS_BY_FORFEIT if won else BoardResult.SECOND_WINS_BY_FORFEIT
                played.append(match_from_results(number, first, second, [forfeit] * boards))
            else:
                results = [
                    rng.choice([BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS])
                    for _ in range(boards)
                ]
                played.append(match_from_results(number, first, second, results))
    codes = ["BH:MP", "BH:GP", "BH:MP/C1", "EMGSB", "EGGSB", "BH:MP/P", "BH:GP/C1/P", "EMGSB/P", "EGGSB/P", "WIN", "BC"]
    event = replace(team_swiss_event(9, boards, 5, played, "WBWB"), tiebreaks=tuple(codes))
    tally = tally_matches(range(1, 10), played, boards=boards, points=MatchPoints(), bye_scoring=ByeScoring.DRAW)
    tally.predetermined = False
    assert any(r.unplayed for r in played) and any(r.second is None for r in played)
    reference = reference_standings(write_trf(event), codes)
    for code in codes[:-1]:
        assert get_tiebreak(code).compute(tally, list(range(1, 10))) == reference.values[code], code
    assert reference.values["BH:MP/P"] != reference.values["BH:MP"]  # the forfeits matter here
    # The one disagreement, pinned: a pairing-allocated bye is an unplayed round (C.07 Art. 16.2)
    # with no game on any board, so BC (Art. 9.3) gets nothing from it here. gacrux 1.11.65
    # (tiebreak.compute_score: "if game["played"] and game["opponent"] <= 0: points = W") puts
    # a won game on every board of a PAB: 1 + 2 + 3 + 4 = 10 more, though the bye scored only
    # 2 game points. Ours is the rule; theirs does not even add up to the bye's own score.
    byes = {team: sum(1 for r in played if r.first == team and r.second is None) for team in range(1, 10)}
    ours = get_tiebreak("BC").compute(tally, list(range(1, 10)))
    assert {t: ours[t] + 10 * byes[t] for t in ours} == reference.values["BC"]
    assert sum(byes.values()) == 5
