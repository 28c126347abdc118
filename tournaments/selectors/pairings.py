"""A round's encounters as pages, forms and lists show them (the read model of ``encounters.py``)."""

from dataclasses import dataclass

from tournaments.models import Match, Round, Tournament

from .encounters import EncounterView, encounter_views_of


@dataclass(frozen=True)
class RoundPairings:
    round: Round
    matches: list[EncounterView]


def pairings_for_round(*, round_: Round, published_only: bool = False) -> RoundPairings:
    """A round's encounters with games, seats, players and colours: two queries (four with byes).

    A fixed schedule's pairings are public as soon as they exist, a Swiss round's once the TD
    published them (issue 16); with ``published_only`` the public sees no encounters before that,
    and no results of a round the TD has not published yet.
    """
    if published_only and round_.pairings_published_at is None:
        return RoundPairings(round=round_, matches=[])
    views = encounter_views_of(
        tournament=round_.tournament, matches=Match.objects.filter(round=round_), private=not published_only
    )
    return RoundPairings(round=round_, matches=views)


def pairings_for_tournament(*, tournament: Tournament, published_only: bool = False) -> list[RoundPairings]:
    """Every round's encounters: three queries whatever the size of the event (five with byes)."""
    rounds = {r.number: RoundPairings(round=r, matches=[]) for r in tournament.rounds.order_by("number")}
    for view in encounter_views_of(tournament=tournament, matches=Match.objects.all(), private=not published_only):
        rounds[view.round].matches.append(view)
    return list(rounds.values())


@dataclass(frozen=True)
class MissingResult:
    """A result the round still lacks: one board, a match's one result (Tandem §1.3) or a
    table's finishing order (``board`` None), named as the TD finds it in the hall."""

    table: int
    leg: int
    entrants: tuple[str, ...]
    board: int | None = None


def round_missing_results(*, round_: Round) -> list[MissingResult]:
    """What publishing should warn about."""
    return [
        MissingResult(view.table, view.leg, tuple(side.name for side in view.sides), board=board)
        for view in pairings_for_round(round_=round_).matches
        for board in view.missing
    ]
