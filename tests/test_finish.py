"""Finishing a tournament (issue 28 item 8): final standings, results locked, a director reopens."""

import pytest

from tests.builders import enter_board, make_paired, play_round
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Tournament
from tournaments.services.playoff import playoff_create
from tournaments.services.publishing import round_publish, round_unpublish
from tournaments.services.tournaments import tournament_finish, tournament_reopen

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """Two teams, their one match won 2½:1½ by Kronach and published: nothing left to play."""
    tournament = make_paired(teams=2)
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 ½-½ 0-1"})
    round_publish(round_=round_1)
    return tournament


def _refusal(tournament) -> str:
    with pytest.raises(RuleViolation) as error:
        tournament_finish(tournament=tournament)
    return error.value.text()


def test_finishing_locks_the_results_until_a_director_reopens(played):
    tournament_finish(tournament=played)
    played.refresh_from_db()
    assert played.status == Tournament.Status.FINISHED
    board = played.rounds.get(number=1).matches.get().boards.get(board=4)
    with pytest.raises(RuleViolation) as error:
        enter_board(board=board, result="1-0")
    assert error.value.text() == (
        "tournament: the tournament is finished and its results are final; a director reopens it to change them."
    )
    with pytest.raises(RuleViolation):
        round_unpublish(round_=played.rounds.get(number=1))
    tournament_reopen(tournament=played)
    assert enter_board(board=board, result="1-0").result == "1-0"
    changes = AuditEntry.objects.filter(tournament=played, target="status").order_by("pk")
    assert [(e.old_value, e.new_value) for e in changes] == [
        ("registration", "running"),
        ("running", "finished"),
        ("finished", "running"),
    ]


def test_a_tournament_is_finished_only_when_its_standings_are_final(played):
    board = played.rounds.get(number=1).matches.get().boards.get(board=4)
    enter_board(board=board, result="")
    assert _refusal(played) == ("status: every planned round needs all its results before the tournament is finished.")
    enter_board(board=board, result="0-1")
    round_unpublish(round_=played.rounds.get(number=1))
    assert _refusal(played) == "status: publish round 1 first: the final standings are the public's too."
    with pytest.raises(RuleViolation) as error:
        tournament_reopen(tournament=played)
    assert error.value.text() == "status: only a finished tournament can be reopened."


def test_a_tie_for_first_is_played_off_before_the_end():
    tournament = make_paired(teams=2)
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 0-1 ½-½ ½-½"})
    round_publish(round_=round_1)
    assert _refusal(tournament) == (
        "status: first place is still tied: pair and play the play-off, and record any lots drawn (Blitz §16)."
    )
    for round_, sheet in zip(playoff_create(tournament=tournament), ("1-0 1-0 1-0 1-0", "½-½ ½-½ ½-½ ½-½")):
        play_round(round_, {1: sheet})
        round_publish(round_=round_)
    assert tournament_finish(tournament=tournament).status == Tournament.Status.FINISHED


def test_the_desk_finishes_and_every_page_and_the_api_say_so(played, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    overview = client.get(f"/desk/{played.slug}/").text
    assert 'id="finish"' in overview
    assert client.post(f"/desk/{played.slug}/finish/").status_code == 302
    played.refresh_from_db()
    assert played.status == Tournament.Status.FINISHED
    assert 'id="reopen"' in client.get(f"/desk/{played.slug}/").text
    client.logout()
    assert "Finished" in client.get(f"/t/{played.slug}/").text
    assert "Final standings" in client.get(f"/t/{played.slug}/standings/").text
    assert client.get(f"/api/v1/tournaments/{played.slug}/").json()["status"] == "finished"


def test_the_api_finishes_and_reopens(played, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    url = f"/api/v1/tournaments/{played.slug}/status/"
    finished = client.post(url, {"status": "finished"}, content_type="application/json")
    assert finished.status_code == 200 and finished.json()["status"] == "finished"
    match = played.rounds.get(number=1).matches.get()
    refused = client.post(
        f"/api/v1/tournaments/{played.slug}/matches/{match.pk}/result/",
        {"board": 4, "result": "1-0", "version": match.version},
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["field"] == "tournament"
    assert client.post(url, {"status": "running"}, content_type="application/json").json()["status"] == "running"
    client.logout()
    assert client.post(url, {"status": "finished"}, content_type="application/json").status_code in (401, 403)


def test_a_finished_event_says_so_in_german(played, client, django_user_model):
    tournament_finish(tournament=played)
    page = client.get(f"/t/{played.slug}/standings/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").text
    assert "Beendet" in page and "Abschlusstabelle" in page and "Läuft" not in page
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    client.cookies["django_language"] = "de"
    desk = client.get(f"/desk/{played.slug}/").text
    assert "Turnier wieder öffnen" in desk
