"""A captains' report judged against the match as stored (issue 30): what each entry would write,
checked by the discipline exactly as the one writer will check it, and whether it would change a
result the desk already holds (flagged for the arbiter, never applied silently)."""

from collections.abc import Sequence

from .encounter import EncounterState, ResultEntry, Written
from .errors import RuleViolation, gettext_noop


def report_written(discipline, encounter: EncounterState, entries: Sequence[ResultEntry]) -> list[Written]:
    """What each entry would write; the discipline's refusal names the field and the rule."""
    if not entries:
        raise RuleViolation(gettext_noop("the report holds no result."), field="entries")
    return [discipline.written(entry, encounter) for entry in entries]


def report_differs(written: Sequence[Written]) -> bool:
    """Whether the report would change a result the desk holds (not merely fill an empty one)."""
    return any(not each.same and _holds(each.old) for each in written)


def _holds(value) -> bool:
    """An old value as the audit trail records it: a board's "1-0", a match's result or a table's places."""
    if isinstance(value, dict):
        return any(value.get(key) for key in ("result", "places"))
    return bool(value)
