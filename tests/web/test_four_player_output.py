"""Four-player events right on every page, form, PDF and export (issue 24 items 1 and 7).

Each test reads what a spectator, the TD or a program gets from the four-player demos (Schach4
individual, Viererschach teams), with the values worked out by hand from the demo's results:
Schach4 round 1 table 1 finished Bernd 1, Anna 2, Dora 3, Cem 4 (3, 2, 1, 0 points); round 3
table 3 Ivo and Mats shared first of three (each 1½, rules/README §4)."""

import io
import json
import re
from html import unescape

import pytest
from django.core.management import call_command

from tests.documents.pdf import text
from tournaments.documents.seat_cards import SeatCardsDocument, table_cards
from tournaments.selectors.pairings import pairings_for_round
from tournaments.services.pairing import round_pair_next
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db

VIERER, SCHACH4 = "viererschach-demo", "schach4-demo"
SEAT_TABLES = re.compile(r'<table class="match table-seats">.*?</table>', re.S)


@pytest.fixture
def demo(client):
    call_command("demo", "--four-player", stdout=io.StringIO())
    client.post("/accounts/login/", {"username": "td", "password": "arbiter"})
    return client


def flat(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize(("slug", "upcoming", "latest"), [(SCHACH4, 4, 3), (VIERER, 5, 4)])
def test_the_overview_shows_each_table_as_the_round_pages_do(client, slug, upcoming, latest):
    """The overview's next round and latest results are the round pages' tables: every seat with
    its colour in move order, and once published the finishing order or the team result."""
    call_command("demo", "--four-player", stdout=io.StringIO())
    home = client.get(f"/t/{slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    pairings = SEAT_TABLES.findall(client.get(f"/t/{slug}/pairings/{upcoming}/", HTTP_ACCEPT_LANGUAGE="en").text)
    results = SEAT_TABLES.findall(client.get(f"/t/{slug}/results/{latest}/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert pairings and results
    assert SEAT_TABLES.findall(home) == pairings + results
    assert "Board" not in flat(home)


def test_the_schach4_overview_names_all_four_at_table_one_and_the_finishing_order(client):
    call_command("demo", "--four-player", stdout=io.StringIO())
    home = flat(client.get(f"/t/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE="de").text)
    assert "Tisch 1 · Schach4 V1" in home and "Mats Jäger" in home
    assert "Heike Löffler" in home and "Frieda Hübner" in home
    assert "Tisch 3 · Schach4 V5 1 1 3" in home  # round 3: Ivo and Mats share first of three


def test_the_schach4_crosstable_gives_each_round_the_table_place_and_points(demo):
    page = flat(demo.get(f"/t/{SCHACH4}/crosstable/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert "1. 1. Bernd Schäfer T1: 1. (3) T1: 1. (3) T1: 1. (3) 9" in page
    assert "T3: 1. (1½)" in page  # Ivo, round 3: first of three shared with Mats
    assert "MP" not in page
    pdf = text(demo.get(f"/t/{SCHACH4}/pdf/crosstable.pdf").content)
    assert "# Spieler R1 R2 R3 Pkt. Platz" in pdf
    assert "1 Bernd Schäfer T1: 1. (3) T1: 1. (3) T1: 1. (3) 9 1." in pdf
    assert "Anna Weiß T1: 2. (2) T2: 1. (2) T2: 1. (2) 6 2." in pdf


def test_a_viererschach_team_page_has_no_place_or_points_columns(demo):
    from tournaments.models import Team

    team = Team.objects.get(tournament__slug=VIERER, name="Kronacher Kreuz")
    page = flat(demo.get(f"/t/{VIERER}/teams/{team.pk}/", HTTP_ACCEPT_LANGUAGE="de").text)
    assert "Runde 1: Tisch 1 · Vierer §1, §4 ½-½ · ungenügendes Material" in page
    assert " Rang " not in page and "Punkte" not in page
    schach4 = Team.objects.get(tournament__slug=SCHACH4, name="Bernd Schäfer")
    assert "Rang Punkte" in flat(demo.get(f"/t/{SCHACH4}/teams/{schach4.pk}/", HTTP_ACCEPT_LANGUAGE="de").text)


def test_the_schach4_grid_and_pairing_list_name_each_player_once(demo):
    grid = demo.get(f"/desk/{SCHACH4}/rounds/4/results/", HTTP_ACCEPT_LANGUAGE="en").text
    assert flat(grid).count("Mats Jäger") == 1
    page = flat(demo.get(f"/t/{SCHACH4}/pairings/4/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert page.count("Mats Jäger") == 1 and "Table 1 · Schach4 V1 Seat Player 1 Mats Jäger 2 Heike Löffler" in page
    results = flat(demo.get(f"/t/{SCHACH4}/results/2/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert "2 — (Gökhan Yıldız) absent 0" in results  # the absent player named, no column to name it twice
    listed = text(demo.get(f"/t/{SCHACH4}/pdf/pairings/4.pdf").content)
    assert listed.count("Mats Jäger") == 1
    assert "Tisch 1 · Schach4 V1 Platz Spieler Rang Punkte 1 Mats Jäger" in listed


def test_the_viererschach_forms_name_the_teams_and_take_the_team_result(demo):
    """Vierer §12: a mated player is not out; the result is the team's, and how it ended (§2, §13)."""
    cards = text(demo.get(f"/desk/{VIERER}/pdf/rounds/7/seat-cards.pdf").content)
    assert "Selber Seiten (Weiß + Gelb) – Coburger Ecken (Schwarz + Rot)" in cards
    assert "Ergebnis: ☐ Selber Seiten (Weiß + Gelb) gewinnt ☐ Remis ☐ Coburger Ecken (Schwarz + Rot) gewinnt" in cards
    assert (
        "Wie es endete (Vierer §2, §12, §13): ☐ beide Könige geschlagen oder matt ☐ Patt ☐ ungenügendes Material "
        "☐ Zeitüberschreitung ☐ Schiedsrichterentscheidung"
    ) in cards
    assert "Ausscheidens" not in cards and "Rang" not in cards
    listed = text(demo.get(f"/t/{VIERER}/pdf/pairings/7.pdf").content)
    assert "Tisch 1 · Vierer §1, §4 · Selber Seiten (Weiß + Gelb) – Coburger Ecken (Schwarz + Rot)" in listed
    assert "Rang" not in listed
    grid = flat(demo.get(f"/desk/{VIERER}/rounds/7/results/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert "Table 1 · Vierer §1, §4: Selber Seiten (White + Yellow) – Coburger Ecken (Black + Red)" in grid
    assert "Type each seat's place" not in grid
    assert "Type the match's result from the view of the team named first at each table" in grid


def test_a_v3_seat_card_shows_partners_sets_and_the_single_moving_after_each_team_player():
    """Schach4 V3: one player (seat 2) against a team of three, moving after each of them; the
    card says who partners whom, how many sets each commands and the move cycle."""
    tournament = tournament_create(name="V3", preset="schach4-v3")
    for seed, name in enumerate(["Anna", "Bernd", "Cem", "Dora"], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - seed}])
    pairings = pairings_for_round(round_=round_pair_next(tournament=tournament))
    printed = text(SeatCardsDocument(tournament, round_number=1, cards=table_cards(pairings.matches)).render())
    assert "Platz Zug Sätze Partner Spieler Rang Unterschrift" in printed
    assert "1 1. 1 3, 4 Anna" in printed
    assert "2 2., 4., 6. 1 – Bernd" in printed
    assert "3 3. 1 1, 4 Cem" in printed
    assert "4 5. 1 1, 3 Dora" in printed
    assert "Zugfolge: 1 → 2 → 3 → 2 → 4 → 2, dann wieder 1 (Schach4 V3)" in printed
    assert "Farbe" not in printed  # the Schach4 text names no colours


def test_a_viererschach_seat_card_keeps_its_colours_in_move_order(demo):
    cards = text(demo.get(f"/desk/{VIERER}/pdf/rounds/7/seat-cards.pdf").content)
    assert "Platz Zug Farbe Spieler Unterschrift 1 1. Weiß Łukasz Fuß (Selber Seiten)" in cards
    assert "Zugfolge: 1 → 2 → 3 → 4, dann wieder 1 (Vierer §1, §4)" in cards


def test_standings_json_of_an_individual_event_names_entrant_and_points(demo):
    out = io.StringIO()
    call_command("standings", SCHACH4, "--json", stdout=out)
    first = json.loads(out.getvalue())["standings"][0]
    assert first["entrant"] == first["team"] == "Bernd Schäfer"  # "team" and "mp" kept for old readers
    assert first["points"] == first["mp"] == 9.0
    api = demo.get(f"/api/v1/tournaments/{SCHACH4}/standings/").json()["rows"][0]
    assert api["entrant"] == api["team"] and api["entrant"]["name"] == "Bernd Schäfer"
    assert api["points"] == api["mp"] == 9.0
    pages = [
        demo.get(f"/t/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="en").text,
        demo.get(f"/desk/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="en").text,
    ]
    assert all(">MP<" not in page and ">Pts<" in page for page in pages)
    assert "Pkt. Punkte Punkte nach Rang" in text(demo.get(f"/t/{SCHACH4}/pdf/standings.pdf").content)
    vierer = demo.get(f"/t/{VIERER}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert ">MP<" in vierer


def test_an_unplayed_schach4_table_exports_every_documented_key(demo):
    out = io.StringIO()
    call_command("export_tournament", SCHACH4, stdout=out)
    archive = json.loads(out.getvalue())
    seat = archive["rounds"][3]["encounters"][0]["games"][0]["seats"][0]
    assert seat == {"side": 1, "player": "Mats Jäger", "colour": "", "place": None}
    played = archive["rounds"][0]["encounters"][0]["games"][0]["seats"][1]
    assert played == {"side": 2, "player": "Bernd Schäfer", "colour": "", "place": 1}


def test_a_viererschach_archive_gives_its_one_game_per_match_and_older_archives_still_import():
    """``boards`` is the games an encounter has (docs/archive.md): one at a Viererschach table,
    whose teams still field two players each (Vierer §1); an archive written before, with the two
    players there, imports as the same tournament."""
    import random

    from tournaments.management.commands import _four_player_demo
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = _four_player_demo.load_vierer_demo(random.Random(2026))
    exported = archive_for_tournament(tournament=tournament)
    assert exported["tournament"]["boards"] == len(exported["rounds"][0]["encounters"][0]["games"]) == 1
    assert tournament_import(archive=json.dumps(exported)).boards == 2
    older = {**exported, "tournament": {**exported["tournament"], "boards": 2}}
    copy = tournament_import(archive=json.dumps(older))
    assert copy.boards == 2 and archive_for_tournament(tournament=copy)["rounds"] == exported["rounds"]
    schach4 = archive_for_tournament(tournament=_four_player_demo.load_schach4_demo(random.Random(2026)))
    assert schach4["tournament"]["boards"] == 1


def test_a_v8_team_card_names_the_teams_by_their_seats_and_the_player_with_two_sets():
    """Schach4 V8 played by teams (retired, no preset offers it: old tournaments still print their
    cards): the first-named team's player commands both sets at seat 1 and
    moves 1st and 3rd; the other team is the pair at seats 2 + 3. No colours in the Schach4 text,
    so the teams are named by their seats; the result is the team's."""
    from tournaments.services.pairing import rounds_pair_all

    tournament = tournament_create(name="V8", preset="schach4-v8-team")
    for seed in range(1, 5):
        players = [{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}]
        team_create(tournament=tournament, name=f"Team {seed}", seed=seed, players=players)
    pairings = pairings_for_round(round_=rounds_pair_all(tournament=tournament)[0])
    printed = text(SeatCardsDocument(tournament, round_number=1, cards=table_cards(pairings.matches)).render())
    assert "Team 1 (Platz 1) – Team 4 (Plätze 2 + 3)" in printed
    assert "1 1., 3. 2 – P1a (Team 1) 2 2. 1 3 P4a (Team 4) 3 4. 1 2 P4b (Team 4)" in printed
    assert "Zugfolge: 1 → 2 → 1 → 3, dann wieder 1 (Schach4 V8)" in printed
    assert "Ergebnis: ☐ Team 1 (Platz 1) gewinnt ☐ Remis ☐ Team 4 (Plätze 2 + 3) gewinnt" in printed


def test_a_schach4_v2_team_card_offers_schach4s_endings_never_captured_kings():
    """Schach4 "Schach und Schachmatt": a king is mated, never captured (unlike Vierer §2); the
    card of a Schach4 V2 team match ticks how the game ended by Schach4's "Ende des Spiels"."""
    from django.utils import translation

    tournament = tournament_create(name="V2", preset="schach4-v2-team")
    for seed in range(1, 3):
        players = [{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}]
        team_create(tournament=tournament, name=f"Team {seed}", seed=seed, players=players)
    pairings = pairings_for_round(round_=round_pair_next(tournament=tournament))
    with translation.override("de"):
        printed = text(SeatCardsDocument(tournament, round_number=1, cards=table_cards(pairings.matches)).render())
    assert (
        "Wie es endete (Schach4 Ende des Spiels): ☐ Schachmatt ☐ Patt ☐ kein Spieler kann mehr mattsetzen "
        "☐ Zeitüberschreitung ☐ Schiedsrichterentscheidung" in printed
    )
    assert "Könige" not in printed and "Vierer" not in printed
