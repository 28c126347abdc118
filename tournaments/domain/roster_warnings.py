"""Rosters that are allowed but probably a typing mistake: the desk asks before saving them."""

from collections.abc import Iterable

from .errors import RuleViolation, gettext_noop


def roster_warnings(*, name: str, players: int, boards: int, registered: Iterable[str]) -> list[RuleViolation]:
    """A name that differs from a registered team's only in case ("Team Sechs", "team sechs"),
    and fewer players than boards: the empty boards are lost by forfeit in every round (Blitz §16
    scores them like any lost board)."""
    warnings = []
    twin = next((other for other in registered if other != name and other.casefold() == name.casefold()), None)
    if twin is not None:
        warnings.append(
            RuleViolation(
                gettext_noop("“%(value)s” differs from the registered team “%(other)s” only in upper and lower case."),
                field="name",
                value=name,
                other=twin,
            )
        )
    if players < boards:
        warnings.append(
            RuleViolation(
                gettext_noop(
                    "%(count)d player for %(boards)d boards: the empty boards are lost by forfeit in every round."
                ),
                plural=gettext_noop(
                    "%(count)d players for %(boards)d boards: the empty boards are lost by forfeit in every round."
                ),
                field="players",
                count=players,
                boards=boards,
            )
        )
    return warnings
