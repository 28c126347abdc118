"""A team withdraws during the event: it fields nobody from the given round on."""

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, BoardGame, Match, Round, Seat, Team
from tournaments.selectors.schedule import planned_rounds

from .audit import audit_record, match_label, team_target
from .encounters import encounters_changed
from .locks import lock_matches, lock_tournament, write_service
from .public import public_changed
from .results import encounter_states
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
        if team.withdrawn_from_round is not None:
            raise RuleViolation(
                tournament.discipline_rules.words.withdrew_already, field="team", round=team.withdrawn_from_round
            )
        rounds = planned_rounds(tournament=tournament, teams=tournament.teams.count())
        if not isinstance(from_round, int) or isinstance(from_round, bool) or not 1 <= from_round <= rounds:
            raise RuleViolation(
                gettext_noop("give the number of a round from 1 to %(rounds)d."), field="from_round", rounds=rounds
            )
        played = Match.objects.filter(
            round__tournament=tournament, round__kind=Round.Kind.REGULAR, round__number__gte=from_round
        ).of_team(team)
        lock_matches(played.values_list("pk", flat=True))
        matches = list(played.paired().select_related("round").with_sides().prefetch_related("boards__seats"))
        encounters = encounter_states(matches)
        boards, emptied = [], []
        discipline = tournament.discipline_rules
        for match in matches:
            own = next(side for side in match.sides.all() if side.team_id == team.pk)
            presence = encounters[match.pk].presence()
            implied_before = discipline.implied_results(presence)
            if match.result and match.result != implied_before.match:
                raise RuleViolation(
                    tournament.discipline_rules.words.withdraw_after_result,
                    field="from_round",
                    round=match.round.number,
                    table=match.table,
                )
            games = list(match.boards.all())
            # a table implies nothing before it plays (an absent player is typed "-"): no board results to compare
            for board, implied in zip(games, implied_before.boards or ("",) * len(games)):
                if board.result and board.result != implied:
                    raise RuleViolation(
                        gettext_noop(
                            "round %(round)d already has a result on board %(board)d; withdraw the team from a later "
                            "round, or clear the result first."
                        ),
                        field="from_round",
                        round=match.round.number,
                        board=board.board,
                    )
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
