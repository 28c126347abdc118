from collections.abc import Sequence

from django.db import transaction
from django.db.models import F

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import lineup_violations
from tournaments.models import AuditEntry, Match, Team

from .audit import audit_record, side_target
from .public import public_changed
from .results import StaleMatch, seats


def match_lineup_set(
    *,
    match: Match,
    team: Team,
    positions: Sequence[int | None],
    expected_version: int | None = None,
    user=None,
    source: str = "command",
) -> Match:
    """Set who plays which board for one team: roster positions per board, ``None`` = empty.

    The lineup must follow the tournament's lineup rule (Blitz preamble); an empty board is
    scored as a forfeit loss on that board at once. ``expected_version`` refuses a stale write
    like ``board_result_set`` does.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",)).select_related("round__tournament").with_sides().get(pk=match.pk)
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        tournament = match.round.tournament
        if team.pk not in (match.first_team_id, match.second_team_id) or match.second_team_id is None:
            raise RuleViolation(gettext_noop("this team does not play in this match."), field="team")
        roster = {player.position: player for player in team.players.all()}
        problems = lineup_violations(list(positions), roster_size=len(roster), rules=tournament.lineup_rules)
        if problems:
            raise problems[0]
        side = 1 if team.pk == match.first_team_id else 2
        boards = list(match.boards.prefetch_related("seats__player").order_by("board"))
        old = [_position(b.seat(side).player) for b in boards]
        discipline = tournament.discipline_rules
        implied_before = discipline.implied_results(seats(boards))
        changed = set()
        for board, position, implied in zip(boards, positions, implied_before.boards):
            player = roster[position] if position is not None else None
            seat = board.seat(side)
            if (player.pk if player else None) == seat.player_id:
                continue
            if board.result and board.result != implied:
                raise RuleViolation(
                    gettext_noop("this board already has a result; clear it before changing the player."),
                    field=f"board {board.board}",
                )
            if match.result and match.result != implied_before.match:
                raise RuleViolation(
                    gettext_noop("this match already has a result; clear it before changing the player."),
                    field=f"board {board.board}",
                )
            seat.player = player
            seat.save(update_fields=["player"])
            changed.add(board.board)
        # an empty seat forfeits its board, or the whole match (Tandem §1.3); a filled one clears that again
        implied_after = discipline.implied_results(seats(boards))
        for board, implied in zip(boards, implied_after.boards):
            if board.board in changed:
                board.result = implied
                board.save(update_fields=["result"])
        Match.objects.filter(pk=match.pk).update(
            version=F("version") + 1,
            **({"result": implied_after.match} if match.result == implied_before.match else {}),
        )
        audit_record(
            tournament=tournament,
            match=match,
            action=AuditEntry.Action.LINEUP,
            target=side_target(match, team),
            value_type=AuditEntry.ValueType.LINEUP,
            old=old,
            new=list(positions),
            user=user,
            source=source,
        )
        public_changed(tournament_id=match.round.tournament_id)
        return match


def _position(player):
    return player.position if player is not None else None
