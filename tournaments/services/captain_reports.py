"""Captains' reports (issue 30): the first-named captain reports, the other confirms or disputes,
the desk accepts; only then is the result written, through the one writer.

Blitz §17 has the first-named team's captain inform the TD of the match's outcome; here the
other captain's confirmation comes first, each with their own team's code, so the match report
form alone can never report *and* confirm. A report is checked entry by entry with the
discipline exactly as the writer will check it, but nothing is stored on the match until the
desk accepts (``captain_report_accept``, source ``captain``), or the tournament accepts confirmed
reports itself (``Tournament.captain_reports_accepted``). A report that differs from a result
the desk already holds is flagged and never applied unless the arbiter says to replace it.
Reports never reach the public pages: they read the match, and the match changes only at
acceptance, then hidden until the round is published like any result.
"""

from collections.abc import Sequence
from dataclasses import asdict

from django.db import transaction

from tournaments.domain.captain_report import report_differs, report_written
from tournaments.domain.encounter import ResultEntry, Written
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, CaptainReport, Match, MatchSide, Team, Tournament

from .audit import AuditTarget, audit_record, match_target
from .locks import lock_beside, lock_match, lock_tournament, write_service
from .results import encounter_result_set, encounter_states
from .tournaments import refuse_when_finished

State = CaptainReport.State
SOURCE = "captain"


class StaleReport(RuleViolation):
    """The report changed since the phone read it (the other captain answered, it was corrected,
    accepted): answer 409 and show the report as it is now."""

    def __init__(self, report: CaptainReport):
        self.current = report
        super().__init__(
            gettext_noop("this report was changed in the meantime (now version %(version)d); reload and look again."),
            field="version",
            version=report.version,
        )


def report_side(match: Match, team: Team) -> int | None:
    """The position of ``team``'s side in ``match`` (1: first-named), or None: not its match."""
    return MatchSide.objects.filter(match=match, team=team).values_list("position", flat=True).first()


def answers_report(match: Match, team: Team | None) -> bool:
    """Whether ``team`` may confirm or dispute the report of ``match``: an opponent of the
    first-named side, never the reporter nor a partner at its table (Schach4 V2: seats 1 and 3)."""
    position = report_side(match, team) if team is not None else None
    if position in (None, 1):
        return False
    sides = MatchSide.objects.filter(match=match).count()
    return position not in match.round.tournament.discipline_rules.partner_sides(1, sides)


def _words(match: Match):
    """The discipline's words for its entrants and for the one who reports (a captain, or the player)."""
    return match.round.tournament.discipline_rules.words


def report_checked(match: Match, entries: Sequence[ResultEntry]) -> list[Written]:
    """What each entry would write on the match as stored (``domain/captain_report.py``)."""
    encounter = encounter_states([match])[match.pk]
    return report_written(match.round.tournament.discipline_rules, encounter, entries)


def _locked(match: Match) -> tuple[Match, CaptainReport | None]:
    match = lock_match(match.pk)
    report = CaptainReport.objects.filter(match=match).first()
    if report is not None:
        lock_beside(CaptainReport, [report.pk])
        report.refresh_from_db()
    return match, report


def _refuse_stale(report: CaptainReport | None, expected_version: int | None) -> None:
    current = report.version if report is not None else 0
    if expected_version is not None and expected_version != current:
        raise (
            StaleReport(report)
            if report is not None
            else RuleViolation(gettext_noop("there is no report of this match yet; reload."), field="version")
        )


@write_service
def captain_report_send(
    *, match: Match, team: Team, entries: Sequence[ResultEntry], expected_version: int | None = None
) -> CaptainReport:
    """The first-named team's captain reports (or corrects the report of) ``match``: stored as
    *reported*, awaiting the other captain; ``expected_version`` is the report's version the
    phone showed (0: none yet)."""
    with transaction.atomic():
        match, report = _locked(match)
        refuse_when_finished(match.round.tournament)
        if report_side(match, team) != 1:
            raise RuleViolation(_words(match).phone.only_first_reports, field=_words(match).field)
        _refuse_stale(report, expected_version)
        if report is not None and report.state == State.ACCEPTED:
            raise RuleViolation(gettext_noop("the desk has accepted this report already."), field="version")
        report_checked(match, entries)
        stored = [asdict(entry) for entry in entries]
        if report is None:
            report = CaptainReport(match=match, team=team, version=0)
        report.entries, report.state, report.answered_by = stored, State.REPORTED, None
        report.version += 1
        report.match_version = match.version
        report.save()
        _audit(match, report, team)
        return report


@write_service
def captain_report_answer(*, match: Match, team: Team, confirm: bool, expected_version: int) -> CaptainReport:
    """The other captain confirms (or disputes) the report they saw at ``expected_version``."""
    with transaction.atomic():
        match, report = _locked(match)
        refuse_when_finished(match.round.tournament)
        if not answers_report(match, team):
            raise RuleViolation(_words(match).phone.only_opponent_answers, field=_words(match).field)
        if report is None:
            raise RuleViolation(gettext_noop("there is no report of this match yet; reload."), field="version")
        _refuse_stale(report, expected_version)
        if report.state not in (State.REPORTED, State.DISPUTED, State.CONFIRMED):
            raise RuleViolation(gettext_noop("the desk has accepted this report already."), field="version")
        report.state = State.CONFIRMED if confirm else State.DISPUTED
        report.answered_by = team
        report.version += 1
        report.save()
        _audit(match, report, team)
        tournament = match.round.tournament
        if (
            confirm
            and tournament.captain_reports_accepted
            and not report_differs(report_checked(match, report_entries(report)))
        ):
            _accept(match, report, user=None)
        return report


@write_service
def captain_report_accept(*, report: CaptainReport, replace: bool = False, user=None) -> CaptainReport:
    """The desk accepts a confirmed report: its entries are written through the one writer with
    source ``captain``. A report that would change a result the desk holds (entered after the
    report, or before it by hand) is refused unless ``replace``: the arbiter decides, never the
    program silently."""
    with transaction.atomic():
        match, report = _locked(report.match)
        if report is None or report.state != State.CONFIRMED:
            raise RuleViolation(_words(match).phone.only_confirmed_accepted, field="report")
        if report_side(match, report.team) != 1 or not answers_report(match, report.answered_by):
            raise RuleViolation(
                _words(match).phone.entrants_changed,
                field="report",
            )
        if not replace and report_differs(report_checked(match, report_entries(report))):
            raise RuleViolation(
                gettext_noop("this report differs from the results the desk holds; compare them before replacing."),
                field="report",
            )
        _accept(match, report, user=user)
        return report


def _accept(match: Match, report: CaptainReport, *, user) -> None:
    for entry in report_entries(report):
        match = encounter_result_set(match=match, entry=entry, user=user, source=SOURCE)
    report.state = State.ACCEPTED
    report.version += 1
    report.save(update_fields=["state", "version", "updated_at"])
    _audit(match, report, None, user=user)


def report_entries(report: CaptainReport) -> list[ResultEntry]:
    return [ResultEntry(**entry) for entry in report.entries]


def _audit(match: Match, report: CaptainReport, team: Team | None, *, user=None) -> None:
    audit_record(
        tournament=match.round.tournament,
        action=AuditEntry.Action.CAPTAIN_REPORT,
        target=match_target(match),
        value_type=AuditEntry.ValueType.REPORT,
        new={"state": report.state, "entries": report.entries, "team": team.name if team else None},
        match=match,
        user=user,
        source=SOURCE if team is not None else "desk",
    )


@write_service
def captain_reports_accepting_set(
    *, tournament: Tournament, accepted: bool, user=None, source: str = "command"
) -> None:
    """Whether a report both captains confirmed becomes the result without the desk's key."""
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        if tournament.captain_reports_accepted == accepted:
            return
        tournament.captain_reports_accepted = accepted
        tournament.save(update_fields=["captain_reports_accepted"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(AuditEntry.Target.SETTINGS, tournament.name),
            value_type=AuditEntry.ValueType.SETTINGS,
            old={"captain_reports_accepted": not accepted},
            new={"captain_reports_accepted": accepted},
            user=user,
            source=source,
        )
