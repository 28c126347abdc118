"""The tables an entrant sat at, round by round: its public page at a four-player event (issue 15)."""

from dataclasses import dataclass

from tournaments.models import Match, Team

from .encounters import EncounterView, encounter_views_of


@dataclass(frozen=True)
class TeamTable:
    """One table an entrant sat at: the round, the encounter, and which seats are its own."""

    round: int
    line: EncounterView
    own: tuple[int, ...]  # the entrant's seat positions (a team's two players: two)


def tables_for_team(*, team: Team, published_only: bool = False) -> list[TeamTable]:
    """Every table ``team`` sat at, round by round; with ``published_only`` the rounds the TD has
    published. Two queries (four with byes)."""
    matches = Match.objects.filter(sides__team=team)
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
    views = encounter_views_of(tournament=team.tournament, matches=matches, private=not published_only)
    tables = []
    for view in views:
        own = {side.position for side in view.sides if side.team_id == team.pk}
        tables.append(
            TeamTable(view.round, view, tuple(seat.position for seat in view.seats if seat.side in own) or (1,))
        )
    return tables
