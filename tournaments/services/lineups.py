from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.lineup import lineup_check
from tournaments.models import AuditEntry, CaptainReport, Match, Team
from tournaments.selectors.lineups import stored_side_seats

from .audit import audit_record, side_target
from .encounters import encounters_changed
from .locks import lock_match, write_service
from .public import public_changed
from .results import StaleMatch
from .tournaments import refuse_when_finished


@dataclass(frozen=True, slots=True)
class LineupSaved:
    match: Match
    warnings: list[RuleViolation]  # the eligibility rules set to warn that the lineup breaks


class UnconfirmedWarnings(RuleViolations):
    """The lineup breaks eligibility rules set to warn and its sender has not yet seen them:
    nothing saved; sent again with the warnings confirmed, it is."""


@write_service
def match_lineup_set(
    *,
    match: Match,
    team: Team,
    positions: Sequence[int | None],
    expected_version: int | None = None,
    user=None,
    source: str = "command",
    until_deadline: bool = False,
    warnings_confirmed: bool = True,
) -> LineupSaved:
    """Set who plays which board for one team: roster positions per board, ``None`` = empty.

    The lineup must follow the tournament's lineup rule (Blitz preamble; Vierer §1 for a team of
    two at a table: player 1 and player 2 on the side's two seats); an empty board is scored as a
    forfeit loss on that board at once, or of the whole match where a match has one result
    (Tandem §1.3). A table with its finishing order entered keeps its players. The league's
    eligibility rules (``domain/eligibility.py``) refuse the lineup or are returned as warnings
    with the saved lineup, as the rule set says.
    ``expected_version`` refuses a stale write as the result writer does.

    A captain's hand-in (``until_deadline``) is refused once the round's lineup deadline has
    passed or its results are published, or once the encounter's result is reported from a phone
    (the report names the boards' players): from then on only the desk sets a lineup (listed late).
    Without ``warnings_confirmed`` a lineup that draws warnings is not saved but refused with them
    (``UnconfirmedWarnings``), so that its sender sees them before it counts.
    """
    with transaction.atomic():
        match = lock_match(match.pk, queryset=Match.objects.with_sides())
        refuse_when_finished(match.round.tournament)
        if expected_version is not None and expected_version != match.version:
            raise StaleMatch(match)
        tournament = match.round.tournament
        if until_deadline:
            _refuse_after_deadline(match.round)
            if CaptainReport.objects.filter(match=match).exists():  # the report names the boards' players
                raise RuleViolation(tournament.discipline_rules.words.phone.lineup_refused_reported, field="lineup")
        sides = {side.position: side for side in match.sides.all()}
        own_side = next((side for side in sides.values() if side.team_id == team.pk), None)
        if own_side is None or len(sides) < 2:
            raise RuleViolation(gettext_noop("this team does not play in this match."), field="team")
        roster = {player.position: player for player in team.players.all()}
        warnings = lineup_check(
            [roster.get(position) for position in positions],
            list(positions),
            roster_size=len(roster),
            rules=tournament.lineup_rules,
        )
        if warnings and not warnings_confirmed:
            raise UnconfirmedWarnings(warnings)
        discipline = tournament.discipline_rules
        games = list(match.boards.prefetch_related("seats__player").order_by("board"))
        ranked = {position: stored_side_seats(games, side.pk, discipline) for position, side in sides.items()}
        own = ranked[own_side.position]
        old = [_position(seat.player) for _, seat in own]
        implied_before = discipline.implied_results(_presence(ranked))
        changed = set()
        for (game, seat), position, implied in zip(own, positions, _per_seat(implied_before.boards, own)):
            player = roster[position] if position is not None else None
            if (player.pk if player else None) == seat.player_id:
                continue
            if game.result and game.result != implied:
                raise RuleViolation(
                    gettext_noop("this board already has a result; clear it before changing the player."),
                    field=f"board {game.board}",
                )
            if match.result and match.result != implied_before.match:
                raise RuleViolation(
                    gettext_noop("this match already has a result; clear it before changing the player."),
                    field=f"board {game.board}",
                )
            if any(side.place is not None for side in sides.values()):
                raise RuleViolation(
                    gettext_noop("this table already has its finishing order; clear it before changing the player."),
                    field="positions",
                    rule=discipline.seat_rule,
                )
            seat.player = player
            seat.save(update_fields=["player"])
            changed.add(game.pk)
        # an empty seat forfeits its board, or the whole match (Tandem §1.3); a filled one clears that again
        implied_after = discipline.implied_results(_presence(ranked))
        for (game, _seat), implied in zip(own, _per_seat(implied_after.boards, own)):
            if game.pk in changed and game.result != implied:
                game.result = implied
                game.save(update_fields=["result"])
        if match.result == implied_before.match != implied_after.match:
            Match.objects.filter(pk=match.pk).update(result=implied_after.match)
        encounters_changed(matches=[match.pk], games=changed)
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
        if match.round.pairings_published_at is not None:  # a lineup of private pairings is not public yet
            public_changed(tournament_id=match.round.tournament_id)
        return LineupSaved(match, warnings)


def _refuse_after_deadline(round_) -> None:
    if round_.published_at is not None:
        raise RuleViolation(
            gettext_noop("the results of this round are published; its lineups can no longer be handed in."),
            field="lineup",
        )
    if round_.lineup_deadline is not None and timezone.now() > round_.lineup_deadline:
        raise RuleViolation(
            gettext_noop("the lineup deadline of this round has passed; hand the lineup in at the desk."),
            field="lineup",
        )


def _presence(ranked: dict) -> list[tuple[bool, bool]]:
    """Per lineup rank: whether each side fields a player there (what empty seats imply)."""
    return [
        (first.player_id is not None, second.player_id is not None)
        for (_, first), (_, second) in zip(ranked[1], ranked[2])
    ]


def _per_seat(implied: tuple[str, ...], own: list) -> list[str]:
    """The implied result per seat of the lineup ("" where a table implies none: its absent
    players are typed with its finishing order)."""
    return [*implied, *[""] * (len(own) - len(implied))]


def _position(player):
    return player.position if player is not None else None
