"""Captains hand in their lineups from the match's page (issue 30): the desk's rules and writer,
source ``captain``, the own team only, until the deadline, warnings confirmed, refusals refused.

The rosters of ``make_tournament`` are rated 2000, 1950, 1900, 1850 on boards 1-4 and 1800 for
the substitute (registered player 5); Frankenwald lets the substitute play board 4 only.
"""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.builders import make_paired, make_tournament
from tournaments.models import AuditEntry, Seat
from tournaments.services.captain_codes import captain_code_issue
from tournaments.services.pairing import rounds_pair_due
from tournaments.services.publishing import round_pairings_publish

pytestmark = pytest.mark.django_db
REGULAR = {"lineup-board_1": "1", "lineup-board_2": "2", "lineup-board_3": "3", "lineup-board_4": "4"}
SUBSTITUTE = {**REGULAR, "lineup-board_4": "5"}


def _hall(**rules):
    tournament = make_paired(teams=4, **rules)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    return tournament, match, first, second, f"/t/{tournament.slug}/report/{match.pk}/"


def _phone(url, team):
    phone = Client()
    assert phone.post(url, {"action": "code", "code": captain_code_issue(team=team)[1]}).status_code == 200
    return phone


def _lineup(match, team):
    seats = Seat.objects.filter(game__match=match, side__team=team).order_by("game__board")
    return [seat.player.position if seat.player else None for seat in seats.select_related("player")]


def _hand_in(phone, url, match, lineup, **extra):
    match.refresh_from_db()
    return phone.post(url, {"action": "lineup", "version": match.version, **lineup, **extra})


def _lineup_audits():
    return list(AuditEntry.objects.filter(action=AuditEntry.Action.LINEUP).values_list("source", "team__name"))


def test_a_captain_hands_in_a_substitute_on_board_4_audited_as_captain_and_the_desk_sees_it(desk):
    tournament, match, first, second, url = _hall()
    home = _phone(url, first)
    form = home.get(url).text
    assert 'id="lineup-form"' in form and "(substitute)" in form  # the desk's choices: board 4 offers him
    response = _hand_in(home, url, match, SUBSTITUTE)
    assert response.status_code == 200 and "Lineup handed in." in response.text
    assert _lineup(match, first) == [1, 2, 3, 5] and _lineup(match, second) == [1, 2, 3, 4]
    assert _lineup_audits() == [("captain", first.name)]
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/lineups/").text
    assert page.count("handed in from the captain's phone") == 1


def test_a_lineup_the_rules_refuse_names_the_rule_and_writes_nothing():
    tournament, match, first, second, url = _hall()
    home = _phone(url, first)
    response = _hand_in(home, url, match, {**REGULAR, "lineup-board_2": "5"})
    assert response.status_code == 400
    assert "board 2: a substitute may only play board 4 (Blitz" in response.text  # the board and the rule named
    assert _lineup(match, first) == [1, 2, 3, 4] and _lineup_audits() == []


def test_an_eligibility_warning_is_shown_and_the_lineup_saved_only_once_confirmed():
    tournament, match, first, second, url = _hall(rating_cap=1990, rating_cap_check="warning")
    home = _phone(url, first)
    first_try = _hand_in(home, url, match, SUBSTITUTE)  # player 1, rated 2000, plays board 1
    assert first_try.status_code == 200 and 'id="lineup-warnings"' in first_try.text
    assert "rated 2000, above the cap of 1990 (rating cap per board)" in first_try.text
    assert 'name="confirmed" value="1,2,3,5"' in first_try.text
    assert _lineup_audits() == [] and _lineup(match, first) == [1, 2, 3, 4]
    changed = _hand_in(home, url, match, REGULAR, confirmed="1,2,3,5")  # another lineup: its warnings shown afresh
    assert 'id="lineup-warnings"' in changed.text and _lineup_audits() == []
    confirmed = _hand_in(home, url, match, SUBSTITUTE, confirmed="1,2,3,5")
    assert confirmed.status_code == 200 and "Lineup handed in." in confirmed.text
    assert "rated 2000, above the cap" in confirmed.text  # still told, as the desk is
    assert _lineup(match, first) == [1, 2, 3, 5] and _lineup_audits() == [("captain", first.name)]


def test_an_eligibility_refusal_is_refused_with_its_rule():
    tournament, match, first, second, url = _hall(rating_cap=1990, rating_cap_check="refusal")
    response = _hand_in(_phone(url, first), url, match, SUBSTITUTE, confirmed="1,2,3,5")
    assert response.status_code == 400 and "(rating cap per board)" in response.text
    assert _lineup_audits() == []


def test_a_stale_form_is_409_and_a_late_one_refused_and_nothing_written():
    tournament, match, first, second, url = _hall()
    home, away = _phone(url, first), _phone(url, second)
    version = match.version
    assert _hand_in(away, url, match, SUBSTITUTE).status_code == 200  # the opponent's lineup moves the match
    stale = home.post(url, {"action": "lineup", "version": version, **SUBSTITUTE})
    assert stale.status_code == 409 and _lineup(match, first) == [1, 2, 3, 4]
    round_ = match.round
    round_.lineup_deadline = timezone.now() - timedelta(minutes=1)
    round_.save(update_fields=["lineup_deadline"])
    assert 'id="lineup-form"' not in home.get(url).text
    late = _hand_in(home, url, match, SUBSTITUTE)
    assert late.status_code == 400 and "deadline of this round has passed" in late.text
    assert _lineup(match, first) == [1, 2, 3, 4] and _lineup_audits() == [("captain", second.name)]


def test_only_the_own_team_and_never_without_a_code():
    tournament, match, first, second, url = _hall()
    stranger = tournament.teams.exclude(pk__in=[first.pk, second.pk]).first()  # plays another match
    outsider = _phone(url, stranger)
    assert 'id="lineup-form"' not in outsider.get(url).text
    assert _hand_in(outsider, url, match, SUBSTITUTE).status_code == 403
    assert _hand_in(Client(), url, match, SUBSTITUTE).status_code == 403
    forged = _hand_in(_phone(url, second), url, match, SUBSTITUTE, team=first.pk, side="first")
    assert forged.status_code == 200  # the code says whose lineup it is, not the form
    assert _lineup(match, first) == [1, 2, 3, 4] and _lineup(match, second) == [1, 2, 3, 5]


def test_the_opponent_never_sees_a_lineup_before_the_pairing_is_published():
    tournament = make_tournament(teams=4, preset="fide-team-swiss", name="Open", rounds=3)
    rounds_pair_due(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    match = round_.matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    url = f"/t/{tournament.slug}/report/{match.pk}/"
    home, away = _phone(url, first), _phone(url, second)
    substitute = second.players.get(position=5).name
    assert _hand_in(away, url, match, SUBSTITUTE).status_code == 200
    assert _lineup(match, second) == [1, 2, 3, 5]
    assert substitute not in home.get(url).text and substitute not in Client().get(url).text
    assert substitute not in Client().get(f"/t/{tournament.slug}/pairings/1/").text
    round_pairings_publish(round_=round_)
    assert substitute in Client().get(f"/t/{tournament.slug}/pairings/1/").text


def test_once_the_match_is_reported_the_lineup_form_is_gone_with_the_reason_and_a_hand_in_refused():
    tournament, match, first, second, url = _hall()
    home, away = _phone(url, first), _phone(url, second)
    report = {"action": "report", "version": 0, **{f"board-{board}": "1-0" for board in range(1, 5)}}
    assert home.post(url, report).status_code == 200
    for phone in (home, away):
        page = phone.get(url).text
        assert 'id="lineup-form"' not in page
        assert "The result of this match has been reported, so the lineup can no longer be changed here" in page
    refused = _hand_in(away, url, match, SUBSTITUTE)  # a form kept open from before the report
    assert refused.status_code == 400 and "its lineup can now be changed at the desk only" in refused.text
    assert _lineup(match, second) == [1, 2, 3, 4] and _lineup_audits() == []
