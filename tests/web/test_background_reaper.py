"""Background work whose worker died is ended honestly, never left "running" (issue 27 item 4).

Each kind stays unfinished in its own way: a print bundle "being built", a Swiss round's pairing
check "not answered yet", the standings check "being checked", an archive import "running". The
reaper (``services/reaper.py``, ``manage.py reap_background``) ends what is older than its kind can
take, or with ``--all`` everything (no worker runs), and the desk says so and runs it again.
"""

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from tests.builders import make_paired, make_tournament, play_round
from tournaments.models import ArchiveImport, Round, RoundBundle, StandingsCheck
from tournaments.services.pairing import round_pair_next
from tournaments.services.publishing import round_publish
from tournaments.services.reaper import background_reap

pytestmark = pytest.mark.django_db

LONG_AGO = timezone.now() - timedelta(hours=2)
NOTHING = {"round bundles": 0, "pairing checks": 0, "standings checks": 0, "archive imports": 0, "publication sends": 0}


def test_work_unfinished_beyond_its_lease_is_ended_and_fresh_work_is_left_alone():
    tournament = make_paired(teams=4)
    first, second = tournament.rounds.order_by("number")[:2]
    stale = RoundBundle.objects.create(round=first, state=RoundBundle.State.RUNNING)
    fresh = RoundBundle.objects.create(round=second, state=RoundBundle.State.QUEUED)
    RoundBundle.objects.filter(pk=stale.pk).update(updated_at=LONG_AGO)
    StandingsCheck.objects.create(tournament=tournament, after_round=0, verdict="pending", checked_at=LONG_AGO)
    user = get_user_model().objects.create_user("td")
    job = ArchiveImport.objects.create(user=user, source="api", archive=b"{}", size=2, state="running")
    ArchiveImport.objects.filter(pk=job.pk).update(updated_at=LONG_AGO)

    assert background_reap() == {**NOTHING, "round bundles": 1, "standings checks": 1, "archive imports": 1}
    stale.refresh_from_db()
    assert stale.state == "failed" and "interrupted" in stale.error
    assert RoundBundle.objects.get(pk=fresh.pk).state == "queued"
    check = StandingsCheck.objects.get(tournament=tournament)
    assert check.verdict == "not-checked" and check.note.startswith("the check was interrupted")
    assert ArchiveImport.objects.get(pk=job.pk).state == "failed"
    assert background_reap() == NOTHING  # once ended, nothing more to do

    out = StringIO()
    call_command("reap_background", "--all", stdout=out)  # no worker runs: the fresh one too
    assert "round bundles: 1 interrupted" in out.getvalue()
    assert RoundBundle.objects.get(pk=fresh.pk).state == "failed"


@pytest.fixture
def swiss_published(django_capture_on_commit_callbacks):
    tournament = make_tournament(teams=6, preset="fide-team-swiss", name="Open", rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        first = round_pair_next(tournament=tournament)
    play_round(first, {m.table: "1-0 ½-½ 0-1 1-0" for m in first.matches.all()})
    return tournament, first


def test_an_interrupted_pairing_check_is_said_on_the_desk_and_asked_again(
    desk, swiss_published, django_capture_on_commit_callbacks
):
    tournament, round_ = swiss_published
    assert round_.__class__.objects.get(pk=round_.pk).pairing_check["agrees"] is True
    # the worker took the check and died: the round still says it asked
    Round.objects.filter(pk=round_.pk).update(pairing_check={"requested_at": LONG_AGO.isoformat()})
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/results/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "The pairing checker has not answered yet." in page and "pairing-check-again" not in page
    assert background_reap()["pairing checks"] == 1
    page = desk.get(f"/desk/{tournament.slug}/rounds/1/results/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "The pairing check was interrupted before it answered (its worker stopped)." in page
    assert 'id="pairing-check-again"' in page and 'id="pairing-differences"' not in page
    with django_capture_on_commit_callbacks(execute=True):
        response = desk.post(f"/desk/{tournament.slug}/rounds/1/pairing-check/")
    assert response.status_code == 302
    assert Round.objects.get(pk=round_.pk).pairing_check["agrees"] is True


def test_an_interrupted_standings_check_is_said_on_the_desk_and_run_again(
    desk, swiss_published, django_capture_on_commit_callbacks
):
    tournament, round_ = swiss_published
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_)
    assert StandingsCheck.objects.get(tournament=tournament).verdict == "agrees"
    StandingsCheck.objects.filter(tournament=tournament).update(verdict="pending", checked_at=LONG_AGO)
    assert background_reap()["standings checks"] == 1
    page = desk.get(f"/desk/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "the check was interrupted before it finished (its worker stopped)" in page
    assert 'id="standings-check-again"' in page
    with django_capture_on_commit_callbacks(execute=True):
        assert desk.post(f"/desk/{tournament.slug}/standings/check/").status_code == 302
    assert StandingsCheck.objects.get(tournament=tournament).verdict == "agrees"
    page = desk.get(f"/desk/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert 'id="standings-check-again"' not in page


def test_a_database_error_during_the_standings_check_is_retried(
    swiss_published, monkeypatch, django_capture_on_commit_callbacks
):
    """Issue 27 item 4: the check guarded only gacrux's call; a database error left it pending."""
    from django.db import OperationalError

    from tournaments.services import standings_check

    tournament, round_ = swiss_published
    real, failures = standings_check.standings_for_tournament, []

    def flaky(**kwargs):
        if not failures:
            failures.append(1)
            raise OperationalError("server closed the connection unexpectedly")
        return real(**kwargs)

    monkeypatch.setattr(standings_check, "standings_for_tournament", flaky)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_)
    assert failures == [1]
    assert StandingsCheck.objects.get(tournament=tournament).verdict == "agrees"
