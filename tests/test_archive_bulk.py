"""The archive import writes in bulk: the same SQL statements for 6 teams as for 14 (issue 17).

A 200-team import used to cost 2,922 statements (one INSERT per match, a tournament re-read per
team); now teams, players, matches, their sides, boards, their seats and audit entries go in one
statement each.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.generate import generate
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, BoardGame, Match, Player, Team
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.teams import teams_create
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db

ROUNDS = 3
# the tournament (slug check, insert, audit), the teams (lock, names taken, teams, players, audit
# entries, public version), the rosters read back, one INSERT per round, then matches, sides, boards,
# seats (no incidents: nothing read for them), status, re-read, the import's audit entry; savepoints included
IMPORT_STATEMENTS = 26 + ROUNDS  # incl. the slug's savepoint (a simultaneous create) and the planned rounds


def _archive(teams: int) -> dict:
    archive = archive_for_tournament(tournament=generate(teams=teams, rounds=ROUNDS, seed=5))
    archive["tournament"]["name"] = archive["tournament"]["name"] + " (copy)"
    return archive


@pytest.mark.parametrize("teams", [6, 14])
def test_the_import_takes_the_same_statements_whatever_the_size(teams):
    archive = _archive(teams)
    with CaptureQueriesContext(connection) as queries:
        imported = tournament_import(archive=archive)
    assert len(queries.captured_queries) == IMPORT_STATEMENTS, "\n".join(
        q["sql"][:120] for q in queries.captured_queries
    )
    assert imported.teams.count() == teams
    assert Match.objects.filter(round__tournament=imported).count() == ROUNDS * teams // 2
    assert BoardGame.objects.filter(match__round__tournament=imported).count() == ROUNDS * teams // 2 * 4
    exported = archive_for_tournament(tournament=imported)
    for key in ("teams", "rounds"):
        assert exported[key] == archive[key]


def test_many_teams_at_once_follow_the_rules_of_one_and_name_the_team_at_fault():
    tournament = tournament_create(name="Sammelmeldung")
    teams = teams_create(
        tournament=tournament,
        teams=[{"name": "SK Kronach", "players": [{"name": "Jürgen Müller"}]}, {"name": "TSV Küps", "seed": 5}],
    )
    assert [(t.name, t.seed) for t in teams] == [("SK Kronach", 1), ("TSV Küps", 5)]
    assert list(Player.objects.filter(team=teams[0]).values_list("name", "position")) == [("Jürgen Müller", 1)]
    assert AuditEntry.objects.filter(tournament=tournament, action="roster").count() == 2
    with pytest.raises(RuleViolation) as error:
        teams_create(tournament=tournament, teams=[{"name": "SV Selb"}, {"name": "SK Kronach"}])
    assert error.value.field == "team “SK Kronach”, name"
    with pytest.raises(RuleViolation) as error:
        teams_create(tournament=tournament, teams=[{"name": "SV Selb", "seed": 5}])
    assert error.value.field == "team “SV Selb”, seed"
    assert Team.objects.filter(tournament=tournament).count() == 2  # nothing of a refused batch
