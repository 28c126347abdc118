"""The reads and public pages cost the same number of SQL queries for 5 teams as for 13.

Events come from the benchmark generator (bench/generate.py), so this also checks that it builds
valid events: odd team counts give byes, short rosters and no-shows give forfeits.
"""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from bench.generate import generate
from tournaments.models import BoardGame, Match
from tournaments.selectors import crosstable as crosstable_selector
from tournaments.selectors.archive import archive_for_tournament, public_archive_for_tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.selectors.trf import trf_event
from tournaments.services.lineups import match_lineup_set
from tournaments.templatetags.arbiter import points

pytestmark = pytest.mark.django_db

STANDINGS, CROSSTABLE, ARCHIVE = (
    4,
    4,
    9,
)  # archive: teams, players, requested byes, rounds, matches, sides, boards, seats with players, incidents
# the public standings and crosstable pages: the public version, the tournament, its rounds, then the selector's four
PAGE = 7
PAGE_VERSION_CACHED = PAGE - 1  # rendered while the public version is in the cache (selectors/public_version.py)
PAGE_QUERIES = {"standings": PAGE + 1, "crosstable": PAGE}  # the standings also read gacrux's verdict (StandingsCheck)


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


@pytest.mark.parametrize("page", ["standings", "crosstable"])
def test_public_pages_take_the_same_queries_whatever_the_size(client, event, page, django_assert_num_queries):
    with django_assert_num_queries(PAGE_QUERIES[page]):
        response = client.get(reverse(f"tournaments:{page}", args=[event.slug]))
    assert response.status_code == 200
    assert response.text.count("<tr>" if page == "crosstable" else "<tr") == event.teams.count() + 1


def test_a_larger_crosstable_has_a_column_per_round_naming_the_opponent(client, monkeypatch):
    """Beyond GRID_MAX_TEAMS a team-by-team grid would grow with teams²: one column per round instead."""
    event = generate(teams=13, rounds=11, seed=3)
    grid = client.get(reverse("tournaments:crosstable", args=[event.slug])).text
    assert grid.count('<td class="num">×</td>') == 13  # the grid's diagonal
    monkeypatch.setattr(crosstable_selector, "GRID_MAX_TEAMS", 12)
    table = crosstable_for_tournament(tournament=event, published_only=True)
    assert not table.grid and table.rounds == list(range(1, 12))
    number = {row.team.id: index for index, row in enumerate(table.rows, start=1)}
    for row in table.rows:
        assert len(row.by_round) == 11
        # every encounter of the grid appears once, in its round's column, under the opponent's number
        expected = sorted(
            (e.round, number[opponent], e.own, e.opponent) for opponent, cell in row.cells.items() for e in cell
        )
        got = sorted((round_, n, e.own, e.opponent) for round_, legs in enumerate(row.by_round, 1) for n, e in legs)
        assert got == expected
    assert sum(not legs for row in table.rows for legs in row.by_round) == 11  # one bye per round
    cache.clear()  # the page cached above was rendered with the grid; nothing public changed since
    page = client.get(reverse("tournaments:crosstable", args=[event.slug])).text
    assert "×" not in page and re.search(r'<th class="num"[^>]*>R11</th>', page)
    first = table.rows[0]
    opponent, encounter = first.by_round[0][0]
    assert f"{opponent}&nbsp;{points(encounter.own)}:{points(encounter.opponent)}" in page


def test_archive_export_queries_do_not_grow_with_the_event(event, django_assert_num_queries):
    with django_assert_num_queries(ARCHIVE):
        archive = archive_for_tournament(tournament=event)
    assert len(archive["rounds"]) == event.rounds.count()


def test_public_archive_queries_do_not_grow_with_the_event(event, django_assert_num_queries):
    with django_assert_num_queries(ARCHIVE):  # the public version instead of the incidents
        archive = public_archive_for_tournament(tournament=event)
    assert len(archive["rounds"]) == event.rounds.count()


# the TRF export: teams, players, matches, sides, boards, seats with players, requested byes, the
# rounds' dates (132), then the standings' four unless the caller passes them (the reference check
# does: issue 29)
TRF_EXPORT = 8


@pytest.mark.parametrize("published_only", [False, True])
def test_trf_export_queries_do_not_grow_with_the_event(event, published_only, django_assert_num_queries):
    with django_assert_num_queries(TRF_EXPORT + STANDINGS):
        exported = trf_event(tournament=event, published_only=published_only)
    standings = standings_for_tournament(tournament=event, published_only=published_only)
    with django_assert_num_queries(TRF_EXPORT):
        shared = trf_event(tournament=event, published_only=published_only, standings=standings)
    assert shared == exported
    assert len(exported.teams) == event.teams.count()
    assert sum(len(player.games) for player in exported.players) >= 4 * event.teams.count()


def test_the_generated_event_is_complete_with_byes_and_forfeits():
    event = generate(teams=13, rounds=11, seed=3)
    assert event.rounds.count() == 11
    assert Match.objects.filter(round__tournament=event).byes().count() == 11  # a bye per round
    boards = BoardGame.objects.filter(match__round__tournament=event)
    assert boards.count() == 11 * 6 * 4
    assert not boards.filter(result="").exists()
    assert boards.filter(result__in=["+-", "-+", "--"]).exists()
    standings = standings_for_tournament(tournament=event, published_only=True)
    assert standings.after_round == 11
    # 66 matches of 2 match points each (a double no-show would give none; this seed has none)
    assert sum(entry.row.mp for entry in standings.rows) == 66 * 2


# session, user, tournament with the role; the lock order (services/locks.py: the tournament named in the URL, the
# match's round found by its own lock statement, then the match locked and read), the encounter's seats in one query
# (the read model's: the answer is built from them, issue 29), the board, the version and the audit entry in one
# statement (three on SQLite), the reference check's verdict withdrawn and the public version (a published round:
# issue 28 item 1); two savepoint statements. SQLite has no row locks (its writers are serialised by immediate
# transactions): the tournament's lock statement is not sent there, the round is only looked up.
DESK_WRITE = {"postgresql": 12, "sqlite": 13}


def test_one_result_write_from_the_desk_costs_the_same_whatever_the_event(
    event, client, django_user_model, django_assert_num_queries
):
    """The desk's result grid posts to the API with its session (one write protocol): one board
    result costs the same number of statements for 5 teams as for 13."""
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    match = Match.objects.filter(round__tournament=event).paired().order_by("-round__number", "table").first()
    result = "0-1" if match.boards.get(board=1).result == "1-0" else "1-0"
    url = f"/api/v1/tournaments/{event.slug}/matches/{match.pk}/result/"
    with django_assert_num_queries(DESK_WRITE[connection.vendor]):
        response = client.post(
            url, {"board": 1, "result": result, "version": match.version}, content_type="application/json"
        )
    assert response.status_code == 200
    assert response.json()["boards"][0]["result"] == result and response.json()["version"] == match.version + 1


PUBLIC_PAGES = ["list", "home", "pairings", "results", "standings", "crosstable", "team"]


def public_page_queries(client, event) -> dict[str, int]:
    """The SQL queries each public page costs for ``event`` (round 1's pages, its first team's card)."""
    args = {
        "list": [],
        "pairings": [event.slug, 1],
        "results": [event.slug, 1],
        "team": [event.slug, event.teams.first().pk],
    }
    counts = {}
    for page in PUBLIC_PAGES:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse(f"tournaments:{page}", args=args.get(page, [event.slug])))
        assert response.status_code == 200, page
        counts[page] = len(queries)
    return counts


def test_every_public_page_costs_the_same_queries_for_6_teams_as_for_16(client):
    small = public_page_queries(client, generate(teams=6, rounds=5, seed=3))
    large = public_page_queries(client, generate(teams=16, rounds=15, seed=3))
    assert large == small
    # home, pairings and results came first: the version is cached by now
    assert small["standings"] == PAGE_QUERIES["standings"] - 1 and small["crosstable"] == PAGE_VERSION_CACHED


# the session, its user, the tournament, the round; the audit trail's lineup changes and the lineup
# sheet (selectors/lineups.py: the teams, their players, the round's matches, their boards with seats,
# the matches' lines, their sides), each read once for the forms and the late list
LINEUPS_PAGE = 11


def test_the_desk_lineups_page_with_its_late_list_costs_the_same_whatever_the_event(
    event, client, django_user_model, django_assert_num_queries
):
    client.force_login(django_user_model.objects.create_user("td", is_staff=True, is_superuser=True))
    round_ = event.rounds.get(number=1)
    round_.lineup_deadline = timezone.now() - timedelta(hours=1)
    round_.save(update_fields=["lineup_deadline"])
    match = round_.matches.paired().order_by("table").first()
    match_lineup_set(match=match, team=match.sides.get(position=1).team, positions=[1, 2, 3, 4], source="desk")
    with django_assert_num_queries(LINEUPS_PAGE):
        response = client.get(f"/desk/{event.slug}/rounds/1/lineups/")
    assert response.status_code == 200
    paired = round_.matches.paired().count()
    assert response.text.count("late, set") == 1 and response.text.count("– missing") == 2 * paired - 1
