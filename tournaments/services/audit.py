"""Writing the audit trail: every change names what it changed in columns, never only in a label."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from tournaments.models import AuditEntry, Match, Round, Team

Target = AuditEntry.Target


@dataclass(frozen=True)
class AuditTarget:
    """What one entry changed. ``label`` is the untranslated key the API has always shown
    (``R3 T2 B4``); the desk derives its translated wording from the other fields."""

    kind: str
    label: str
    round_number: int | None = None
    table: int | None = None
    leg: int | None = None
    board: int | None = None
    seat: int | None = None
    team: Team | None = None


def match_label(match: Match) -> str:
    """``R3 T2`` for the audit trail; ``R3 T2/2`` for the return leg of a double round."""
    return f"R{match.round.number} T{match.table}" + (f"/{match.leg}" if match.leg != 1 else "")


def board_label(match: Match, board: int) -> str:
    """``R3 T2 B4``: the audit label of one board's result."""
    return f"{match_label(match)} B{board}"


def match_target(match: Match) -> AuditTarget:
    """The match as a whole: its one result (Tandem §1.3)."""
    return AuditTarget(Target.MATCH, match_label(match), match.round.number, match.table, match.leg)


def board_target(match: Match, board: int) -> AuditTarget:
    return AuditTarget(Target.BOARD, board_label(match, board), match.round.number, match.table, match.leg, board)


def seat_target(match: Match, board: int, seat: int, label: str) -> AuditTarget:
    """One seat of a game (1 = the first-named side's player on a two-seat board)."""
    return AuditTarget(Target.SEAT, label, match.round.number, match.table, match.leg, board, seat)


def side_target(match: Match, team: Team) -> AuditTarget:
    """One team's side of a match: its lineup."""
    label = f"R{match.round.number} T{match.table} {team.name}"
    return AuditTarget(Target.SIDE, label, match.round.number, match.table, match.leg, team=team)


def round_target(round_: Round, label: str) -> AuditTarget:
    return AuditTarget(Target.ROUND, label, round_.number)


def team_target(team: Team) -> AuditTarget:
    return AuditTarget(Target.TEAM, team.name, team=team)


def audit_value(value):
    """``value`` as JSON keeps it typed: dates as ISO text, decimals as numbers, ``None`` as null
    (never the text "None"), so the desk can show each in the reader's format."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: audit_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [audit_value(item) for item in value]
    return value


def audit_record(
    *,
    tournament,
    action,
    target: AuditTarget,
    value_type,
    old=None,
    new=None,
    match=None,
    user=None,
    source="command",
    reverts=None,
):
    """Append one entry to the tournament's audit trail (called inside the writing transaction)."""
    entry = audit_entry(
        tournament=tournament,
        action=action,
        target=target,
        value_type=value_type,
        old=old,
        new=new,
        match=match,
        user=user,
        source=source,
        reverts=reverts,
    )
    entry.save()
    return entry


def audit_entry(
    *,
    tournament,
    action,
    target: AuditTarget,
    value_type,
    old=None,
    new=None,
    match=None,
    user=None,
    source="command",
    reverts=None,
):
    """An unsaved entry, for services that write many at once with ``bulk_create``; ``reverts``
    points to the entry a director's revert undid."""
    return AuditEntry(
        tournament=tournament,
        match=match,
        user=user if user is not None and user.is_authenticated else None,
        source=source,
        action=action,
        target=target.label,
        target_kind=target.kind,
        round_number=target.round_number,
        table=target.table,
        leg=target.leg,
        board=target.board,
        seat=target.seat,
        team=target.team,
        value_type=value_type,
        old_value=old,
        new_value=new,
        reverts=reverts,
    )
