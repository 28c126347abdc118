"""What a withdrawal would do, for the desk's confirm step: which rule applies, and why.

The confirm step and ``team_withdraw`` judge a withdrawal by one check (``withdrawal_refusal``),
so the preview never promises what the confirmation then refuses (issue 28 item 10).
"""

from dataclasses import dataclass

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.withdrawal import Withdrawal, WithdrawalNote, WithdrawalRule, withdrawal_applied
from tournaments.models import Match, Round, Team, Tournament
from tournaments.services.results import encounter_states

from .schedule import planned_rounds, tournament_pairing_system


@dataclass(frozen=True, slots=True)
class WithdrawalPreview:
    note: WithdrawalNote  # what the standings will do
    forfeited: list[Match]  # the paired encounters from that round on that become forfeits


def matches_from_round(*, team: Team, from_round: int):
    """The team's regular encounters from round ``from_round`` on, paired or not."""
    return Match.objects.filter(
        round__tournament_id=team.tournament_id, round__kind=Round.Kind.REGULAR, round__number__gte=from_round
    ).of_team(team)


def paired_matches(matches) -> list[Match]:
    """``matches`` as the withdrawal reads and writes them: paired, with sides and seats."""
    matches = matches.paired().order_by("round__number", "table", "leg")
    return list(matches.select_related("round").with_sides().prefetch_related("boards__seats"))


def withdrawal_refusal(*, tournament: Tournament, team: Team, from_round, matches: list[Match]):
    """Raise the ``RuleViolation`` that refuses withdrawing ``team`` from ``from_round`` on, if any.

    Refused: a team that already withdrew, a round outside the schedule, and a round whose encounter
    of the team has a result other than the one its empty seats imply, or a table's finishing order
    (emptying a placed seat would leave a place no absent player can hold): the director clears it first.
    Returns the writer's view of ``matches`` (``encounter_states``), which the withdrawal then changes.
    """
    words = tournament.discipline_rules.words
    if team.withdrawn_from_round is not None:
        raise RuleViolation(words.withdrew_already, field="team", round=team.withdrawn_from_round)
    rounds = planned_rounds(tournament=tournament, teams=tournament.teams.count())
    if not isinstance(from_round, int) or isinstance(from_round, bool) or not 1 <= from_round <= rounds:
        raise RuleViolation(
            gettext_noop("give the number of a round from 1 to %(rounds)d."), field="from_round", rounds=rounds
        )
    encounters = encounter_states(matches)
    discipline = tournament.discipline_rules
    for match in matches:
        implied = discipline.implied_results(encounters[match.pk].presence())
        placed = any(side.place is not None for side in match.sides.all())  # a table's finishing order
        if placed or (match.result and match.result != implied.match):
            raise RuleViolation(
                words.withdraw_after_result, field="from_round", round=match.round.number, table=match.table
            )
        # a table implies nothing before it plays (an absent player is typed "-"): no board results to compare
        games = match.boards.all()
        for board, result in zip(games, implied.boards or ("",) * len(games)):
            if board.result and board.result != result:
                raise RuleViolation(
                    gettext_noop(
                        "round %(round)d already has a result on board %(board)d; withdraw the team from a later "
                        "round, or clear the result first."
                    ),
                    field="from_round",
                    round=match.round.number,
                    board=board.board,
                )
    return encounters


def withdrawal_preview(*, team: Team, from_round: int) -> WithdrawalPreview:
    """What ``team_withdraw`` will do if confirmed, or the ``RuleViolation`` it will raise.

    Counts the team's scheduled matches (byes not counted) as the standings do.
    """
    tournament = team.tournament
    forfeited = paired_matches(matches_from_round(team=team, from_round=from_round))
    withdrawal_refusal(tournament=tournament, team=team, from_round=from_round, matches=forfeited)
    teams = tournament.teams.count()
    count = planned_rounds(tournament=tournament, teams=teams)
    rounds = tournament_pairing_system(tournament).rounds_with_opponent(teams, team.seed, count)
    played = sum(1 for number in rounds if number < from_round)
    withdrawal = Withdrawal(team.pk, from_round, scheduled=len(rounds), played=played)
    return WithdrawalPreview(withdrawal_applied(withdrawal, WithdrawalRule(tournament.withdrawal_rule)), forfeited)


def teams_staying(*, tournament: Tournament):
    """The teams that have not withdrawn, by seed: the ones a withdrawal form offers."""
    return tournament.teams.filter(withdrawn_from_round__isnull=True).order_by("seed")
