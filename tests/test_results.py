import pytest
from django.utils import translation

from tests.builders import enter_board, make_paired
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, BoardGame
from tournaments.services.lineups import match_lineup_set
from tournaments.services.results import StaleMatch, result_revert

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    tournament = make_paired(teams=2)
    return tournament.rounds.get(number=1).matches.get()


def test_a_result_is_stored_in_canonical_form_and_audited(match):
    board = match.boards.get(board=2)
    enter_board(board=board, result="1/2-1/2")
    enter_board(board=board, result="1-0")
    board.refresh_from_db()
    assert board.result == "1-0"
    entries = AuditEntry.objects.filter(match=match, action="result").order_by("id")
    assert [(e.target, e.old_value, e.new_value) for e in entries] == [
        ("R1 T1 B2", None, "½-½"),
        ("R1 T1 B2", "½-½", "1-0"),
    ]
    match.refresh_from_db()
    assert match.version == 3


def test_a_bad_result_is_refused_naming_the_board(match):
    with pytest.raises(RuleViolation) as error:
        enter_board(board=match.boards.get(board=3), result="2-0")
    assert error.value.text() == "board 3: “2-0” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --."
    assert not AuditEntry.objects.filter(action="result").exists()


def test_a_stale_version_is_refused_and_nothing_is_overwritten(match):
    board = match.boards.get(board=1)
    enter_board(board=board, result="1-0", expected_version=1)
    with pytest.raises(StaleMatch) as error:
        enter_board(board=board, result="0-1", expected_version=1)
    assert error.value.current.version == 2
    board.refresh_from_db()
    assert board.result == "1-0"


def test_substitute_on_board_four_and_an_empty_board_becomes_a_forfeit(match):
    match_lineup_set(match=match, team=match.second_team, positions=[1, 2, None, 5])
    boards = {b.board: b for b in BoardGame.objects.filter(match=match).prefetch_related("seats__player")}
    assert boards[4].second_player.position == 5
    assert boards[3].second_player is None and boards[3].result == "+-"
    with pytest.raises(RuleViolation) as error:
        enter_board(board=boards[3], result="½-½")
    assert error.value.text() == "board 3: nobody plays here for one side, so the result can only be +- or --."
    with translation.override("de"):  # issue 28 item 4: the German text said "+- or --"
        german = error.value.text(translation.gettext)
    assert german == "Brett 3: für eine Seite spielt hier niemand, daher kann das Ergebnis nur +- oder -- lauten."


def test_substitute_on_another_board_is_refused_with_the_rule(match):
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[5, 2, 3, 4])
    assert error.value.text() == "board 1: a substitute may only play board 4 (Blitz preamble)."


def test_a_player_arriving_late_clears_the_forfeit(match):
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, None])
    assert match.boards.get(board=4).result == "-+"
    match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 4])
    assert match.boards.get(board=4).result == ""


def test_changing_the_player_of_a_board_with_a_result_is_refused(match):
    enter_board(board=match.boards.get(board=4), result="1-0")
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[1, 2, 3, 5])
    assert error.value.text() == "board 4: this board already has a result; clear it before changing the player."


def test_a_director_reverts_the_latest_result_change_and_the_revert_is_recorded(match):
    board = match.boards.get(board=1)
    enter_board(board=board, result="1-0")
    enter_board(board=board, result="0-1")
    first, second = AuditEntry.objects.filter(match=match, action="result").order_by("id")
    with pytest.raises(RuleViolation) as error:
        result_revert(audit_entry=first)
    assert error.value.field == "audit_entry"
    result_revert(audit_entry=second)
    board.refresh_from_db()
    assert board.result == "1-0"
    latest = AuditEntry.objects.filter(match=match).latest("id")
    assert (latest.old_value, latest.new_value, latest.reverts) == ("0-1", "1-0", second)
