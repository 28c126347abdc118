"""teams_import writes every team of a file or none of them."""

import pytest

from tests.builders import make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Team
from tournaments.services.roster_import import teams_import
from tournaments.services.tournaments import tournament_start

pytestmark = pytest.mark.django_db


def test_all_teams_are_created_with_seeds_in_file_order_and_audited():
    tournament = make_tournament(teams=0)
    teams = teams_import(
        tournament=tournament,
        text="team;board;name;rating\nSV Höchstadt;1;Zoë Fuß;1700\nSK Kronach;1;Jürgen Müller;2010\n",
        source="desk",
    )
    assert [(t.name, t.seed) for t in teams] == [("SV Höchstadt", 1), ("SK Kronach", 2)]
    assert AuditEntry.objects.filter(action="roster", source="desk").count() == 2


def test_one_bad_row_writes_nothing():
    tournament = make_tournament(teams=0)
    with pytest.raises(RuleViolation) as error:
        teams_import(tournament=tournament, text="team;board;name;rating\nA;1;a;1\nB;1;;1\n")
    assert error.value.text() == "line 3: the player's name is missing."
    assert not Team.objects.exists()


def test_rosters_are_locked_once_the_tournament_started():
    tournament = make_tournament(teams=2)
    tournament_start(tournament=tournament)
    with pytest.raises(RuleViolation) as error:
        teams_import(tournament=tournament, text="team;board;name;rating\nC;1;c;1\n")
    assert error.value.field == "roster"
    assert tournament.teams.count() == 2
