"""The director exchanges two teams between matches before a Swiss round is published (issue 16).

The pairing then departs from C.04.6: the exchange is refused once the pairings are public or a
result is in, recorded in the audit trail and on the round (the public pairings say so), and the
pairing checker is asked again, so the desk shows that gacrux pairs the round otherwise. The
public sees nothing of it until the pairings are published (that moves the public version).
"""

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, BoardGame, Match, MatchSide, Round, Seat, Team
from tournaments.selectors.lineups import stored_side_seats

from .audit import audit_record, round_target
from .encounters import encounters_changed
from .locks import lock_matches, lock_round, write_service
from .pairing import _default_players
from .pairing_check import round_pairing_check_later
from .results import encounter_states

WARNING = gettext_noop(
    "The pairing now departs from FIDE C.04.6: the exchange is recorded and shown with the public pairings."
)


@write_service
def round_teams_exchange(*, round_: Round, first: Team, second: Team, user=None, source: str = "command") -> Round:
    """Put ``first`` where ``second`` was paired and ``second`` where ``first`` was, with their
    default line-ups; the desk shows ``WARNING`` before it asks for this."""
    with transaction.atomic():
        round_ = lock_round(round_.pk)
        tournament = round_.tournament
        if round_.pairings_published_at is not None:
            raise RuleViolation(
                gettext_noop(
                    "the pairings of this round are public: teams can be exchanged only before they are published."
                ),
                field="round",
            )
        sides = list(
            MatchSide.objects.filter(match__round=round_, team__in=[first, second]).select_related("match", "team")
        )
        by_team = {}
        for side in sides:
            by_team.setdefault(side.team_id, []).append(side)
        if set(by_team) != {first.pk, second.pk}:
            raise RuleViolation(gettext_noop("both teams must be paired in this round."), field="teams")
        matches = set(lock_matches(side.match_id for side in sides))
        if {s.match.table for s in by_team[first.pk]} == {s.match.table for s in by_team[second.pk]}:
            raise RuleViolation(
                gettext_noop("the two teams meet each other: exchange teams of two different matches."), field="teams"
            )
        # a result on a game (or match) with every seat taken was entered; empty seats imply theirs
        entered = (
            BoardGame.objects.filter(match_id__in=matches)
            .exclude(result="")
            .exclude(seats__player__isnull=True)
            .exists()
        )
        entered = (
            entered
            or Match.objects.filter(pk__in=matches)
            .exclude(result="")
            .exclude(boards__seats__player__isnull=True)
            .exists()
        )
        if entered:
            raise RuleViolation(
                gettext_noop("a result is already entered: exchange teams only before play."), field="round"
            )
        old = _pairs(round_)
        for side in by_team[first.pk]:
            side.team = second
        for side in by_team[second.pk]:
            side.team = first
        MatchSide.objects.bulk_update(sides, ["team"])
        _reseat(tournament, round_, matches)
        encounters_changed(matches=matches)
        tables = sorted({side.match.table for side in sides})
        round_.pairing_departures = [*round_.pairing_departures, {"tables": tables, "teams": [first.name, second.name]}]
        round_.pairing_check = None
        round_.save(update_fields=["pairing_departures", "pairing_check"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.PAIRING,
            target=round_target(round_, str(round_)),
            value_type=AuditEntry.ValueType.PAIRING,
            old=old,
            new=_pairs(round_),
            user=user,
            source=source,
        )
        round_pairing_check_later(round_=round_)
        return round_


def _pairs(round_: Round) -> list[list[int | None]]:
    return [
        [match.first_team.seed, match.second_team.seed if match.second_team else None]
        for match in round_.matches.filter(leg=1).with_sides().order_by("table")
    ]


def _reseat(tournament, round_: Round, matches: set[int]) -> None:
    """Every seat of the exchanged sides gets the new team's default line-up, seat by seat in
    lineup order (board by board; at a table, a side's seats by rank, Vierer §1); what empty
    seats imply (a forfeit on that board, Blitz preamble) is set again."""
    discipline = tournament.discipline_rules
    for match in Match.objects.filter(pk__in=matches).with_sides().with_games():
        seats, games = [], list(match.boards.all())  # none for a bye
        for side in match.sides.all():
            lineup = _default_players(side.team, tournament.boards, round_.number)
            for (_game, seat), player in zip(stored_side_seats(games, side.pk, discipline), lineup, strict=False):
                seat.player = player
                seats.append(seat)
        Seat.objects.bulk_update(seats, ["player"])
        if len(match.sides.all()) < 2:
            continue
        implied = discipline.implied_results(encounter_states([match])[match.pk].presence())
        for game, result in zip(games, implied.boards):
            game.result = result
        BoardGame.objects.bulk_update(games, ["result"])
        Match.objects.filter(pk=match.pk).update(result=implied.match)
