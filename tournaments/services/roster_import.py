"""Registering many teams at once from a roster file: all of them, or none."""

from django.db import transaction

from tournaments.domain.roster_csv import parse_roster_csv
from tournaments.models import Team, Tournament

from .locks import write_service
from .teams import _open_tournament, team_create


@write_service
def teams_import(*, tournament: Tournament, text: str, user=None, source: str = "command") -> list[Team]:
    """Check the file again inside the transaction and create every team, or raise the first problem.

    The preview shows every row's problems; here the first one is enough, since nothing is written.
    """
    with transaction.atomic():
        tournament = _open_tournament(tournament.pk)
        roster = parse_roster_csv(
            text,
            boards=tournament.boards,
            max_substitutes=tournament.max_substitutes,
            existing_teams=set(tournament.teams.values_list("name", flat=True)),
            words=tournament.discipline_rules.words,
        )
        for problem in roster.problems + [p for row in roster.rows for p in row.problems]:
            raise problem
        return [
            team_create(tournament=tournament, name=name, players=players, user=user, source=source)
            for name, players in roster.teams.items()
        ]
