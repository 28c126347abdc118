"""Incidents at the board and the arbiter's penalties (Blitz §7, §9a, §11; Tandem §7.4)."""

from django.db import transaction
from django.utils import timezone

from tournaments.domain.choices import choice
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.moments import moment_in_range
from tournaments.domain.penalties import IncidentKind, PastIncident, Penalty, earlier_violations, propose_penalty
from tournaments.models import AuditEntry, BoardGame, Incident, Match, Seat

from .audit import AuditTarget, audit_record, board_label, seat_target
from .locks import lock_beside, lock_match, write_service
from .results import encounter_result_set

ARBITER_DECISION = "arbiter-decision"  # the audit source of a result the arbiter's penalty set


@write_service
def incident_record(
    *,
    match: Match,
    board: int,
    side: str,
    kind: str,
    note: str = "",
    occurred_at=None,
    opponent_flag_fell: bool = False,
    claimed_in_time: bool | None = None,
    user=None,
    source: str = "command",
) -> Incident:
    """Record an incident against the player of ``side`` on ``board`` and propose the penalty.

    The proposal follows the ladder of the rules from the player's earlier incidents of the
    same kind, in this game or over the event as the tournament's ladders say (Blitz §7 per game,
    §11 over the event, see ``tournaments.domain.penalties``); an illegal-move claim said to be
    ``claimed_in_time`` proposes the loss of the game (Blitz §4b, §14d), one too late nothing.
    Nothing is decided yet. The
    public sees no incident, so its version stays (a penalty's result moves it, where public).
    """
    with transaction.atomic():
        match = lock_match(match.pk)
        tournament = match.round.tournament
        kind = choice(kind, IncidentKind, field="kind")
        occurred_at = moment_in_range(occurred_at, field="occurred_at")
        side = choice(side, Incident.Side, field="side")
        game = BoardGame.objects.filter(match=match, board=board).prefetch_related("seats__side").first()
        if game is None:
            raise RuleViolation(
                gettext_noop("board %(board)s does not exist in this match."), field="board", board=board
            )
        if any(seat.player_id is None for seat in game.seats.all()):
            raise RuleViolation(
                gettext_noop("no game is played on this board (a seat is empty), so there is nothing to penalise."),
                field="board",
            )
        seat = side_seat(game, side)
        earlier = earlier_violations(
            kind,
            game=(match.pk, board),
            history=_history(tournament, seat.player_id, kind),
            event_ladders=tournament.event_ladders,
        )
        rules, rule = tournament.penalties
        in_time = None if claimed_in_time is None else bool(claimed_in_time)
        proposal = propose_penalty(
            IncidentKind(kind),
            earlier=earlier,
            opponent_flag_fell=bool(opponent_flag_fell),
            claimed_in_time=in_time,
            rules=rules,
            rule=rule,
        )
        incident = Incident.objects.create(
            match=match,
            board=board,
            side=side,
            player_id=seat.player_id,
            kind=kind,
            occurred_at=occurred_at or timezone.now(),
            note=str(note or "")[:2000],
            opponent_flag_fell=bool(opponent_flag_fell),
            claimed_in_time=in_time,
            proposed_penalty=proposal.penalty.value if proposal.penalty else "",
            rule=proposal.rule,
            user=user if user is not None and user.is_authenticated else None,
        )
        audit_record(
            tournament=tournament,
            match=match,
            action=AuditEntry.Action.INCIDENT,
            target=_target(incident, seat.position),
            value_type=AuditEntry.ValueType.INCIDENT,
            new={
                "kind": kind,
                "earlier": earlier,
                "proposed": incident.proposed_penalty or None,
                "rule": proposal.rule,
            },
            user=user,
            source=source,
        )
        return incident


@write_service
def incident_decide(
    *, incident: Incident, penalty: str | None = None, reason: str = "", user=None, source: str = "command"
) -> Incident:
    """Confirm the proposed penalty (``penalty`` omitted or equal) or override it with a reason.

    A loss of the game sets the result the discipline says (``loss_of_game``) — the offender loses
    the board, or where a match has one result (tandem) the offender's team loses the match,
    decided by the arbiter on that board (Tandem §1.3, §7.4) — through the result services, so the
    result's audit entry names the arbiter's decision as its source.
    """
    with transaction.atomic():
        lock_match(Incident.objects.values_list("match_id", flat=True).get(pk=incident.pk))
        lock_beside(Incident, [incident.pk])
        incident = Incident.objects.select_related("match__round__tournament").get(pk=incident.pk)
        if incident.decided:
            raise RuleViolation(gettext_noop("this incident has already been decided."), field="penalty")
        chosen = penalty or incident.proposed_penalty
        if not chosen:
            raise RuleViolation(
                gettext_noop("the rules prescribe no penalty here; choose one."), field="penalty", rule=incident.rule
            )
        chosen = choice(chosen, Penalty, field="penalty")
        reason = str(reason or "").strip()
        if incident.proposed_penalty and chosen != incident.proposed_penalty and not reason:
            raise RuleViolation(
                gettext_noop("overriding the penalty the rules prescribe needs a reason."),
                field="reason",
                rule=incident.rule,
            )
        incident.decided_penalty = chosen
        incident.override_reason = reason
        incident.decided_by = user if user is not None and user.is_authenticated else None
        incident.decided_at = timezone.now()
        incident.save(update_fields=["decided_penalty", "override_reason", "decided_by", "decided_at"])
        match = incident.match
        audit_record(
            tournament=match.round.tournament,
            match=match,
            action=AuditEntry.Action.INCIDENT,
            target=_target(incident, _seat_position(incident)),
            value_type=AuditEntry.ValueType.DECISION,
            old={"proposed": incident.proposed_penalty or None},
            new={"decided": chosen, "reason": reason or None},
            user=user,
            source=source,
        )
        if chosen == Penalty.LOSS_OF_GAME:
            loss = "0-1" if incident.side == Incident.Side.FIRST else "1-0"
            entry = match.round.tournament.discipline_rules.loss_of_game(board=incident.board, result=loss)
            encounter_result_set(match=match, entry=entry, user=user, source=ARBITER_DECISION)
        return incident


def _history(tournament, player_id: int, kind: str) -> list[PastIncident]:
    """The player's earlier incidents of ``kind`` in the tournament, each with its game."""
    rows = Incident.objects.filter(match__round__tournament=tournament, player_id=player_id, kind=kind)
    return [PastIncident(kind, (match_id, board)) for match_id, board in rows.values_list("match_id", "board")]


def side_seat(game: BoardGame, side: str):
    """The seat of ``side`` (first- or second-named) in ``game``: at a board its one seat; at a
    table, where a team has several, the first of them in move order. Found by the seat's side,
    never by its position (a return leg seats the first-named team at Black and Red, Vierer §1)."""
    position = 1 if side == Incident.Side.FIRST else 2
    return next(seat for seat in game.seats.all() if seat.side.position == position)


def _seat_position(incident: Incident) -> int:
    """Where the player the incident concerns sits (seat 1 or 2 by side, should they have left)."""
    seats = Seat.objects.filter(game__match=incident.match, game__board=incident.board, player=incident.player_id)
    return seats.values_list("position", flat=True).first() or (1 if incident.side == Incident.Side.FIRST else 2)


def _target(incident: Incident, seat: int) -> AuditTarget:
    """The seat of the player the incident concerns."""
    label = f"{board_label(incident.match, incident.board)} {incident.side}: {incident.kind}"
    return seat_target(incident.match, incident.board, seat, label)
