"""An individual event (Schach4: its entrants are players, rules/README §4) says "player" on the
desk's and the public pages and in its messages, in English and German, from the discipline's
words (``domain/disciplines/entrant_words.py``); a team event says "team" as before."""

import io
import re

import pytest
from django.core.management import call_command

from tournaments.domain.errors import RuleViolation
from tournaments.models import Tournament
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create, tournament_start
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db

SCHACH4 = "schach4-demo"
TEAM_WORDS = re.compile(r"(?i)\bteams?\b|mannschaft")


def seen(page) -> str:
    """What a reader sees of a page: its text and titles, not its markup, links or field names."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", page.content.decode(), flags=re.S)
    titles = " ".join(re.findall(r'\b(?:title|aria-label|placeholder)="([^"]*)"', html))
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html) + " " + titles)


@pytest.fixture
def demo(client):
    call_command("demo", "--four-player", stdout=io.StringIO())
    client.post("/accounts/login/", {"username": "td", "password": "arbiter"})
    return client


@pytest.fixture
def open_event(desk):
    """A Schach4 V1 evening still taking registrations, three players in."""
    tournament = tournament_create(name="Schach4-Abend", preset="schach4-v1")
    for name in ("Anna", "Bernd", "Cem"):
        team_create(tournament=tournament, name=name, players=[{"name": name, "rating": 1500}])
    return tournament


def running_pages(slug: str, team: int) -> list[str]:
    return [
        f"/desk/{slug}/teams/",
        f"/desk/{slug}/teams/{team}/",
        f"/desk/{slug}/byes/",
        f"/desk/{slug}/standings/",
        f"/desk/{slug}/roles/",
        f"/desk/{slug}/audit/",
        f"/desk/{slug}/rounds/1/lineups/",
        f"/desk/{slug}/rounds/1/results/",
        f"/t/{slug}/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/crosstable/",
        f"/t/{slug}/teams/{team}/",
        f"/t/{slug}/pairings/1/",
        f"/t/{slug}/results/1/",
    ]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_pages_of_a_running_schach4_event_never_say_team(demo, language):
    tournament = Tournament.objects.get(slug=SCHACH4)
    for path in running_pages(SCHACH4, tournament.teams.order_by("seed").first().pk):
        page = demo.get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200, path
        assert TEAM_WORDS.findall(seen(page)) == [], path


def test_the_running_schach4_desk_names_its_players(demo):
    teams = seen(demo.get(f"/desk/{SCHACH4}/teams/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Players · Schach4" in teams and "Player and rating" in teams
    assert "The tournament has started: the registrations are locked." in teams
    standings = seen(demo.get(f"/desk/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Ein Spieler zieht zurück" in standings and "Spieler zurückziehen …" in standings
    assert "In seinen restlichen Partien gilt der Spieler als abwesend (0 Punkte)" in standings
    lineups = seen(demo.get(f"/desk/{SCHACH4}/rounds/1/lineups/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Jeder Spieler spielt selbst" in lineups and "— abwesend —" in lineups
    home = seen(demo.get(f"/t/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert " Spieler " in home
    overview = seen(demo.get(f"/desk/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "13 players" in overview and "List of players" in overview and "13 teams" not in overview


def test_a_withdrawn_player_is_listed_as_a_player(demo):
    """Issue 28 item 10: an individual player was listed under "Zurückgezogene Mannschaften"."""
    from tests.documents.pdf import text

    tournament = Tournament.objects.get(slug=SCHACH4)
    team_withdraw(team=tournament.teams.order_by("seed").last(), from_round=tournament.planned_rounds)
    for path in (f"/t/{SCHACH4}/standings/", f"/desk/{SCHACH4}/standings/"):
        german = seen(demo.get(path, HTTP_ACCEPT_LANGUAGE="de"))
        assert "Zurückgezogene Spieler" in german and TEAM_WORDS.findall(german) == [], path
        assert "Withdrawn players" in seen(demo.get(path, HTTP_ACCEPT_LANGUAGE="en")), path
    assert "Zurückgezogene Spieler" in text(demo.get(f"/t/{SCHACH4}/pdf/standings.pdf").content)


def test_the_overview_counts_a_withdrawn_player_apart(demo):
    """Issue 28 item 10: the Schach4 overview still counted the withdrawn player among those playing."""
    tournament = Tournament.objects.get(slug=SCHACH4)
    team_withdraw(team=tournament.teams.order_by("seed").last(), from_round=tournament.planned_rounds)
    counted = {
        language: demo.get(f"/desk/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE=language)
        .text.split('id="entrants-counted">')[1]
        .split("</span>")[0]
        for language in ("en", "de")
    }
    assert counted == {"en": "12 players · 1 player withdrawn", "de": "12 Spieler · 1 Spieler zurückgezogen"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_spectators_read_why_the_standings_are_not_checked_without_jargon(demo, client, language):
    """Issue 28 item 10: "… nicht als TRF geschrieben.." on the public standings of a Schach4 event."""
    from tournaments.services.standings_check import standings_verify

    standings_verify(tournament_id=Tournament.objects.get(slug=SCHACH4).pk)
    page = seen(client.get(f"/t/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE=language))
    note = page.split("FIDE")[1].split(". ")[0]  # "… reference tool: its games are played at tables …"
    assert "TRF" not in page and ".." not in page
    assert {"en": "tables of several seats", "de": "Tischen mit mehreren Plätzen"}[language] in note


def test_registering_players_speaks_of_players(open_event, desk):
    slug = open_event.slug
    page = seen(desk.get(f"/desk/{slug}/teams/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Import players from a CSV file" in page and "Add a player" in page and "Add player" in page
    assert TEAM_WORDS.findall(page) == []
    german = seen(desk.get(f"/desk/{slug}/teams/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Spieler aus einer CSV-Datei importieren" in german and TEAM_WORDS.findall(german) == []
    roster = seen(desk.get(f"/desk/{slug}/teams/{open_event.teams.get(name='Anna').pk}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "Meldung von Anna" in roster and "Meldung speichern" in roster and TEAM_WORDS.findall(roster) == []
    overview = seen(desk.get(f"/desk/{slug}/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "3 players" in overview and "The players are registered: check their seeds" in overview
    added = desk.post(
        f"/desk/{slug}/teams/", {"name": "Dora", "players": "Dora, 1600"}, HTTP_ACCEPT_LANGUAGE="en", follow=True
    )
    assert "Player “Dora” registered." in seen(added)


def test_a_csv_line_naming_a_registered_player_says_player(open_event, desk):
    csv = "name;rating\nAnna;1500\nEmil;1400\n"
    preview = desk.post(
        f"/desk/{open_event.slug}/teams/import/", {"text": csv, "action": "preview"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert preview.status_code == 400
    assert "line 2: a player named “Anna” is already registered." in seen(preview)
    assert TEAM_WORDS.findall(seen(preview)) == []
    german = desk.post(
        f"/desk/{open_event.slug}/teams/import/", {"text": csv, "action": "preview"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "ein Spieler namens „Anna“ ist bereits gemeldet." in seen(german)
    imported = desk.post(
        f"/desk/{open_event.slug}/teams/import/",
        {"text": "name;rating\nEmil;1400\n", "action": "import"},
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )
    assert "1 player imported." in seen(imported)


def test_the_api_refuses_a_second_player_of_one_name_naming_a_player(open_event, desk):
    answer = desk.post(
        f"/api/v1/tournaments/{open_event.slug}/teams/",
        {"name": "Anna", "players": [{"name": "Anna"}]},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 400
    assert "a player named “Anna” is already registered." in answer.content.decode()


def test_the_services_name_a_player_in_an_individual_event(open_event):
    tournament_start(tournament=open_event)
    anna = open_event.teams.get(name="Anna")
    team_withdraw(team=anna, from_round=1)
    with pytest.raises(RuleViolation) as refused:
        team_withdraw(team=anna, from_round=1)
    assert refused.value.text() == "team: this player already withdrew before round 1."
    alone = tournament_create(name="Allein", preset="schach4-v1")
    team_create(tournament=alone, name="Anna", players=[{"name": "Anna"}])
    with pytest.raises(RuleViolation) as refused:
        tournament_start(tournament=alone)
    assert refused.value.text() == "teams: a tournament needs at least two players to start."


def test_a_team_event_keeps_its_team_wording(desk):
    tournament = tournament_create(name="Frankenwaldpokal", preset="blitz-frankenwald")
    team_create(tournament=tournament, name="SK Kronach", players=[{"name": f"Spieler {n}"} for n in range(1, 5)])
    page = seen(desk.get(f"/desk/{tournament.slug}/teams/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "Teams and rosters" in page and "Import teams from a CSV file" in page and "Add a team" in page
    assert "Team name" in page and "Players in board order" in page
    csv = "team;board;name;rating\nSK Kronach;1;Anna;1500\n"
    preview = desk.post(
        f"/desk/{tournament.slug}/teams/import/", {"text": csv, "action": "preview"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "eine Mannschaft namens" in seen(preview) or "Mannschaft „SK Kronach“" in seen(preview)
    overview = seen(desk.get(f"/desk/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="de"))
    assert "1 Mannschaft" in overview
    swiss = tournament_create(name="Mannschafts-Open", preset="fide-team-swiss")  # a system that takes byes
    byes = seen(desk.get(f"/desk/{swiss.slug}/byes/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "A team may ask not to be paired" in byes and "Enter the team" in byes
    with pytest.raises(RuleViolation) as refused:
        tournament_start(tournament=tournament)
    assert refused.value.text() == "teams: a tournament needs at least two teams to start."
