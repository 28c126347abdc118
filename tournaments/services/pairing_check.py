"""Every Swiss round we pair is re-checked by gacrux's pairing checker (issue 16).

A background task re-pairs the round with gacrux's untouched engine from its own TRF reader and
stores the verdict on the round: the desk shows it before the director publishes, and an
exchange of teams shows up as a departure from C.04.6.
"""

import logging

from django.db import transaction
from django.utils import timezone

from tournaments.models import Round
from tournaments.selectors.pairing_input import round_to_pair
from tournaments.selectors.schedule import tournament_pairing_system

from .background import run_after_commit

logger = logging.getLogger(__name__)


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

    run_after_commit(round_pairing_check_task, round_.pk)
