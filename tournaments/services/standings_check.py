"""Verified standings (issue 16): FIDE's reference tool re-computes the published standings.

After each published round a background task exports the published rounds as TRF-2026 (the file
the public downloads), lets gacrux compute every tie-break of the chain it knows, and stores
whether every value, and the ranks where both sides rank by one chain, equal ours.
"""

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import gettext_noop
from tournaments.domain.schedule import legs
from tournaments.domain.trf import size_refusal, write_trf
from tournaments.domain.trf.reference import checkable_codes, reference_differences, reference_standings
from tournaments.models import Player, StandingsCheck, Tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.trf import trf_event

from .background import run_after_commit
from .locks import lock_tournament, write_service
from .public import public_changed

logger = logging.getLogger(__name__)

# why a check did not run, stored in English and translated where shown (``{% translate check.note %}``)
NOTHING_PUBLISHED = gettext_noop("no published round")
REFERENCE_FAILED = gettext_noop("the reference tool failed on this event; the server log says why")
TWO_CHAINS = gettext_noop("values only: the first-place chain differs from the other places' chain")
INTERRUPTED = gettext_noop("the check was interrupted before it finished (its worker stopped)")
CHECK_AGAIN = (REFERENCE_FAILED, INTERRUPTED)  # the notes after which the desk offers to check again
# gacrux checks 200 teams in tens of seconds; a check pending this long lost its worker
CHECK_LEASE = timedelta(minutes=30)


@write_service
def standings_verify(*, tournament_id: int) -> StandingsCheck | None:
    """Check the published standings against gacrux and store the verdict (None: no tournament).

    Idempotent: a second run replaces the verdict with the same one. A verdict is stored only
    for the state it was computed on: if the standings changed while gacrux was at work
    (``standings_changed`` marked the check again), this run's verdict is dropped and the run that
    change queued stores its own.
    """
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return None
    requested = StandingsCheck.objects.filter(tournament=tournament).values_list("checked_at", flat=True).first()
    standings = standings_for_tournament(tournament=tournament, published_only=True)
    verdict, engine, note, differences = StandingsCheck.Verdict.NOT_CHECKED, "", "", []
    if standings.after_round == 0:
        note = NOTHING_PUBLISHED
    elif refusal := tournament.discipline_rules.reference_check_refusal():
        note = refusal
    elif refusal := size_refusal(
        teams=tournament.teams.count(), players=Player.objects.filter(team__tournament=tournament).count()
    ):
        note = refusal
    else:
        try:
            verdict, engine, note, differences = _compared(tournament, standings)
        except Exception:  # a third-party engine's failure is a verdict too, never "pending" for ever
            logger.exception("gacrux could not check the standings of tournament %s", tournament.pk)
            note = REFERENCE_FAILED
    stored = {
        "after_round": standings.after_round,
        "engine": engine,
        "verdict": verdict,
        "differences": differences,
        "note": note,
        "checked_at": timezone.now(),
    }
    with transaction.atomic():
        if requested is None:
            check, _ = StandingsCheck.objects.update_or_create(tournament=tournament, defaults=stored)
        elif not StandingsCheck.objects.filter(tournament=tournament, checked_at=requested).update(**stored):
            return StandingsCheck.objects.filter(tournament=tournament).first()  # outdated meanwhile
        public_changed(tournament_id=tournament.pk)
    return StandingsCheck.objects.get(tournament=tournament)


def _compared(tournament: Tournament, standings) -> tuple[str, str, str, list[dict]]:
    """gacrux's values for our TRF export against ours: (verdict, engine, note, differences)."""
    chain = [*tournament.tiebreaks_first, *tournament.tiebreaks_other]
    codes = checkable_codes(chain)
    one_chain = (
        list(tournament.tiebreaks_first) == list(tournament.tiebreaks_other) and not tournament.playoff_for_first
    )
    reference = reference_standings(
        write_trf(trf_event(tournament=tournament, published_only=True, standings=standings)),
        codes if not one_chain else list(dict.fromkeys(chain)),
        # the export writes each leg of a double round as a round of its own (selectors/trf.py)
        after_round=standings.after_round * len(legs(tournament.double_rounds)),
        edition=tournament.tiebreak_edition,
    )
    ours = {entry.team.seed: (entry.row.rank, {"MP": entry.row.mp, **entry.row.tiebreaks}) for entry in standings.rows}
    found = reference_differences(ours, reference, codes, ranks=one_chain)
    differences = [{"team": d.team, "code": d.code, "ours": d.ours, "reference": d.reference} for d in found]
    verdict = StandingsCheck.Verdict.DIFFERS if found else StandingsCheck.Verdict.AGREES
    return verdict, f"gacrux {reference.version}", "" if one_chain else TWO_CHAINS, differences


def standings_checks_interrupted(*, before) -> int:
    """End the checks pending since ``before``: their worker died. The desk then says so and offers
    to check again, where it would otherwise say "being checked" until the next publication."""
    return StandingsCheck.objects.filter(verdict=StandingsCheck.Verdict.PENDING, checked_at__lt=before).update(
        verdict=StandingsCheck.Verdict.NOT_CHECKED, note=INTERRUPTED, checked_at=timezone.now()
    )


@write_service
def standings_check_request(*, tournament: Tournament) -> None:
    """The director asks for the check again (after it failed or was interrupted)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        standings_verify_later(tournament=tournament)


def standings_changed(*, tournament_id: int) -> None:
    """What the published standings were checked on changed (a result of a published round, a
    round unpublished, a withdrawal): the verdict is withdrawn at once — no "verified" badge for
    a state gacrux never saw — and the check runs again after the commit (issue 28 item 1). One
    statement; no check yet, nothing to withdraw."""
    from tournaments.tasks import standings_verify_task

    StandingsCheck.objects.filter(tournament_id=tournament_id).update(
        verdict=StandingsCheck.Verdict.PENDING, differences=[], note="", checked_at=timezone.now()
    )
    run_after_commit(standings_verify_task, tournament_id)


def standings_verify_later(*, tournament: Tournament) -> None:
    """Check once the current transaction commits, off the request (``background``); the
    publishing service calls it. Meanwhile the stored verdict is "pending", so neither the public
    nor the desk reads the previous round's verdict as this one's."""
    from tournaments.tasks import standings_verify_task

    StandingsCheck.objects.update_or_create(
        tournament=tournament,
        defaults={
            "verdict": StandingsCheck.Verdict.PENDING,
            "differences": [],
            "note": "",
            "checked_at": timezone.now(),
        },
        create_defaults={
            "after_round": 0,
            "verdict": StandingsCheck.Verdict.PENDING,
            "differences": [],
            "note": "",
            "checked_at": timezone.now(),
        },
    )
    run_after_commit(standings_verify_task, tournament.pk)
