"""Tandem through the services: preset, one result per match, double rounds, lineups."""

import pytest

from tests.builders import enter_board, enter_match, make_paired
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Match
from tournaments.services.lineups import match_lineup_set
from tournaments.services.results import StaleMatch
from tournaments.services.tournaments import tournament_create, tournament_update

pytestmark = pytest.mark.django_db


def tandem(**overrides):
    return make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, **overrides)


def test_the_preset_gives_two_boards_black_on_board_one_and_the_tandem_tie_breaks():
    t = tournament_create(name="Tandem", preset="tandem-dsb")
    assert (t.discipline, t.boards, t.colour_pattern, t.max_substitutes) == ("tandem", 2, "BW", 0)
    assert (t.tiebreaks_first, t.tiebreaks_other, t.double_rounds) == (["DE", "SB", "WIN"], ["DE", "SB", "WIN"], False)
    assert (t.mp_win, t.mp_draw, t.mp_loss) == (2, 1, 0)
    assert t.discipline_rules.scores_matches and not t.discipline_rules.scores_boards
    half = tournament_create(name="Tandem halb", preset="tandem-dsb", match_points={"win": 1, "draw": 0.5, "loss": 0})
    assert (half.mp_win, half.mp_draw) == (1, 0.5)


@pytest.mark.parametrize("field", ["tiebreaks_first", "tiebreaks_other"])
@pytest.mark.parametrize("code", ["BP", "BW", "FWB"])
def test_board_based_tie_breaks_are_refused_for_tandem(field, code):
    with pytest.raises(RuleViolation) as error:
        tournament_create(name="Tandem", preset="tandem-dsb", **{field: ["DE", code]})
    assert error.value.text() == (
        f"{field}: “{code}” counts board points, but a match here has one result and no board points (Tandem §1.3)."
    )
    blitz = tournament_create(name="Blitz", tiebreaks_other=["BP", "SB", "WIN"])
    assert blitz.tiebreaks_other == ["BP", "SB", "WIN"]


def test_double_rounds_cannot_change_once_paired():
    t = tandem(teams=4)
    with pytest.raises(RuleViolation) as error:
        tournament_update(tournament=t, double_rounds=True)
    assert error.value.text() == (
        "double_rounds: cannot be changed once the tournament has started. The paired rounds have their legs (FIDE "
        "C.05)."
    )


def test_a_match_result_is_stored_with_board_and_reason_versioned_and_audited():
    match = tandem(teams=2).rounds.get(number=1).matches.get()
    enter_match(match=match, result="1:0", deciding_board=2, decided_by="time-neighbour", expected_version=1)
    enter_match(match=match, result="=", decided_by="agreed-draw", expected_version=2)
    match.refresh_from_db()
    assert (match.result, match.deciding_board, match.decided_by, match.version) == ("½-½", None, "agreed-draw", 3)
    entries = AuditEntry.objects.filter(match=match, action="result").order_by("id")
    assert [(e.target, e.old_value, e.new_value) for e in entries] == [
        ("R1 T1", None, {"result": "1-0", "deciding_board": 2, "decided_by": "time-neighbour"}),
        (
            "R1 T1",
            {"result": "1-0", "deciding_board": 2, "decided_by": "time-neighbour"},
            {"result": "½-½", "deciding_board": None, "decided_by": "agreed-draw"},
        ),
    ]
    with pytest.raises(StaleMatch):
        enter_match(match=match, result="0-1", expected_version=2)
    enter_match(match=match, result=None)
    match.refresh_from_db()
    assert (match.result, match.deciding_board, match.decided_by) == ("", None, "")


def test_a_bad_combination_is_refused_and_nothing_is_written():
    match = tandem(teams=2).rounds.get(number=1).matches.get()
    with pytest.raises(RuleViolation) as error:
        enter_match(match=match, result="½-½", deciding_board=1, decided_by="double-time")
    assert error.value.field == "deciding_board"
    match.refresh_from_db()
    assert (match.result, match.version) == ("", 1)


def test_board_results_are_refused_on_a_tandem_match_and_match_results_on_a_blitz_match():
    match = tandem(teams=2).rounds.get(number=1).matches.get()
    with pytest.raises(RuleViolation) as error:
        enter_board(board=match.boards.get(board=1), result="1-0")
    assert error.value.text() == (
        "board 1: this match has one result for the whole match; enter it for the match, not per board (Tandem §1.3)."
    )
    blitz = make_paired(teams=2).rounds.get(number=1).matches.get()
    with pytest.raises(RuleViolation) as error:
        enter_match(match=blitz, result="1-0")
    assert (
        error.value.text() == "result: in this tournament every board has its own result; enter the results per board."
    )


def test_double_rounds_pair_two_legs_per_table_with_the_same_players():
    """Tandem §8.2: the return leg names the other team first, which has Black on board 1 there:
    the same players on the same boards, each with the other colour."""
    t = tandem(teams=4, double_rounds=True)
    assert t.rounds.count() == 3
    matches = list(Match.objects.filter(round__number=1, round__tournament=t).prefetch_related("boards"))
    assert [(m.table, m.leg) for m in matches] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    first, second = matches[0], matches[1]
    assert (first.first_team_id, first.second_team_id) == (second.second_team_id, second.first_team_id)
    assert [(b.first_player_id, b.second_player_id) for b in first.boards.all()] == [
        (b.second_player_id, b.first_player_id) for b in second.boards.all()
    ]
    assert ["".join(b.seat(1).colour for b in m.boards.prefetch_related("seats")) for m in (first, second)] == [
        "BW",
        "BW",
    ]
    board_1 = [{seat.player_id: seat.colour for seat in m.boards.get(board=1).seats.all()} for m in (first, second)]
    assert all(board_1[0][player] != board_1[1][player] for player in board_1[0])
    enter_match(match=second, result="0-1", deciding_board=1, decided_by="checkmate")
    assert AuditEntry.objects.filter(match=second, action="result").get().target == "R1 T1/2"


def test_an_empty_seat_forfeits_the_whole_match_and_filling_it_clears_that():
    match = tandem(teams=2).rounds.get(number=1).matches.get()
    match_lineup_set(match=match, team=match.second_team, positions=[1, None])
    match.refresh_from_db()
    assert match.result == "+-"
    assert set(match.boards.values_list("result", flat=True)) == {""}
    with pytest.raises(RuleViolation) as error:
        enter_match(match=match, result="0-1", deciding_board=1, decided_by="checkmate")
    assert error.value.text() == "result: a team has an empty board, so the match result can only be +- or --."
    match_lineup_set(match=match, team=match.second_team, positions=[1, 2])
    match.refresh_from_db()
    assert match.result == ""
    enter_match(match=match, result="0-1", deciding_board=1, decided_by="checkmate")
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[1, None])
    assert error.value.text() == "board 2: this match already has a result; clear it before changing the player."


def test_the_ranking_is_fixed_and_substitutes_are_off_by_default():
    t = tandem(teams=2)
    match = t.rounds.get(number=1).matches.get()
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[2, 1])
    assert (
        error.value.text()
        == "board 1: the board order is fixed: only registered player 1 may play board 1 (Tandem §8.1)."
    )


def test_a_director_reverts_a_match_level_change_and_only_the_latest_one():
    from tournaments.services.results import result_revert

    match = tandem(teams=2).rounds.get(number=1).matches.get()
    enter_match(match=match, result="1-0", deciding_board=2, decided_by="checkmate")
    enter_match(match=match, result="0-1", deciding_board=1, decided_by="resignation")
    first, second = AuditEntry.objects.filter(match=match, action="result").order_by("id")
    with pytest.raises(RuleViolation) as error:
        result_revert(audit_entry=first)
    assert error.value.text() == "audit_entry: this result was changed again since; revert the latest change first."
    assert result_revert(audit_entry=second) == match
    match.refresh_from_db()
    assert (match.result, match.deciding_board, match.decided_by) == ("1-0", 2, "checkmate")
    latest = AuditEntry.objects.filter(match=match).latest("id")
    assert (latest.new_value, latest.reverts) == (
        {"result": "1-0", "deciding_board": 2, "decided_by": "checkmate"},
        second,
    )
    result_revert(audit_entry=latest)  # and back again: the very first change had no result before
    result_revert(audit_entry=AuditEntry.objects.filter(match=match).latest("id"))
    match.refresh_from_db()
    assert match.result == "1-0"
