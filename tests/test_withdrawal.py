"""A team withdraws: forfeits for its opponents, or all its results cancelled under half."""

import pytest

from tests.builders import enter_board, enter_match, enter_places, make_paired, make_tournament, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, BoardGame
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.pairing import round_pair_next
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db

# Four teams, rounds 1–3 (Berger): R1 1–4 2–3, R2 4–3 1–2, R3 2–4 3–1.


def setup(rule):
    tournament = make_paired(teams=4, withdrawal_rule=rule)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½", 2: "½-½ ½-½ ½-½ ½-½"})
    selb = tournament.teams.get(seed=4)
    team_withdraw(team=selb, from_round=2)
    play_round(tournament.rounds.get(number=2), {2: "1-0 ½-½ ½-½ 0-1"})
    play_round(tournament.rounds.get(number=3), {2: "0-1 1-0 ½-½ ½-½"})
    return tournament, selb


def table(standings):
    return [(e.team.seed, e.row.mp, e.row.bp) for e in standings.rows]


def test_the_remaining_matches_become_forfeits_for_the_opponents():
    tournament, selb = setup("forfeit")
    r2 = tournament.rounds.get(number=2).matches.get(table=1)
    assert (r2.first_team, [b.result for b in r2.boards.all()]) == (selb, ["-+"] * 4)
    assert r2.boards.filter(seats__position=1, seats__player__isnull=False).count() == 0
    standings = standings_for_tournament(tournament=tournament)
    # 1: 3:1 v 4, 2:2 v 2 (R2 table 2 is 1–2), 2:2 v 3 → 4 MP, 7 BP. 2: 2:2 v 3, 2:2 v 1, 4:0 v 4 → 4 MP, 8 BP.
    # 3: 2:2 v 2, 4:0 v 4, 2:2 v 1 → 4 MP, 8 BP. 4: 1 of 3 played, 1 BP, 0 MP.
    assert table(standings)[-1] == (4, 0, 1.0)
    assert sorted(table(standings)[:3]) == [(1, 4, 7.0), (2, 4, 8.0), (3, 4, 8.0)]
    [withdrawal] = standings.withdrawals
    assert (withdrawal.team, withdrawal.note.applied, withdrawal.note.played, withdrawal.note.scheduled) == (
        selb,
        "forfeits",
        1,
        3,
    )
    assert AuditEntry.objects.get(action="withdrawal").new_value == {
        "from_round": 2,
        "forfeited_matches": ["R2 T1", "R3 T1"],
    }


def test_cancelled_when_it_played_less_than_half(django_assert_num_queries):
    tournament, selb = setup("cancel-under-half")
    with django_assert_num_queries(4):
        standings = standings_for_tournament(tournament=tournament)
    # Without team 4: 1 2:2 v 2, 2:2 v 3 → 2 MP, 4 BP; 2 and 3 likewise, every match drawn.
    assert sorted(table(standings)) == [(1, 2, 4.0), (2, 2, 4.0), (3, 2, 4.0)]
    assert standings.withdrawals[0].note.applied == "cancelled"
    assert "less than half" in standings.withdrawals[0].note.reason
    with django_assert_num_queries(4):
        crosstable = crosstable_for_tournament(tournament=tournament)
    assert [row.team.seed for row in crosstable.rows if selb.id in row.cells] == []


def test_the_standings_are_after_the_last_round_played_not_after_a_withdrawal_forfeit():
    """Round 1 played, the team withdrawn from round 2 on: its forfeits in rounds 2 and 3 are no
    results of those rounds, so the standings are "after round 1" (issue 28 item 10)."""
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½", 2: "½-½ ½-½ ½-½ ½-½"})
    team_withdraw(team=tournament.teams.get(seed=4), from_round=2)
    assert standings_for_tournament(tournament=tournament).after_round == 1
    play_round(tournament.rounds.get(number=2), {2: "1-0 ½-½ ½-½ 0-1"})
    assert standings_for_tournament(tournament=tournament).after_round == 2


def test_a_table_with_its_finishing_order_cannot_lose_a_player_afterwards():
    """Found by the invariant test: a Schach4 player withdrawn from a round whose table had its
    places kept the place with an emptied seat, which no archive could hold."""
    tournament = make_tournament(preset="schach4-v1", name="Schach4 Abend", teams=8, players=1)
    round_pair_next(tournament=tournament)
    table = tournament.rounds.get(number=1).matches.get(table=1)
    enter_places(match=table, places="1 2 3 4")
    player = table.sides.order_by("position").first().team
    with pytest.raises(RuleViolation) as error:
        team_withdraw(team=player, from_round=1)
    assert error.value.text() == (
        "from_round: round 1 already has a result at table 1; withdraw the player from a later round, or clear the "
        "result first."
    )
    assert [side.place for side in table.sides.order_by("position")] == [1, 2, 3, 4]
    assert table.boards.get().seats.filter(player__isnull=True).count() == 0


def test_a_round_with_results_cannot_be_forfeited_afterwards():
    tournament = make_paired(teams=4)
    play_round(tournament.rounds.get(number=1), {1: "1-0 1-0 ½-½ ½-½"})
    with pytest.raises(RuleViolation) as error:
        team_withdraw(team=tournament.teams.get(seed=4), from_round=1)
    assert error.value.field == "from_round"
    assert tournament.teams.get(seed=4).withdrawn_from_round is None
    assert tournament.rounds.get(number=1).matches.get(table=1).boards.get(board=1).result == "1-0"


def test_rounds_paired_after_the_withdrawal_are_forfeits_too():
    tournament = make_tournament(teams=4)
    round_pair_next(tournament=tournament)
    team_withdraw(team=tournament.teams.get(seed=4), from_round=2)
    match = round_pair_next(tournament=tournament).matches.get(table=1)  # 4–3
    assert [b.result for b in match.boards.all()] == ["-+"] * 4


def test_an_unknown_withdrawal_rule_is_refused():
    with pytest.raises(RuleViolation) as error:
        make_paired(teams=2, withdrawal_rule="expel")
    assert error.value.text() == "withdrawal_rule: “expel” is not one of forfeit, cancel-under-half."


@pytest.mark.parametrize("from_round", [0, 4, "2"])
def test_the_round_must_be_one_of_the_schedule(from_round):
    tournament = make_paired(teams=4)
    with pytest.raises(RuleViolation) as error:
        team_withdraw(team=tournament.teams.get(seed=1), from_round=from_round)
    assert error.value.text() == "from_round: give the number of a round from 1 to 3."


def test_in_tandem_both_legs_become_match_forfeits_and_a_played_match_blocks():
    tournament = make_tournament(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True)
    round_pair_next(tournament=tournament)
    for match in tournament.rounds.get(number=1).matches.all():  # 1–4 won by 1, 2–3 drawn, both legs
        enter_match(match=match, result=("1-0" if match.leg == 1 else "0-1") if match.table == 1 else "½-½")
    selb = tournament.teams.get(seed=4)
    with pytest.raises(RuleViolation) as error:
        team_withdraw(team=selb, from_round=1)
    assert error.value.text() == (
        "from_round: round 1 already has a result at table 1; withdraw the team from a later round, or clear the "
        "result first."
    )
    round_pair_next(tournament=tournament)
    enter_match(
        match=tournament.rounds.get(number=2).matches.get(table=1, leg=1),
        result="0-1",
        deciding_board=1,
        decided_by="checkmate",
    )
    with pytest.raises(RuleViolation):
        team_withdraw(team=selb, from_round=2)
    enter_match(match=tournament.rounds.get(number=2).matches.get(table=1, leg=1), result=None)
    team_withdraw(team=selb, from_round=2)
    legs = tournament.rounds.get(number=2).matches.filter(table=1).order_by("leg")  # 4–3, then 3–4
    assert [(m.first_team, m.result, m.deciding_board, m.decided_by, m.version) for m in legs] == [
        (selb, "-+", None, "", 4),
        (tournament.teams.get(seed=3), "+-", None, "", 2),
    ]
    assert [b.result for m in legs for b in m.boards.all()] == ["", "", "", ""]
    assert not BoardGame.objects.filter(match__in=legs, seats__side__team=selb, seats__player__isnull=False).exists()
    assert AuditEntry.objects.get(action="withdrawal").new_value == {
        "from_round": 2,
        "forfeited_matches": ["R2 T1", "R2 T1/2"],
    }
    later = round_pair_next(tournament=tournament).matches.filter(table=1).order_by("leg")  # 2–4, then 4–2
    assert [(m.first_team.seed, m.result) for m in later] == [(2, "+-"), (4, "-+")]
    mp = {e.team.seed: e.row.mp for e in standings_for_tournament(tournament=tournament).rows}
    assert mp[3] == 1 + 1 + 2 + 2  # two drawn legs, then two legs won by forfeit (2 MP a match win)
    assert mp[4] == 0


@pytest.mark.parametrize("preset", ["blitz-frankenwald", "tandem-dsb"])
def test_a_withdrawn_teams_forfeit_cannot_be_cleared(preset):
    """Cleared, the forfeit counted for nobody on the desk, while the archive read back (an empty
    seat without a result is that side's forfeit) gave the opponent the win: Hypothesis found it
    in tandem (tests/invariants/), Frankenwald's boards did the same."""
    tournament = make_paired(teams=4, preset=preset, players=5 if preset == "blitz-frankenwald" else 2)
    team_withdraw(team=tournament.teams.get(seed=1), from_round=1)
    match = tournament.rounds.get(number=1).matches.get(table=1)  # 1–4: Selb wins by forfeit
    with pytest.raises(RuleViolation) as error:
        if preset == "tandem-dsb":
            enter_match(match=match, result="")
        else:
            enter_board(board=match.boards.get(board=2), result="")
    place = "result" if preset == "tandem-dsb" else "board 2"
    assert error.value.text() == (
        f"{place}: nobody plays here for a side, so the result stays a forfeit (-+); seat a player to clear it."
    )
    rebuilt = tournament_import(archive=archive_for_tournament(tournament=tournament))
    assert table(standings_for_tournament(tournament=tournament)) == table(standings_for_tournament(tournament=rebuilt))
    mp = {seed: points for seed, points, _ in table(standings_for_tournament(tournament=tournament))}
    assert mp == {1: 0, 2: 2, 3: 2, 4: 2}  # each opponent of the withdrawn team wins one match by forfeit
