"""A long pairing runs off the request (issue 27 item 8).

gacrux pairs a team Swiss of 200 teams in under a second, of 2,000 in minutes
(docs/performance.md): the TD's request, the proxy (60 s) and gunicorn's worker timeout would
give up first. From ``BACKGROUND_FROM_TEAMS`` teams on, the desk queues the pairing as a task and
shows its state (queued, pairing since when, failed with the reason) until the round is there;
the engine itself runs before the tournament row is locked (``services/pairing.py``).

The job's state lives in the cache, like an archive import's stage: it is only the desk's view of
work in progress; the round it pairs is the record. A job names the round it pairs, so a task
delivered again (its worker died after the commit) pairs nothing more, and one running longer than
``LEASE`` is reported as interrupted, with the button to pair again.
"""

from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import Round, Tournament
from tournaments.selectors.schedule import tournament_pairing_system

from .background import run_after_commit
from .pairing import rounds_pair_due

BACKGROUND_FROM_TEAMS = 150  # a Swiss this large may take longer than a request should
LEASE = timedelta(minutes=30)  # 2,000 teams take minutes on a busy machine; a job older lost its worker
INTERRUPTED = gettext_noop("the pairing was interrupted before it finished (its worker stopped); pair again.")
FAILED = gettext_noop("the pairing failed unexpectedly; the error has been logged.")


def pairs_in_background(*, tournament: Tournament, teams: int) -> bool:
    """Whether the desk queues this tournament's pairing: a system pairing one round at a time
    from the standings (a Swiss), with many teams."""
    system = tournament_pairing_system(tournament)
    return system.reads_history and not system.pairs_ahead and teams >= BACKGROUND_FROM_TEAMS


def rounds_pair_later(*, tournament: Tournament, user=None, source: str = "desk") -> int:
    """Queue the pairing of the next round; returns its number. Refused while one is under way."""
    from tournaments.tasks import rounds_pair_task  # the task module imports this one

    job = pairing_job(tournament=tournament)
    if job and job["state"] in ("queued", "running"):
        raise RuleViolation(
            gettext_noop("round %(number)d is being paired already."), field="round", number=job["number"]
        )
    number = tournament.rounds.filter(kind=Round.Kind.REGULAR).count() + 1
    _store(tournament.pk, {"state": "queued", "number": number, "since": timezone.now().isoformat()})
    run_after_commit(rounds_pair_task, tournament.pk, number, getattr(user, "pk", None), source)
    return number


def rounds_pair_run(*, tournament_id: int, number: int, user_id: int | None, source: str) -> str:
    """Pair round ``number`` of the tournament unless it is paired already; the job's final state."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return "gone"
    if tournament.rounds.filter(kind=Round.Kind.REGULAR).count() + 1 != number:
        _store(tournament_id, {"state": "done", "number": number})
        return "done"
    _store(tournament_id, {"state": "running", "number": number, "since": timezone.now().isoformat()})
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    try:
        rounds_pair_due(tournament=tournament, user=user, source=source)
    except RuleViolation as error:
        _store(tournament_id, {"state": "failed", "number": number, "error": _parts(error)})
        return "failed"
    except Exception:
        _store(tournament_id, {"state": "failed", "number": number, "error": _parts(RuleViolation(FAILED))})
        raise
    _store(tournament_id, {"state": "done", "number": number})
    return "done"


def pairing_job(*, tournament: Tournament) -> dict | None:
    """The state of the tournament's last queued pairing: ``state`` (queued, running, failed,
    done), ``number``, ``since`` and for a failed one ``error`` (a RuleViolation); one unfinished
    beyond ``LEASE`` is failed as interrupted."""
    job = cache.get(_key(tournament.pk))
    if job is None:
        return None
    since = datetime.fromisoformat(job["since"]) if job.get("since") else None
    if job["state"] in ("queued", "running") and since and since < timezone.now() - LEASE:
        job = {"state": "failed", "number": job["number"], "error": _parts(RuleViolation(INTERRUPTED))}
    if job.get("error"):
        parts = job["error"]
        job = {
            **job,
            "error": RuleViolation(
                parts["message"], field=parts["field"], rule=parts["rule"], plural=parts["plural"], **parts["params"]
            ),
        }
    return {**job, "since": since}


def _store(tournament_id: int, job: dict) -> None:
    cache.set(_key(tournament_id), job, timeout=24 * 3600)


def _key(tournament_id: int) -> str:
    return f"pairing-job:{tournament_id}"


def _parts(error: RuleViolation) -> dict:
    params = {key: value if isinstance(value, (int, float)) else str(value) for key, value in error.params.items()}
    return {
        "message": error.message,
        "field": error.field,
        "rule": error.rule,
        "plural": error.plural,
        "params": params,
    }
