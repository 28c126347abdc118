"""The API pairs a large Swiss as a background job when asked (issue 27 item 8): ``background``
answers 202 at once with the job's state, GET on the same URL follows it, and a script that never
asks for it gets the synchronous 201 as before."""

import pytest

from tests.builders import make_tournament
from tournaments.services import pairing_jobs
from tournaments.services.pairing_jobs import rounds_pair_run
from tournaments.services.roles import role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(world):
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    role_grant(tournament=tournament, member=world.users["director_a"], role="director")
    return tournament


def test_a_background_pairing_answers_202_and_its_state_follows_the_job(world, swiss, monkeypatch):
    queued = []
    monkeypatch.setattr(pairing_jobs, "run_after_commit", lambda task, *args: queued.append(args))
    director = world.client("director_a")
    url = f"/api/v1/tournaments/{swiss.slug}/rounds/pair/"
    assert director.get(url).json() == {"state": "none", "number": None, "since": None, "error": None}

    response = director.post(url, {"background": True}, format="json")
    assert response.status_code == 202
    assert response.json()["state"] == "queued" and response.json()["number"] == 1
    assert not swiss.rounds.exists() and len(queued) == 1  # the request paired nothing

    again = director.post(url, {"background": True}, format="json")
    assert again.status_code == 400 and again.json()["detail"] == "round: round 1 is being paired already."

    ((tournament_id, number, user_id, source),) = queued
    assert rounds_pair_run(tournament_id=tournament_id, number=number, user_id=user_id, source=source) == "done"
    assert director.get(url).json()["state"] == "done" and swiss.rounds.count() == 1
    assert swiss.audit_entries.filter(source=source, action="pairing").exists()


def test_a_failed_job_says_why_and_all_rounds_cannot_be_queued(world, swiss, monkeypatch):
    monkeypatch.setattr(pairing_jobs, "run_after_commit", lambda task, *args: None)
    director = world.client("director_a")
    url = f"/api/v1/tournaments/{swiss.slug}/rounds/pair/"
    refused = director.post(url, {"all": True, "background": True}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "background"

    swiss.teams.filter(seed=6).update(seed=9)  # seeds with a gap: the pairing refuses
    assert director.post(url, {"background": True}, format="json").status_code == 202
    assert rounds_pair_run(tournament_id=swiss.pk, number=1, user_id=None, source="api") == "failed"
    error = director.get(url).json()["error"]
    assert error["field"] == "seed" and "seeds must be 1 to 6 without gaps" in error["detail"]


def test_only_directors_see_or_queue_pairing_jobs(world, swiss):
    url = f"/api/v1/tournaments/{swiss.slug}/rounds/pair/"
    assert world.client(None).get(url).status_code in (401, 403)
    assert world.client("director_b").post(url, {"background": True}, format="json").status_code in (403, 404)
