"""The captains' reports of a round as the desk sees them: state, entries, and whether a report
would change a result the desk already holds (flagged, never applied silently; issue 30)."""

from dataclasses import dataclass

from django.utils.translation import gettext

from tournaments.domain.captain_report import report_differs, report_written
from tournaments.domain.encounter import ResultEntry
from tournaments.domain.errors import RuleViolation
from tournaments.models import CaptainReport, Tournament
from tournaments.services.results import encounter_states


@dataclass(frozen=True)
class ReportRow:
    report: CaptainReport
    differs: bool  # it would change a result the desk holds
    refusal: str  # why it no longer fits the match (a lineup changed since), or ""


def round_reports(*, tournament: Tournament, number: int) -> list[ReportRow]:
    """The round's reports in table order: one query for them, one for their matches' seats."""
    reports = list(
        CaptainReport.objects.filter(match__round__tournament=tournament, match__round__number=number)
        .select_related("match__round", "team", "answered_by")
        .order_by("match__table", "match__leg")
    )
    states = encounter_states([report.match for report in reports])
    discipline = tournament.discipline_rules
    rows = []
    for report in reports:
        entries = [ResultEntry(**entry) for entry in report.entries]
        try:
            written = report_written(discipline, states[report.match_id], entries)
        except RuleViolation as error:
            rows.append(ReportRow(report, True, error.text(gettext)))
        else:
            rows.append(ReportRow(report, report_differs(written), ""))
    return rows
