"""Captains' reports at the desk (issue 30): listed with their state, a confirmed one accepted
with one key, a dispute or a difference flagged, nothing public before acceptance and publishing."""

import pytest
from django.test import Client

from tests.builders import enter_board, make_paired
from tournaments.domain.encounter import ResultEntry
from tournaments.models import AuditEntry, BoardGame
from tournaments.services.captain_reports import captain_report_answer, captain_report_send
from tournaments.services.publishing import round_pairings_publish, round_publish

pytestmark = pytest.mark.django_db
FOUR = [
    ResultEntry(board=1, result="1-0"),
    ResultEntry(board=2, result="½-½"),
    ResultEntry(board=3, result="0-1"),
    ResultEntry(board=4, result="1-0"),
]


@pytest.fixture
def round_one():
    tournament = make_paired(teams=4)
    round_ = tournament.rounds.get(number=1)
    round_pairings_publish(round_=round_)
    return tournament, round_


def _report(match, *, confirm=True):
    first, second = (side.team for side in match.sides.order_by("position"))
    captain_report_send(match=match, team=first, entries=FOUR, expected_version=0)
    return captain_report_answer(match=match, team=second, confirm=confirm, expected_version=1)


def _results(match):
    return list(BoardGame.objects.filter(match=match).order_by("board").values_list("result", flat=True))


def test_the_arbiter_accepts_a_confirmed_report_with_one_key_and_the_public_sees_it_only_once_published(
    desk, round_one
):
    tournament, round_ = round_one
    match = round_.matches.get(table=1)
    report = _report(match)
    url = f"/desk/{tournament.slug}/rounds/1/reports/"
    public = f"/t/{tournament.slug}/results/1/"
    assert "½-½" not in Client().get(public).text  # the report's draw on board 2 (a score would match a clock time)
    page = desk.get(url)
    assert 'id="report-1"' in page.text and "<strong>confirmed</strong>" in page.text and 'accesskey="a"' in page.text
    accepted = desk.post(url, {"report": report.pk}, follow=True)
    assert "The report of table 1 is accepted." in accepted.text and "<strong>accepted</strong>" in accepted.text
    assert _results(match) == ["1-0", "½-½", "0-1", "1-0"]
    entries = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RESULT)
    assert set(entries.values_list("source", flat=True)) == {"captain"} and entries.count() == 4
    hidden = Client().get(public)
    assert "½-½" not in hidden.text  # accepted, but the round is not published
    round_publish(round_=round_)
    assert "½-½" in Client().get(public).text


def test_a_dispute_and_a_difference_from_the_desk_are_flagged_never_applied_silently(desk, round_one):
    tournament, round_ = round_one
    disputed = _report(round_.matches.get(table=1), confirm=False)
    differing_match = round_.matches.get(table=2)
    enter_board(board=differing_match.boards.get(board=4), result="0-1")
    differing = _report(differing_match)
    url = f"/desk/{tournament.slug}/rounds/1/reports/"
    page = desk.get(url)
    assert page.text.count('class="flagged"') == 2
    assert "Disputed: settle it with both captains" in page.text
    assert "Differs from the results the desk holds." in page.text
    assert "Accept, replacing the desk" in page.text
    refused = desk.post(url, {"report": disputed.pk}, follow=True)
    assert "only a report both captains confirmed can be accepted." in refused.text
    assert _results(round_.matches.get(table=1)) == ["", "", "", ""]
    assert _results(differing_match) == ["", "", "", "0-1"]  # never replaced without the arbiter's key
    desk.post(url, {"report": differing.pk, "replace": "yes"})
    assert _results(differing_match) == ["1-0", "½-½", "0-1", "1-0"]
    assert desk.post(url, {"report": "x"}).status_code == 404


def test_the_director_sets_automatic_acceptance_audited(desk, round_one):
    tournament, round_ = round_one
    desk.post(f"/desk/{tournament.slug}/captains/accepting/", {"accepted": "yes"})
    tournament.refresh_from_db()
    assert tournament.captain_reports_accepted is True
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT).latest("pk")
    assert entry.new_value == {"captain_reports_accepted": True}
    match = round_.matches.get(table=1)
    assert _report(match).state == "accepted" and _results(match) == ["1-0", "½-½", "0-1", "1-0"]
    audit = desk.get(f"/desk/{tournament.slug}/audit/")
    assert "accept confirmed captains&#x27; reports automatically" in audit.text


def test_the_audit_trail_words_each_step_of_a_report(desk, round_one):
    tournament, round_ = round_one
    _report(round_.matches.get(table=1))
    page = desk.get(f"/desk/{tournament.slug}/audit/")
    first, second = (side.team.name for side in round_.matches.get(table=1).sides.order_by("position"))
    assert f"reported ({first}): board 1: 1-0; board 2: ½-½; board 3: 0-1; board 4: 1-0" in page.text
    assert f"confirmed ({second}): board 1: 1-0" in page.text
