"""Captains' reports (issue 30): reported by the first-named captain, confirmed or disputed by the
other, written only when the desk accepts, through the one writer with source ``captain``."""

import pytest

from tests.builders import enter_board, make_paired
from tournaments.domain.encounter import ResultEntry
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, BoardGame, CaptainReport
from tournaments.services.captain_reports import (
    StaleReport,
    captain_report_accept,
    captain_report_answer,
    captain_report_send,
)

pytestmark = pytest.mark.django_db
State = CaptainReport.State
FOUR = [
    ResultEntry(board=1, result="1-0"),
    ResultEntry(board=2, result="½-½"),
    ResultEntry(board=3, result="0-1"),
    ResultEntry(board=4, result="+-"),
]


@pytest.fixture
def match():
    tournament = make_paired(teams=4)
    return tournament.rounds.get(number=1).matches.select_related("round__tournament").get(table=1)


def _sides(match):
    first, second = (side.team for side in match.sides.order_by("position"))
    return first, second


def _results(match):
    return list(BoardGame.objects.filter(match=match).order_by("board").values_list("result", flat=True))


def test_reported_confirmed_accepted_writes_the_result_with_source_captain(match):
    first, second = _sides(match)
    report = captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    assert (report.state, report.version) == (State.REPORTED, 1)
    assert _results(match) == ["", "", "", ""]  # a report, not the result
    report = captain_report_answer(match=match, team=second, confirm=True, expected_version=1)
    assert (report.state, report.answered_by) == (State.CONFIRMED, second)
    assert _results(match) == ["", "", "", ""]
    captain_report_accept(report=report)
    assert _results(match) == ["1-0", "½-½", "0-1", "+-"]
    report.refresh_from_db()
    assert report.state == State.ACCEPTED
    sources = set(
        AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RESULT).values_list("source", flat=True)
    )
    assert sources == {"captain"}


def test_a_captain_cannot_confirm_for_the_opponent_nor_report_for_the_first_team(match):
    first, second = _sides(match)
    with pytest.raises(RuleViolation, match="only the captain of the first-named team"):
        captain_report_send(match=match, team=second, entries=FOUR, expected_version=0)
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    with pytest.raises(RuleViolation, match="only the captain of the opposing team"):
        captain_report_answer(match=match, team=first, confirm=True, expected_version=1)
    outsider = match.round.tournament.teams.exclude(pk__in=[first.pk, second.pk]).first()
    with pytest.raises(RuleViolation, match="only the captain of the opposing team"):
        captain_report_answer(match=match, team=outsider, confirm=True, expected_version=1)
    assert CaptainReport.objects.get().state == State.REPORTED


def test_a_stale_answer_is_refused_and_a_corrected_report_needs_confirming_again(match):
    first, second = _sides(match)
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    corrected = [*FOUR[:3], ResultEntry(board=4, result="1-0")]
    captain_report_send(match=match, team=first, entries=corrected, expected_version=1)
    with pytest.raises(StaleReport):  # confirming what the phone showed before the correction
        captain_report_answer(match=match, team=second, confirm=True, expected_version=1)
    with pytest.raises(StaleReport):  # a replay of the first report
        captain_report_send(match=match, team=first, entries=FOUR, expected_version=1)
    assert CaptainReport.objects.get().entries[3]["result"] == "1-0"


def test_a_dispute_or_an_unconfirmed_report_is_never_accepted(match):
    first, second = _sides(match)
    report = captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    with pytest.raises(RuleViolation, match="only a report both captains confirmed"):
        captain_report_accept(report=report)
    report = captain_report_answer(match=match, team=second, confirm=False, expected_version=1)
    assert report.state == State.DISPUTED
    with pytest.raises(RuleViolation, match="only a report both captains confirmed"):
        captain_report_accept(report=report)
    assert _results(match) == ["", "", "", ""]


def test_a_report_differing_from_the_desk_is_flagged_not_applied(match):
    first, second = _sides(match)
    report = captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    enter_board(board=match.boards.get(board=2), result="1-0")  # the desk typed board 2 meanwhile
    report = captain_report_answer(match=match, team=second, confirm=True, expected_version=1)
    with pytest.raises(RuleViolation, match="differs from the results the desk holds"):
        captain_report_accept(report=report)
    assert _results(match) == ["", "1-0", "", ""]
    captain_report_accept(report=report, replace=True)  # the arbiter compared and decided
    assert _results(match) == ["1-0", "½-½", "0-1", "+-"]


def test_a_result_the_discipline_refuses_is_refused_in_the_report(match):
    first, _ = _sides(match)
    with pytest.raises(RuleViolation, match="board 9 does not exist"):
        captain_report_send(match=match, team=first, entries=[ResultEntry(board=9, result="1-0")], expected_version=0)
    with pytest.raises(RuleViolation):
        captain_report_send(match=match, team=first, entries=[ResultEntry(board=1, result="7-3")], expected_version=0)
    assert not CaptainReport.objects.exists()


def test_the_tournament_setting_accepts_confirmed_reports_itself(match):
    tournament = match.round.tournament
    tournament.captain_reports_accepted = True
    tournament.save(update_fields=["captain_reports_accepted"])
    first, second = _sides(match)
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    assert _results(match) == ["", "", "", ""]
    report = captain_report_answer(match=match, team=second, confirm=True, expected_version=1)
    assert report.state == State.ACCEPTED and _results(match) == ["1-0", "½-½", "0-1", "+-"]


def test_an_answer_before_any_report_is_refused_not_a_crash(match):
    _, second = _sides(match)
    with pytest.raises(RuleViolation, match="there is no report of this match yet"):
        captain_report_answer(match=match, team=second, confirm=True, expected_version=0)


def test_the_desk_reads_a_rounds_reports_in_a_fixed_number_of_queries(match, django_assert_num_queries):
    from tournaments.selectors.captain_reports import round_reports

    tournament = match.round.tournament
    first, second = _sides(match)
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    other = tournament.rounds.get(number=1).matches.get(table=2)
    home = other.sides.get(position=1).team
    captain_report_send(match=other, team=home, entries=FOUR, expected_version=0)
    enter_board(board=other.boards.get(board=1), result="0-1")
    with django_assert_num_queries(2):  # the reports with their teams and rounds, the seats of their matches
        rows = round_reports(tournament=tournament, number=1)
    assert [(row.report.match.table, row.differs) for row in rows] == [(1, False), (2, True)]


def test_a_report_is_not_accepted_once_the_match_has_other_teams(match):
    """An exchange of teams after the report (services/exchange.py) leaves it to the grid."""
    from tournaments.models import MatchSide

    first, second = _sides(match)
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    report = captain_report_answer(match=match, team=second, confirm=True, expected_version=1)
    outsider = match.round.tournament.teams.exclude(pk__in=[first.pk, second.pk]).first()
    MatchSide.objects.filter(match=match, position=2).update(team=outsider)
    with pytest.raises(RuleViolation, match="the teams of this match changed since the report"):
        captain_report_accept(report=report)
    assert _results(match) == ["", "", "", ""]
