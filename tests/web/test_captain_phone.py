"""The match report page on a captain's phone (issue 30): the match and nothing more without a
code; with it, report, confirm, dispute; hostile codes, replays and floods accept nothing."""

import pytest
from django.test import Client

from tests.builders import make_paired
from tournaments.models import BoardGame, CaptainReport
from tournaments.services.captain_codes import captain_code_issue, captain_code_revoke

pytestmark = pytest.mark.django_db
FOUR = {"board-1": "1-0", "board-2": "½-½", "board-3": "0-1", "board-4": "+-"}


@pytest.fixture
def hall():
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    codes = {team.pk: captain_code_issue(team=team)[1] for team in tournament.teams.all()}
    url = f"/t/{tournament.slug}/report/{match.pk}/"
    return tournament, match, first, second, codes, url


def _phone(url, code):
    phone = Client()
    response = phone.post(url, {"action": "code", "code": code})
    assert response.status_code == 200, response.text
    return phone


def _results(match):
    return list(BoardGame.objects.filter(match=match).order_by("board").values_list("result", flat=True))


def test_without_a_code_the_page_shows_the_match_and_nothing_more(hall):
    tournament, match, first, second, codes, url = hall
    page = Client().get(url)
    assert page.status_code == 200
    assert f"{first.name} – {second.name}" in page.text
    assert 'id="captain-sign-in"' in page.text and 'id="report-form"' not in page.text
    assert not any(code in page.text for code in codes.values())


def test_two_captains_report_and_confirm_and_nothing_is_written_before_the_desk(hall):
    tournament, match, first, second, codes, url = hall
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    form = home.get(url)
    assert 'id="report-form"' in form.text and 'value="½-½"' in form.text  # the discipline's results as buttons
    waiting = away.get(url)
    assert 'id="report-waiting"' in waiting.text and 'id="report-form"' not in waiting.text
    sent = home.post(url, {"action": "report", "version": 0, **FOUR})
    assert sent.status_code == 200 and "Reported." in sent.text
    shown = away.get(url)
    assert "<strong>½-½</strong>" in shown.text and 'id="answer-form"' in shown.text
    confirmed = away.post(url, {"action": "confirm", "version": 1})
    assert confirmed.status_code == 200 and "Confirmed." in confirmed.text
    assert CaptainReport.objects.get().state == "confirmed" and _results(match) == ["", "", "", ""]
    assert home.get(url).status_code == 200  # remembered in the session: no code typed again


def test_a_captain_cannot_confirm_for_the_opponent_and_a_stale_answer_gets_409(hall):
    tournament, match, first, second, codes, url = hall
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    home.post(url, {"action": "report", "version": 0, **FOUR})
    own = home.post(url, {"action": "confirm", "version": 1})
    assert own.status_code == 400 and "only the captain of the opposing team" in own.text
    assert away.post(url, {"action": "report", "version": 1, **FOUR}).status_code == 400  # nor report for them
    home.post(url, {"action": "report", "version": 1, **FOUR, "board-4": "1-0"})  # corrected
    stale = away.post(url, {"action": "confirm", "version": 1})
    assert stale.status_code == 409 and "now version 2" in stale.text
    replay = home.post(url, {"action": "report", "version": 0, **FOUR})
    assert replay.status_code == 409
    assert CaptainReport.objects.get().state == "reported"


def test_wrong_revoked_and_other_team_codes_get_a_clear_page_and_accept_nothing(hall):
    tournament, match, first, second, codes, url = hall
    guess = Client().post(url, {"action": "code", "code": "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG"})
    assert guess.status_code == 403 and "This captain code is wrong, revoked" in guess.text
    home = _phone(url, codes[first.pk])
    captain_code_revoke(team=first)
    revoked = home.post(url, {"action": "report", "version": 0, **FOUR})
    assert revoked.status_code == 403 and "The captain code this phone used is no longer valid" in revoked.text
    assert Client().post(url, {"action": "code", "code": codes[first.pk]}).status_code == 403
    outsider = next(team for team in tournament.teams.all() if team.pk not in (first.pk, second.pk))
    other = _phone(url, codes[outsider.pk])
    page = other.post(url, {"action": "report", "version": 0, **FOUR})
    assert page.status_code == 403
    assert not CaptainReport.objects.exists()


def test_guesses_and_floods_are_rate_limited(hall, settings):
    tournament, match, first, second, codes, url = hall
    settings.LOGIN_FAILURE_LIMIT = 3
    guesser = Client()
    answers = [guesser.post(url, {"action": "code", "code": f"WRONG-{n}"}).status_code for n in range(5)]
    assert answers == [403, 403, 403, 429, 429]
    assert guesser.post(url, {"action": "code", "code": codes[first.pk]}).status_code == 429  # even a right one, now
    settings.CAPTAIN_CODE_WRITE_LIMIT = 2
    settings.LOGIN_FAILURE_LIMIT = 10  # the same test address may sign in again
    home = _phone(url, codes[second.pk])
    flood = [home.post(url, {"action": "dispute", "version": 0}).status_code for _ in range(3)]
    assert flood[-1] == 429
    assert not CaptainReport.objects.exists()


def test_a_report_missing_a_board_names_it(hall):
    tournament, match, first, second, codes, url = hall
    home = _phone(url, codes[first.pk])
    data = {key: value for key, value in FOUR.items() if key != "board-3"}
    response = home.post(url, {"action": "report", "version": 0, **data})
    assert response.status_code == 400 and "choose the result of board 3." in response.text
    response = home.post(url, {"action": "report", "version": 0, **FOUR, "board-2": "7-3"})
    assert response.status_code == 400
    response = home.post(url, {"action": "report", "version": "x", **FOUR})
    assert response.status_code == 400 and "The form was not sent as the page offers it" in response.text
    assert not CaptainReport.objects.exists()


def _captains(tournament, match):
    sides = [side.team for side in match.sides.order_by("position")]
    url = f"/t/{tournament.slug}/report/{match.pk}/"
    return url, [_phone(url, captain_code_issue(team=team)[1]) for team in sides[:2]]


def test_a_tandem_match_is_reported_with_its_one_result_and_deciding_board():
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    url, (home, away) = _captains(tournament, match)
    form = home.get(url)
    assert 'name="result"' in form.text and 'name="deciding_board"' in form.text and 'name="board-1"' not in form.text
    sent = home.post(url, {"action": "report", "version": 0, "result": "1-0", "deciding_board": "2"})
    assert sent.status_code == 200, sent.text
    assert CaptainReport.objects.get().entries == [
        {"board": None, "result": "1-0", "deciding_board": 2, "decided_by": "", "places": None}
    ]
    assert away.post(url, {"action": "confirm", "version": 1}).status_code == 200


def test_a_schach4_table_is_reported_as_its_finishing_order():
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.teams import team_create
    from tournaments.services.tournaments import tournament_create

    tournament = tournament_create(name="Schach4 Open", preset="schach4-v1")
    for seed, name in enumerate(["Anna", "Bernd", "Cem", "Dora"], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - seed}])
    match = round_pair_next(tournament=tournament).matches.get()
    url, (first, second) = _captains(tournament, match)
    assert 'name="place-4"' in first.get(url).text
    places = {"place-1": "1", "place-2": "4", "place-3": "3", "place-4": "1"}
    assert first.post(url, {"action": "report", "version": 0, **places}).status_code == 200
    assert CaptainReport.objects.get().entries[0]["places"] == "1 4 3 1"
    assert second.post(url, {"action": "confirm", "version": 1}).status_code == 200


def test_a_draft_pairing_is_not_shown_without_a_code():
    from tests.builders import make_tournament
    from tournaments.services.pairing import rounds_pair_due

    tournament = make_tournament(teams=4, preset="fide-team-swiss", name="Open", rounds=3)
    rounds_pair_due(tournament=tournament)
    round_ = tournament.rounds.get(number=1)
    assert round_.pairings_published_at is None
    match = round_.matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    url = f"/t/{tournament.slug}/report/{match.pk}/"
    page = Client().get(url)
    assert page.status_code == 200 and 'id="pairing-not-public"' in page.text
    assert first.name not in page.text and second.name not in page.text
    page = _phone(url, captain_code_issue(team=first)[1]).get(url).text
    assert f"You speak for {first.name}." in page and 'id="lineup-form"' in page  # its own lineup, to hand in
    assert second.name not in page and 'id="report-form"' not in page  # the draft is the director's until published


def test_a_phone_is_signed_out_when_the_event_ends(hall):
    tournament, match, first, second, codes, url = hall
    home = _phone(url, codes[first.pk])
    assert 'id="report-form"' in home.get(url).text
    type(tournament).objects.filter(pk=tournament.pk).update(status="finished")
    page = home.get(url)
    assert 'id="report-form"' not in page.text and 'id="captain-sign-in"' in page.text
    refused = home.post(url, {"action": "report", "version": 0, **FOUR})
    assert refused.status_code == 403 and "no longer valid" in refused.text
    assert Client().post(url, {"action": "code", "code": codes[second.pk]}).status_code == 403


def test_one_address_floods_with_many_codes_and_is_limited(hall, settings):
    tournament, match, first, second, codes, url = hall
    settings.CAPTAIN_ADDRESS_WRITE_LIMIT = 2
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    assert home.post(url, {"action": "report", "version": 0, **FOUR}).status_code == 200
    assert away.post(url, {"action": "dispute", "version": 1}).status_code == 200
    assert away.post(url, {"action": "confirm", "version": 2}).status_code == 429  # the hall's third write
    assert CaptainReport.objects.get().state == "disputed"
