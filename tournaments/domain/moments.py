"""The one range of dates and times the application accepts, wherever one comes in.

Python's dates end at years 1 and 9999, so "0001-01-01T00:00:00+14:00" is valid ISO 8601 but
falls outside them once converted to UTC or local time: stored, it could never be read back
(every list, export and PDF showing it would fail). Nothing in a tournament needs dates that far
off, so every date and time from an archive, the API or a form must lie in this range.
"""

from datetime import date, datetime

from .errors import RuleViolation, gettext_noop

EARLIEST = date(1800, 1, 1)
LATEST = date(2199, 12, 31)


def moment_in_range(value: date | datetime | None, *, field: str) -> date | datetime | None:
    """``value`` unchanged if it lies between EARLIEST and LATEST (or is None); else a RuleViolation."""
    if value is None:
        return None
    day = value.date() if isinstance(value, datetime) else value
    if not EARLIEST <= day <= LATEST:
        raise RuleViolation(
            gettext_noop("give a date between %(earliest)s and %(latest)s."),
            field=field,
            earliest=EARLIEST.isoformat(),
            latest=LATEST.isoformat(),
        )
    return value
