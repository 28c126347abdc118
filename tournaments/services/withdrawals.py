"""A team withdraws during the event: it fields nobody from the given round on."""

from django.db import transaction
from django.db.models import F, Q

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import forfeit_for_empty_seats
from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_schedule
from tournaments.models import AuditEntry, BoardGame, Match, Round, Team, Tournament

from .audit import audit_record


def team_withdraw(*, team: Team, from_round: int, user=None, source: str = "command") -> Team:
    """Mark ``team`` withdrawn from round ``from_round`` on; its boards there become forfeits.

    In every paired match from that round on the team's seats are emptied, so the opponents win
    ``+-`` on every board (the lineup rule for an empty board). Rounds paired later get the same.
    Whether the standings keep these forfeits or cancel all the team's results is the
    tournament's withdrawal rule (``tournaments.domain.withdrawal``), applied when ranking.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=team.tournament_id)
        team = Team.objects.get(pk=team.pk)
        if team.withdrawn_from_round is not None:
            raise RuleViolation(
                gettext_noop("this team already withdrew before round %(round)d."), field="team", round=team.withdrawn_from_round
            )
        rounds = len(round_robin_schedule(tournament.teams.count(), PairingSystem(tournament.pairing_system)))
        if not isinstance(from_round, int) or isinstance(from_round, bool) or not 1 <= from_round <= rounds:
            raise RuleViolation(
                gettext_noop("give the number of a round from 1 to %(rounds)d."), field="from_round", rounds=rounds
            )
        matches = list(
            Match.objects.filter(round__tournament=tournament, round__kind=Round.Kind.REGULAR, round__number__gte=from_round)
            .filter(Q(first_team=team) | Q(second_team=team))
            .exclude(second_team__isnull=True)
            .select_related("round")
            .prefetch_related("boards")
        )
        boards = []
        for match in matches:
            is_first = match.first_team_id == team.pk
            for board in match.boards.all():
                if board.result and board.result != _implied(board):
                    raise RuleViolation(
                        gettext_noop("round %(round)d already has a result on board %(board)d; withdraw the team from a later round, or clear the result first."),
                        field="from_round",
                        round=match.round.number,
                        board=board.board,
                    )
                if is_first:
                    board.first_player = None
                else:
                    board.second_player = None
                board.result = _implied(board)
                boards.append(board)
        BoardGame.objects.bulk_update(boards, ["first_player", "second_player", "result"])
        Match.objects.filter(pk__in=[m.pk for m in matches]).update(version=F("version") + 1)
        team.withdrawn_from_round = from_round
        team.save(update_fields=["withdrawn_from_round"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.WITHDRAWAL,
            target=team.name,
            new={"from_round": from_round, "forfeited_matches": [f"R{m.round.number} T{m.table}" for m in matches]},
            user=user,
            source=source,
        )
        return team


def _implied(board) -> str:
    forfeit = forfeit_for_empty_seats(board.first_player_id is not None, board.second_player_id is not None)
    return forfeit.value if forfeit else ""
