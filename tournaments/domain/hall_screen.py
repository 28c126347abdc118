"""What the hall screen (``/t/<slug>/screen/``) may show, and how long each panel stays.

The director picks the panels and their order and the seconds per panel on the desk; the values
are checked here so the service, the form and the API refuse the same things.
"""

from .errors import RuleViolation, RuleViolations
from .i18n import gettext_noop

# The panels in their default order: what is played now, what was just played, where everyone stands.
PANELS = {
    "pairings": gettext_noop("Pairings of the current round"),
    "results": gettext_noop("Latest results"),
    "standings": gettext_noop("Standings"),
}
DEFAULT_PANELS = list(PANELS)
DEFAULT_SECONDS = 20
# *our decision*: under 5 s a spectator ten metres away cannot find their board; over 5 min the
# screen looks frozen.
MIN_SECONDS = 5
MAX_SECONDS = 300


def checked_screen(panels, seconds) -> tuple[list[str], int]:
    """``(panels, seconds)`` as stored, or every violation together (field ``screen_panels`` /
    ``screen_seconds``): at least one panel, each known and named once, whole seconds in range."""
    violations = []
    panels = list(panels or [])
    unknown = [panel for panel in panels if panel not in PANELS]
    if not panels:
        violations.append(RuleViolation(gettext_noop("Choose at least one panel."), field="screen_panels"))
    elif unknown:
        violations.append(
            RuleViolation(gettext_noop("Unknown panel “%(panel)s”."), field="screen_panels", panel=unknown[0])
        )
    elif len(set(panels)) != len(panels):
        violations.append(RuleViolation(gettext_noop("Each panel can be shown once."), field="screen_panels"))
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        violations.append(
            RuleViolation(
                gettext_noop("Give whole seconds from %(min)s to %(max)s."),
                field="screen_seconds",
                min=MIN_SECONDS,
                max=MAX_SECONDS,
            )
        )
    if violations:
        raise RuleViolations(violations)
    return panels, seconds
