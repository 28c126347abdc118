"""A large Swiss is paired by a task, not within the director's request (issue 27 item 8): the
overview says the round is being paired and since when, and why if it failed; a task delivered
again pairs nothing more; one that lost its worker is reported as interrupted."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from tests.builders import make_tournament
from tournaments.services import pairing_jobs
from tournaments.services.pairing_jobs import pairing_job, rounds_pair_run

pytestmark = pytest.mark.django_db


@pytest.fixture
def large(monkeypatch):
    """Six teams count as a large Swiss here (the real threshold: 150)."""
    monkeypatch.setattr(pairing_jobs, "BACKGROUND_FROM_TEAMS", 6)
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    cache.delete(f"pairing-job:{tournament.pk}")
    return tournament


def test_the_desk_queues_the_pairing_and_the_task_pairs_it(desk, large, monkeypatch):
    queued = []
    monkeypatch.setattr(pairing_jobs, "run_after_commit", lambda task, *args: queued.append(args))
    response = desk.post(f"/desk/{large.slug}/pair/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and not large.rounds.exists()  # the request paired nothing
    page = desk.get(f"/desk/{large.slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "Round 1 is being paired (since" in page and 'http-equiv="refresh"' in page and 'id="pair"' not in page
    again = desk.post(f"/desk/{large.slug}/pair/", HTTP_ACCEPT_LANGUAGE="en", follow=True).text
    assert "round 1 is being paired already" in again and len(queued) == 1

    ((tournament_id, number, user_id, source),) = queued
    assert rounds_pair_run(tournament_id=tournament_id, number=number, user_id=user_id, source=source) == "done"
    assert large.rounds.count() == 1 and large.audit_entries.filter(source="desk").exists()
    # delivered again after its worker died: round 1 is there, nothing more is paired
    assert rounds_pair_run(tournament_id=tournament_id, number=number, user_id=user_id, source=source) == "done"
    assert large.rounds.count() == 1
    page = desk.get(f"/desk/{large.slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert 'id="pairing-job"' not in page and 'http-equiv="refresh"' not in page


def test_a_refused_pairing_says_why_and_an_interrupted_one_says_so(desk, large, monkeypatch):
    monkeypatch.setattr(pairing_jobs, "run_after_commit", lambda task, *args: None)
    large.teams.filter(seed=6).update(seed=9)  # seeds with a gap: the pairing refuses
    desk.post(f"/desk/{large.slug}/pair/")
    assert rounds_pair_run(tournament_id=large.pk, number=1, user_id=None, source="desk") == "failed"
    page = desk.get(f"/desk/{large.slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "Round 1 was not paired:" in page and "seeds must be 1 to 6 without gaps" in page

    long_ago = (timezone.now() - pairing_jobs.LEASE - timedelta(minutes=1)).isoformat()
    cache.set(f"pairing-job:{large.pk}", {"state": "running", "number": 1, "since": long_ago})
    assert pairing_job(tournament=large)["state"] == "failed"
    page = desk.get(f"/desk/{large.slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "the pairing was interrupted before it finished (its worker stopped); pair again." in page
