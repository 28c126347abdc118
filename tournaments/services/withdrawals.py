"""A team withdraws during the event: it fields nobody from the given round on."""

from django.db import transaction

from tournaments.models import AuditEntry, BoardGame, Match, Seat, Team
from tournaments.selectors.withdrawals import matches_from_round, paired_matches, withdrawal_refusal

from .audit import audit_record, match_label, team_target
from .encounters import encounters_changed
from .locks import lock_matches, lock_tournament, write_service
from .public import public_changed
from .standings_check import standings_changed
from .tournaments import refuse_when_finished


@write_service
def team_withdraw(*, team: Team, from_round: int, user=None, source: str = "command") -> Team:
    """Mark ``team`` withdrawn from round ``from_round`` on; its boards there become forfeits.

    In every paired match from that round on the team's seats are emptied, so the opponents win
    ``+-`` on every board (the lineup rule for an empty board), or the whole match where a match
    has one result (tandem, Tandem §1.3; both legs of a double round). Rounds paired later get
    the same.
    Whether the standings keep these forfeits or cancel all the team's results is the
    tournament's withdrawal rule (``tournaments.domain.withdrawal``), applied when ranking.
    """
    with transaction.atomic():
        tournament = lock_tournament(team.tournament_id)
        refuse_when_finished(tournament)
        team = Team.objects.get(pk=team.pk)
        played = matches_from_round(team=team, from_round=from_round)
        lock_matches(played.values_list("pk", flat=True))
        matches = paired_matches(played)
        encounters = withdrawal_refusal(tournament=tournament, team=team, from_round=from_round, matches=matches)
        boards, emptied = [], []
        discipline = tournament.discipline_rules
        for match in matches:
            own = next(side for side in match.sides.all() if side.team_id == team.pk)
            presence = encounters[match.pk].presence()
            games = list(match.boards.all())
            for board in games:
                for seat in board.seats.all():
                    if seat.side_id == own.pk:  # every seat of the team: one at a board, two at a Viererschach table
                        seat.player = None
                        emptied.append(seat)
                boards.append(board)
            # the team's empty seats forfeit its boards, or the whole match (Tandem §1.3; Vierer §1)
            absent = [
                tuple(present and side != own.position for side, present in enumerate(game, 1)) for game in presence
            ]
            implied_after = discipline.implied_results(absent)
            for board, implied in zip(games, implied_after.boards):
                board.result = implied
            match.result, match.deciding_board, match.decided_by = implied_after.match, None, ""
        Seat.objects.bulk_update(emptied, ["player"])
        BoardGame.objects.bulk_update(boards, ["result"])
        Match.objects.bulk_update(matches, ["result", "deciding_board", "decided_by"])
        encounters_changed(matches=[match.pk for match in matches])
        team.withdrawn_from_round = from_round
        team.save(update_fields=["withdrawn_from_round"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.WITHDRAWAL,
            target=team_target(team),
            value_type=AuditEntry.ValueType.WITHDRAWAL,
            new={"from_round": from_round, "forfeited_matches": [match_label(m) for m in matches]},
            user=user,
            source=source,
        )
        standings_changed(tournament_id=tournament.pk)
        public_changed(tournament_id=tournament.pk)
        return team
