"""Hostile phones against the captains' pages (issue 30, "Done when"): guessed, revoked, other
teams' and other tournaments' codes, a captain (or a partner at a Schach4 table) confirming for
the opponent, replays of old forms and floods. Each accepts nothing: no report, no answer, no
lineup, no result, no audit entry beyond the legitimate ones the test makes itself."""

import pytest
from django.test import Client

from tests.builders import make_paired, make_tournament
from tournaments.domain.captain_code import new_code
from tournaments.models import AuditEntry, BoardGame, CaptainReport, Match, MatchSide, Seat
from tournaments.services.captain_codes import captain_code_issue, captain_code_revoke
from tournaments.services.captain_reports import captain_report_accept
from tournaments.services.pairing import round_pair_next
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db
FOUR = {"board-1": "1-0", "board-2": "½-½", "board-3": "0-1", "board-4": "+-"}
LINEUP = {"lineup-board_1": "1", "lineup-board_2": "2", "lineup-board_3": "3", "lineup-board_4": "5"}


def _writes() -> dict:
    """Everything a captain's page can write, to compare before and after an attack."""
    return {
        "audit": AuditEntry.objects.count(),
        "reports": sorted(CaptainReport.objects.values_list("match_id", "state", "version", "answered_by")),
        "results": sorted(BoardGame.objects.values_list("pk", "result")),
        "matches": sorted(Match.objects.values_list("pk", "result", "version")),
        "places": sorted(MatchSide.objects.values_list("pk", "place")),
        "seats": sorted(Seat.objects.values_list("pk", "player_id")),
    }


def _attacks(phone, url, match) -> list[int]:
    """Every write the page offers, sent as its forms would send them: the answers' status codes."""
    match.refresh_from_db()
    return [
        phone.post(url, {"action": "report", "version": 0, **FOUR}).status_code,
        phone.post(url, {"action": "report", "version": 1, **FOUR}).status_code,
        phone.post(url, {"action": "confirm", "version": 1}).status_code,
        phone.post(url, {"action": "dispute", "version": 1}).status_code,
        phone.post(url, {"action": "lineup", "version": match.version, **LINEUP}).status_code,
    ]


def _phone(url, code) -> Client:
    phone = Client()
    assert phone.post(url, {"action": "code", "code": code}).status_code == 200
    return phone


@pytest.fixture
def hall():
    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.get(table=1)
    first, second = (side.team for side in match.sides.order_by("position"))
    codes = {team.pk: captain_code_issue(team=team)[1] for team in tournament.teams.all()}
    return tournament, match, first, second, codes, f"/t/{tournament.slug}/report/{match.pk}/"


def test_guessed_codes_sign_in_nobody_and_the_guesser_is_blocked(hall, settings):
    tournament, match, first, second, codes, url = hall
    settings.LOGIN_FAILURE_LIMIT = 5
    before = _writes()
    guesser = Client()
    guesses = [new_code() for _ in range(5)] + ["", "' OR 1=1 --", codes[first.pk][:-1] + "X"]
    answers = [guesser.post(url, {"action": "code", "code": guess}).status_code for guess in guesses]
    assert answers == [403] * 5 + [429] * 3
    assert guesser.post(url, {"action": "code", "code": codes[first.pk]}).status_code == 429  # blocked, right or not
    assert _attacks(guesser, url, match) == [403] * 5
    assert _writes() == before


def test_a_revoked_code_writes_nothing_and_signs_in_nobody(hall):
    tournament, match, first, second, codes, url = hall
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    captain_code_revoke(team=first)
    captain_code_revoke(team=second)
    before = _writes()
    assert _attacks(home, url, match) == [403] * 5 and _attacks(away, url, match) == [403] * 5
    assert "no longer valid" in home.post(url, {"action": "report", "version": 0, **FOUR}).text
    assert Client().post(url, {"action": "code", "code": codes[first.pk]}).status_code == 403
    assert _writes() == before


def test_another_teams_and_another_tournaments_codes_write_nothing(hall):
    tournament, match, first, second, codes, url = hall
    outsider = next(team for team in tournament.teams.all() if team.pk not in (first.pk, second.pk))
    elsewhere = make_tournament(teams=2, name="Anderes Turnier")
    foreign = captain_code_issue(team=elsewhere.teams.first())[1]
    before = _writes()
    other_team = Client()
    signed_in = other_team.post(url, {"action": "code", "code": codes[outsider.pk]})
    assert signed_in.status_code == 200 and "which does not play this match" in signed_in.text
    assert _attacks(other_team, url, match) == [403] * 5
    stranger = Client()
    refused = stranger.post(url, {"action": "code", "code": foreign})
    assert refused.status_code == 403 and "not one of this tournament" in refused.text
    assert _attacks(stranger, url, match) == [403] * 5
    assert _writes() == before


def test_a_captain_never_confirms_for_the_opponent_nor_sets_the_opponents_lineup(hall):
    tournament, match, first, second, codes, url = hall
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    match.refresh_from_db()
    forged = {"action": "lineup", "version": match.version, "team": first.pk, "side": "first", **LINEUP}
    assert away.post(url, forged).status_code == 200  # the code decides whose lineup: the away team's own
    own = Seat.objects.filter(game__match=match, side__team=first).order_by("game__board")
    assert [seat.player.position for seat in own.select_related("player")] == [1, 2, 3, 4]
    assert home.post(url, {"action": "report", "version": 0, **FOUR}).status_code == 200
    before = _writes()
    assert home.post(url, {"action": "confirm", "version": 1}).status_code == 400
    assert home.post(url, {"action": "dispute", "version": 1}).status_code == 400
    assert away.post(url, {"action": "report", "version": 1, **FOUR}).status_code == 400  # nor report for them
    assert _writes() == before


def test_at_a_schach4_v2_table_the_reporters_partner_cannot_confirm():
    """Schach4 V2: seats 1 and 3 play together against 2 and 4; an opponent confirms, not the partner."""
    tournament = tournament_create(name="Schach4 V2", preset="schach4-v2")
    for seed, name in enumerate(["Anna", "Bernd", "Cem", "Dora"], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - seed}])
    match = round_pair_next(tournament=tournament).matches.get()
    anna, bernd, cem, dora = (side.team for side in match.sides.order_by("position"))
    url = f"/t/{tournament.slug}/report/{match.pk}/"
    reporter, partner, opponent = (_phone(url, captain_code_issue(team=team)[1]) for team in (anna, cem, dora))
    places = {"place-1": "1", "place-2": "2", "place-3": "1", "place-4": "2"}
    assert reporter.post(url, {"action": "report", "version": 0, **places}).status_code == 200
    before = _writes()
    page = partner.get(url).text
    assert 'id="answer-form"' not in page and 'id="partner-note"' in page
    refused = partner.post(url, {"action": "confirm", "version": 1})
    assert refused.status_code == 400 and "only an opponent at this table confirms" in refused.text
    assert _writes() == before
    assert opponent.post(url, {"action": "confirm", "version": 1}).status_code == 200
    assert CaptainReport.objects.get().answered_by == dora


def test_replays_of_old_forms_are_409_and_write_nothing(hall):
    tournament, match, first, second, codes, url = hall
    home, away = _phone(url, codes[first.pk]), _phone(url, codes[second.pk])
    match.refresh_from_db()
    lineup_form = {"action": "lineup", "version": match.version, **LINEUP}
    assert away.post(url, lineup_form).status_code == 200  # the away team's lineup moves the match on
    assert home.post(url, {"action": "report", "version": 0, **FOUR}).status_code == 200
    assert away.post(url, {"action": "confirm", "version": 1}).status_code == 200
    before = _writes()
    assert home.post(url, {"action": "report", "version": 0, **FOUR}).status_code == 409
    assert home.post(url, {"action": "report", "version": 1, **FOUR}).status_code == 409
    assert away.post(url, {"action": "confirm", "version": 1}).status_code == 409
    assert away.post(url, {"action": "dispute", "version": 1}).status_code == 409
    assert home.post(url, lineup_form).status_code == 409
    assert _writes() == before
    captain_report_accept(report=CaptainReport.objects.get())
    accepted = _writes()
    assert home.post(url, {"action": "report", "version": 2, **FOUR}).status_code == 409
    assert away.post(url, {"action": "dispute", "version": 2}).status_code == 409
    assert _writes() == accepted


def test_floods_are_refused_past_the_limit_and_write_nothing_more(hall, settings):
    tournament, match, first, second, codes, url = hall
    settings.CAPTAIN_CODE_WRITE_LIMIT = 3
    home = _phone(url, codes[first.pk])
    answers = [home.post(url, {"action": "report", "version": n, **FOUR}).status_code for n in range(3)]
    assert answers == [200, 200, 200]
    before = _writes()
    flood = [home.post(url, {"action": action, "version": 3, **FOUR}).status_code for action in ["report"] * 20]
    flood += _attacks(home, url, match)
    assert set(flood) == {429}
    assert _writes() == before and CaptainReport.objects.get().version == 3
