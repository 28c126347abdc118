"""Every Swiss round we pair is re-checked by gacrux's pairing checker (issue 16).

A background task re-pairs the round with gacrux's untouched engine from its own TRF reader and
stores the verdict on the round: the desk shows it before the director publishes, and an
exchange of teams shows up as a departure from C.04.6. Until it answers, the round holds
``{"requested_at": …}``, so a check whose worker died is found (``pairing_checks_interrupted``).
"""

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.models import Round
from tournaments.selectors.pairing_input import round_to_pair
from tournaments.selectors.schedule import tournament_pairing_system

from .background import run_after_commit
from .locks import lock_round, write_service

logger = logging.getLogger(__name__)

# gacrux re-pairs 200 teams in seconds; a check unanswered this long lost its worker
CHECK_LEASE = timedelta(minutes=30)


def round_pairing_check(*, round_id: int) -> Round | None:
    """Check the round's pairs and store the verdict (None: the round is gone or has no checker)."""
    round_ = Round.objects.select_related("tournament").filter(pk=round_id, kind=Round.Kind.REGULAR).first()
    if round_ is None:
        return None
    system = tournament_pairing_system(round_.tournament)
    pairs = [
        (match.first_team.seed, match.second_team.seed if match.second_team else None)
        for match in round_.matches.filter(leg=1).with_sides().order_by("table")
    ]
    try:
        verdict = system.check(round_to_pair(tournament=round_.tournament, number=round_.number), pairs)
    except Exception:  # a third-party engine's failure is an answer too, never "not answered" for ever
        logger.exception("gacrux could not check the pairing of round %s", round_.pk)
        check = {"engine": "", "agrees": None, "failed": True, "expected": [], "checked_at": timezone.now().isoformat()}
    else:
        if verdict is None:
            Round.objects.filter(pk=round_.pk).update(pairing_check=None)
            return None
        check = {
            "engine": verdict.engine,
            "agrees": verdict.agrees,
            "expected": [list(pair) for pair in verdict.expected],
            "checked_at": timezone.now().isoformat(),
        }
    with transaction.atomic():
        Round.objects.filter(pk=round_.pk).update(pairing_check=check)
        round_.pairing_check = check
    return round_


def round_pairing_check_later(*, round_: Round) -> None:
    """Check once the pairing's transaction commits, off the request (``background``); until the
    verdict is stored the desk says the checker has not answered."""
    from tournaments.tasks import round_pairing_check_task

    pk = round_.pk  # marked after the commit too: a result writer calls this, and locks no round here
    transaction.on_commit(lambda: Round.objects.filter(pk=pk).update(pairing_check=_requested()), robust=True)
    run_after_commit(round_pairing_check_task, pk)


def pairing_check_pending(check: dict | None) -> bool:
    """Whether the check was asked for and has not answered (the desk: "not answered yet")."""
    return bool(check) and "requested_at" in check


@write_service
def round_pairing_check_request(*, round_: Round) -> Round:
    """The director asks for the check again (after it failed or was interrupted)."""
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        round_pairing_check_later(round_=round_)
        return round_


def pairing_checks_interrupted(*, before) -> int:
    """Fail the checks asked for before ``before`` and unanswered: their worker died. The desk then
    says so and offers to check again, where it would otherwise wait "not answered yet" for ever."""
    interrupted = 0
    for pk, check in Round.objects.filter(pairing_check__has_key="requested_at").values_list("pk", "pairing_check"):
        if datetime.fromisoformat(check["requested_at"]) < before:
            interrupted += Round.objects.filter(pk=pk, pairing_check=check).update(pairing_check=_interrupted())
    return interrupted


def _requested() -> dict:
    return {"requested_at": timezone.now().isoformat()}


def _interrupted() -> dict:
    now = timezone.now().isoformat()
    return {"engine": "", "agrees": None, "failed": True, "interrupted": True, "expected": [], "checked_at": now}
