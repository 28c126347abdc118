"""The reads behind the public pages cost the same number of SQL queries for 5 teams as for 13.

Events come from the benchmark generator (bench/generate.py), so this also checks that it builds
valid events: odd team counts give byes, short rosters and no-shows give forfeits.
"""

import pytest

from bench.generate import generate
from tournaments.models import BoardGame, Match
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_for_tournament

pytestmark = pytest.mark.django_db

STANDINGS, CROSSTABLE, ARCHIVE = 3, 3, 8  # archive: teams, players, rounds, matches, boards and their two players, incidents


@pytest.fixture(params=[(5, 3), (13, 11)], ids=["5 teams x 3 rounds", "13 teams x 11 rounds"])
def event(request):
    teams, rounds = request.param
    return generate(teams=teams, rounds=rounds, seed=3)


@pytest.mark.parametrize("published_only", [False, True])
def test_standings_and_crosstable_queries_do_not_grow_with_the_event(event, published_only, django_assert_num_queries):
    with django_assert_num_queries(STANDINGS):
        standings = standings_for_tournament(tournament=event, published_only=published_only)
    with django_assert_num_queries(CROSSTABLE):
        crosstable = crosstable_for_tournament(tournament=event, published_only=published_only)
    assert len(standings.rows) == len(crosstable.rows) == event.teams.count()


def test_archive_export_queries_do_not_grow_with_the_event(event, django_assert_num_queries):
    with django_assert_num_queries(ARCHIVE):
        archive = archive_for_tournament(tournament=event)
    assert len(archive["rounds"]) == event.rounds.count()


def test_the_generated_event_is_complete_with_byes_and_forfeits():
    event = generate(teams=13, rounds=11, seed=3)
    assert event.rounds.count() == 11
    assert Match.objects.filter(round__tournament=event, second_team__isnull=True).count() == 11  # a bye per round
    boards = BoardGame.objects.filter(match__round__tournament=event)
    assert boards.count() == 11 * 6 * 4
    assert not boards.filter(result="").exists()
    assert boards.filter(result__in=["+-", "-+", "--"]).exists()
    standings = standings_for_tournament(tournament=event, published_only=True)
    assert standings.after_round == 11
    # 66 matches of 2 match points each (a double no-show would give none; this seed has none)
    assert sum(entry.row.mp for entry in standings.rows) == 66 * 2
