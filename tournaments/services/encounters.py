"""Writing encounters: a match with its sides, its games and their seats, in four statements for a
whole round (or a whole archive), whatever the number of sides and seats.

Callers (pairing, play-off, archive and TRF import) run inside their own transaction and audit
what they created; this module only persists what they decided.
"""

from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import F, OuterRef, Subquery

from tournaments.domain.colours import board_colours
from tournaments.models import BoardGame, Match, MatchSide, Seat


@dataclass(frozen=True, slots=True)
class GamePlan:
    """One game: a player (or None: an empty seat) per seat, the colour of each seat, and which
    side each seat belongs to (side positions, 1-based; two-seat chess: seat 1 is side 1's)."""

    board: int
    players: tuple
    colours: tuple[str, ...]
    result: str = ""
    sides: tuple[int, ...] = (1, 2)


@dataclass(frozen=True, slots=True)
class EncounterPlan:
    """An unsaved match (round, table, leg and any match result set) and its sides' teams in order."""

    match: Match
    teams: tuple
    games: tuple[GamePlan, ...] = ()
    places: tuple = ()  # per side, a table's finishing place (0: absent; issue 15); empty elsewhere


def two_seat_games(*, pattern: str, seated: list[tuple], results: list[str]) -> tuple[GamePlan, ...]:
    """The boards of a two-team match: the first side's colours follow ``pattern`` (Blitz §18,
    Tandem §8.2; ``return_leg_pattern`` for an archive's return leg)."""
    return tuple(
        GamePlan(board=number, players=tuple(players), colours=board_colours(pattern, number), result=result)
        for number, (players, result) in enumerate(zip(seated, results), start=1)
    )


def encounters_create(*, plans: list[EncounterPlan]) -> list[Match]:
    """Persist the planned encounters: one bulk insert each for matches, sides, games and seats."""
    matches = Match.objects.bulk_create([plan.match for plan in plans])
    sides = MatchSide.objects.bulk_create(
        [
            MatchSide(
                match=plan.match, position=position, team=team, place=plan.places[position - 1] if plan.places else None
            )
            for plan in plans
            for position, team in enumerate(plan.teams, start=1)
        ]
    )
    side_of = {(side.match_id, side.position): side for side in sides}
    games = [
        (plan, game, BoardGame(match=plan.match, board=game.board, result=game.result))
        for plan in plans
        for game in plan.games
    ]
    BoardGame.objects.bulk_create([row for _, _, row in games])
    Seat.objects.bulk_create(
        [
            Seat(game=row, position=position, side=side_of[(plan.match.pk, side)], player=player, colour=colour)
            for plan, game, row in games
            for position, (player, colour, side) in enumerate(zip(game.players, game.colours, game.sides), start=1)
        ]
    )
    return matches


def encounters_changed(*, matches: Collection[int], games: Collection[int] | None = None) -> None:
    """Raise the version of ``matches`` by one and mark ``games`` (ids; None: every game of them)
    as changed in it, so a write based on an older version of those games is refused (issue 28
    item 5). The result writer does the same in its own statements (``services/results.py``)."""
    Match.objects.filter(pk__in=matches).update(version=F("version") + 1)
    changed = (
        BoardGame.objects.filter(match_id__in=matches) if games is None else BoardGame.objects.filter(pk__in=games)
    )
    changed.update(changed_in=Subquery(Match.objects.filter(pk=OuterRef("match_id")).values("version")[:1]))
