"""The four-player demo end to end on the web (issue 15): desk grid, public pages, seat cards, standings."""

import io
import re

import pytest
from django.core.management import CommandError, call_command

from tests.documents.pdf import text

pytestmark = pytest.mark.django_db

VIERER, SCHACH4 = "viererschach-demo", "schach4-demo"


@pytest.fixture
def demo(client):
    call_command("demo", "--four-player", stdout=io.StringIO())
    client.post("/accounts/login/", {"username": "td", "password": "arbiter"})
    return client


def test_the_schach4_desk_takes_places_per_seat_and_prints_seat_cards(demo):
    grid = demo.get(f"/desk/{SCHACH4}/rounds/4/results/", HTTP_ACCEPT_LANGUAGE="en")
    assert grid.status_code == 200
    assert "4 tables without a result." in grid.text
    assert grid.text.count('data-field="place"') == 13  # one field per seat: 4 + 3 + 3 + 3
    assert '"join": "places"' in grid.text  # the grid saves a table once every seat has its place
    assert "Place per seat" in grid.text and "Schach4 V5" in grid.text
    cards = demo.get(f"/desk/{SCHACH4}/pdf/rounds/4/seat-cards.pdf")
    assert cards.status_code == 200 and cards["Content-Type"] == "application/pdf"
    printed = text(cards.content)
    assert printed.count("Sitzkarte Runde 4 · Tisch") == 4  # the demo prints in German: one card per table
    assert "Schach4 V1" in printed and "Schach4 V5" in printed
    rounds = demo.get(f"/desk/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "seat-cards.pdf" in rounds.text


def test_the_public_sees_tables_with_places_points_and_the_standings(demo):
    results = demo.get(f"/t/{SCHACH4}/results/2/", HTTP_ACCEPT_LANGUAGE="en")
    assert results.status_code == 200
    assert "Schach4 V1" in results.text and "1 - 3 2" in results.text  # seat 2 absent: last, no points
    assert "absent" in results.text
    pairings = demo.get(f"/t/{SCHACH4}/pairings/4/", HTTP_ACCEPT_LANGUAGE="en")
    assert pairings.status_code == 200 and "Seat" in pairings.text
    standings = demo.get(f"/t/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert standings.status_code == 200 and "Opposition" in standings.text


def test_the_viererschach_pages_show_colours_and_the_match_result(demo):
    pairings = demo.get(f"/t/{VIERER}/pairings/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert pairings.status_code == 200
    body = pairings.text
    assert body.index("White") < body.index("Red") < body.index("Black") < body.index("Yellow")  # Vierer §4
    results = demo.get(f"/t/{VIERER}/results/1/", HTTP_ACCEPT_LANGUAGE="en")
    assert "both kings captured or mated" in results.text or "stalemate" in results.text
    grid = demo.get(f"/desk/{VIERER}/rounds/5/results/", HTTP_ACCEPT_LANGUAGE="en")
    assert grid.status_code == 200
    assert 'data-field="deciding_board"' not in grid.text and 'data-field="decided_by"' in grid.text
    assert "both kings captured or mated (k)" in grid.text
    standings = demo.get(f"/t/{VIERER}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert standings.status_code == 200


def test_the_round_bundle_holds_seat_cards_and_report_forms_are_refused_at_tables(demo):
    from tournaments.documents.registry import PrintJob
    from tournaments.documents.round_bundle import RoundBundleDocument
    from tournaments.models import Tournament

    round_ = Tournament.objects.get(slug=SCHACH4).rounds.get(number=4)
    pdf = RoundBundleDocument(PrintJob(round_.tournament, round_)).render()
    assert text(pdf).count("Sitzkarte Runde 4 · Tisch") == 4
    assert "Tische – Runde 4" in text(pdf) and "Erstgenannte" not in text(pdf)  # the table list, not team against team
    refused = demo.get(f"/desk/{SCHACH4}/pdf/rounds/4/reports.pdf", HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and "print the seat cards instead" in refused.text
    crosstable = demo.get(f"/t/{SCHACH4}/crosstable/", HTTP_ACCEPT_LANGUAGE="en")
    assert crosstable.status_code == 200


TRF_REASON = "a TRF-2026 file records games of two players, one against one"


@pytest.mark.parametrize("slug", [VIERER, SCHACH4])
def test_trf_is_refused_naming_the_reason_and_never_offered(demo, slug):
    """TRF-2026 has no game of several seats: every way to the file answers with the reason
    (400, a command error), and neither the desk nor the public standings link to it."""
    for url in (f"/t/{slug}/trf/", f"/desk/{slug}/trf/", f"/api/v1/tournaments/{slug}/trf/"):
        answer = demo.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert answer.status_code == 400, url
        assert TRF_REASON in answer.content.decode(), url
    german = demo.get(f"/t/{slug}/trf/", HTTP_ACCEPT_LANGUAGE="de")
    assert "TRF-2026-Datei" in german.content.decode()
    with pytest.raises(CommandError, match="TRF-2026"):
        call_command("export_trf", slug, stdout=io.StringIO())
    assert "/trf/" not in demo.get(f"/desk/{slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "/trf/" not in demo.get(f"/t/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "TRF-2026" not in demo.get(f"/t/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").text


def test_an_entrants_page_shows_every_table_it_sat_at(demo):
    """The Schach4 entrant's page: per round its table with every seat in move order, the players,
    the finishing order and points; round 2, table 1 was typed "1 - 3 2" (seat 2 absent, last, 0)."""
    from tournaments.models import Match

    match = Match.objects.get(round__tournament__slug=SCHACH4, round__number=2, table=1)
    seats = list(match.boards.get().seats.select_related("side__team").order_by("position"))
    page = demo.get(f"/t/{SCHACH4}/teams/{seats[0].side.team_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    body = re.sub(r"\s+", " ", page.text)
    assert "Round 2: Table 1 · Schach4 V1 <strong>1 - 3 2</strong>" in body
    block = body[body.index("Round 2: Table 1") :]
    block = block[: block.index("</table>")]
    assert [name in block for name in (seat.side.team.name for seat in seats)] == [True] * 4
    assert "absent" in block and "Finishing place" in block and 'class="own"' in block
    assert "against" not in body  # no two-team layout at a table
    published = match.round.tournament.rounds.filter(published_at__isnull=False).count()
    assert body.count('<table class="team-round table-seats">') == published  # no unpublished round


def test_a_viererschach_teams_page_shows_its_table_with_colours_and_result(demo):
    from tournaments.models import Match

    match = Match.objects.get(round__tournament__slug=VIERER, round__number=1, table=1)
    page = demo.get(f"/t/{VIERER}/teams/{match.first_team.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    text = re.sub(r"\s+", " ", page.text)
    block = text[text.index("Runde 1: Tisch 1") :]
    block = block[: block.index("</table>")]
    assert block.index("Weiß") < block.index("Rot") < block.index("Schwarz") < block.index("Gelb")  # Vierer §4
    assert f"<strong>{match.result}</strong>" in block and match.second_team.name in block


def test_the_pairing_list_pdf_of_a_table_event_lists_tables_of_seats(demo):
    """Round 2 of the Schach4 demo for the wall: every table with its seats, players, finishing
    order and points (table 1 "1 - 3 2": seat 2 absent, 3 + 0 + 1 + 2 points), German and English."""
    from tournaments.models import Match, Tournament
    from tournaments.services.tournaments import tournament_update

    match = Match.objects.get(round__tournament__slug=SCHACH4, round__number=2, table=1)
    names = [seat.side.team.name for seat in match.boards.get().seats.select_related("side__team").order_by("position")]
    german = text(demo.get(f"/t/{SCHACH4}/pdf/pairings/2.pdf").content)
    assert "Tische – Runde 2" in german and "Tisch 1 · Schach4 V1 · Rangfolge (Rang je Platz): 1 - 3 2" in german
    assert "Erstgenannte Mannschaft" not in german and "abwesend" in german
    first = german[german.index("Tisch 1 ·") : german.index("Tisch 2 ·")]
    assert all(name in first for name in names) and "Punkte" in first
    tournament_update(tournament=Tournament.objects.get(slug=SCHACH4), language="en")
    english = text(demo.get(f"/t/{SCHACH4}/pdf/pairings/2.pdf").content)
    assert (
        "Tables – round 2" in english and "Table 1 · Schach4 V1 · Finishing order (places per seat): 1 - 3 2" in english
    )
    # issue 24: no colour column where the Schach4 text names none, no entrant column where the player is it
    assert "Seat Player Finishing place Points" in english and "absent" in english
    vierer = text(demo.get(f"/t/{VIERER}/pdf/pairings/1.pdf").content)
    assert "Weiß" in vierer and "Gelb" in vierer and "Ergebnis: " in vierer


def test_the_desk_sets_a_viererschach_lineup_and_refuses_a_swap_citing_the_rule(demo):
    """The lineup page of an unplayed Viererschach round: both teams' players by rank; an empty
    seat saved through the form forfeits the match, a swap is refused with the rule: ours, since
    Vierer §1 only forms the teams."""
    from tournaments.models import Match

    match = Match.objects.filter(round__tournament__slug=VIERER, round__number=5, result="").order_by("table").first()
    page = demo.get(f"/desk/{VIERER}/rounds/5/lineups/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and match.first_team.name in page.text
    prefix = f"m{match.pk}-second"
    form = {"match": match.pk, "side": "second", "version": match.version}
    swap = demo.post(
        f"/desk/{VIERER}/rounds/5/lineups/",
        {**form, f"{prefix}-board_1": 2, f"{prefix}-board_2": 1},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert swap.status_code == 400 and "(tournament rule: fixed ranking)" in swap.text and "Vierer §1" not in swap.text
    empty = demo.post(
        f"/desk/{VIERER}/rounds/5/lineups/",
        {**form, f"{prefix}-board_1": 1, f"{prefix}-board_2": ""},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert empty.status_code == 302
    match.refresh_from_db()
    assert match.result == "+-" and match.version == form["version"] + 1


def test_the_td_sees_how_many_table_mates_meet_again(client, td):
    """Five players at tables of three and two (Schach4 V5, V9): after round 1's (1, 2, 3) and
    (4, 5), any table of three holds two who met, so round 2 reports 1 repeat (rules/README §4)."""
    from tests.builders import enter_places
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.teams import team_create
    from tournaments.services.tournaments import tournament_create

    tournament = tournament_create(name="Schach4 zu fünft", preset="schach4-v5")
    for seed, name in enumerate(["Anna", "Bernd", "Cem", "Dora", "Emil"], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 1500}])
    first = round_pair_next(tournament=tournament)
    for match in first.matches.all():
        enter_places(match=match, places=" ".join(str(p) for p in range(1, match.boards.get().seats.count() + 1)))
    second = round_pair_next(tournament=tournament)
    assert (first.table_repeats, second.table_repeats) == (0, 1)
    client.force_login(td)
    page = client.get(f"/desk/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "No one shares a table with an earlier table-mate." in page
    assert "1 pair of entrants shares a table again: no grouping by score avoided it." in page
    german = client.get(f"/desk/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="de").text
    assert "1 Paar von Teilnehmern sitzt erneut an einem Tisch" in german
    boards = client.get("/desk/", HTTP_ACCEPT_LANGUAGE="en")  # a board event's rounds say nothing of it
    assert boards.status_code == 200


def test_the_desk_overview_lists_every_seat_of_a_table(demo):
    from tournaments.models import Match

    match = Match.objects.get(round__tournament__slug=SCHACH4, round__number=1, table=1)
    names = [seat.side.team.name for seat in match.boards.get().seats.select_related("side__team").order_by("position")]
    page = re.sub(r"\s+", " ", demo.get(f"/desk/{SCHACH4}/", HTTP_ACCEPT_LANGUAGE="en").text)
    assert "Seats in move order" in page and "First-named team" not in page
    assert f"1. {names[0]} · 2. {names[1]} · 3. {names[2]} · 4. {names[3]}" in page


def test_the_schach4_standings_explain_points_by_place_in_german_and_english(demo):
    """The standings' score at tables is placement points (rules/README §4), not match points:
    the PDF's legend and the page say so; Viererschach keeps its match points."""
    from tournaments.models import Tournament
    from tournaments.services.tournaments import tournament_update

    german = text(demo.get(f"/t/{SCHACH4}/pdf/standings.pdf").content)
    assert "Pkt. Punkte Punkte nach Rang: auf Rang p von k Parteien k − p (4 Parteien 3, 2, 1, 0)" in german
    assert "Mannschaftspunkte" not in german
    tournament_update(tournament=Tournament.objects.get(slug=SCHACH4), language="en", place_points="4: 5 3 1.5 0")
    english = text(demo.get(f"/t/{SCHACH4}/pdf/standings.pdf").content)
    assert "unless the tournament sets others (4: 5 3 1.5 0)" in english
    assert '<abbr title="Points">' in demo.get(f"/t/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    vierer = text(demo.get(f"/t/{VIERER}/pdf/standings.pdf").content)
    assert "Mannschaftspunkte 2 für einen gewonnenen Wettkampf" in vierer


def test_the_lineup_page_of_a_schach4_round_names_every_entrant_at_a_table(demo):
    """Round 4 of the Schach4 demo is paired, not played: table 1's four entrants each have their
    form; emptying the fourth seat's player leaves that seat to be typed "-" (a forfeit)."""
    from tournaments.models import Match

    match = Match.objects.get(round__tournament__slug=SCHACH4, round__number=4, table=1)
    seats = list(match.boards.get().seats.select_related("side__team").order_by("position"))
    page = demo.get(f"/desk/{SCHACH4}/rounds/4/lineups/", HTTP_ACCEPT_LANGUAGE="en").text
    assert " – ".join(seat.side.team.name for seat in seats) in page
    assert 'name="side" value="fourth"' in page
    form = {"match": match.pk, "side": "fourth", "version": match.version, f"m{match.pk}-fourth-board_1": ""}
    assert demo.post(f"/desk/{SCHACH4}/rounds/4/lineups/", form).status_code == 302
    seats[3].refresh_from_db()
    assert seats[3].player_id is None
    assert (
        demo.post(
            f"/api/v1/tournaments/{SCHACH4}/matches/{match.pk}/result/",
            {"places": "1 2 3 4", "version": match.version + 1},
            content_type="application/json",
        ).json()["field"]
        == "places.seat 4"
    )


def test_schach4_standings_call_entrants_players_and_their_encounters_games(demo):
    """A Schach4 event is individual (rules/README §4): its standings and crosstable, on the page
    and in the PDF, head the entrant column "Player", not "Team"; Viererschach keeps "Team"."""
    page = demo.get(f"/t/{SCHACH4}/standings/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "<th>Player</th>" in page and "<th>Team</th>" not in page
    assert 'title="Games played"' in page
    assert "<th>Player</th>" in demo.get(f"/t/{SCHACH4}/crosstable/", HTTP_ACCEPT_LANGUAGE="en").text
    german = text(demo.get(f"/t/{SCHACH4}/pdf/standings.pdf").content)
    assert "Platz Spieler Partien Pkt." in german and "Mannschaft" not in german
    assert "Spieler" in text(demo.get(f"/t/{SCHACH4}/pdf/crosstable.pdf").content)
    assert "<th>Team</th>" in demo.get(f"/t/{VIERER}/standings/", HTTP_ACCEPT_LANGUAGE="en").text


def test_a_table_events_swiss_pairings_stay_private_in_the_public_pdf_until_published(client):
    """Issue 27 item 1: a Viererschach event paired by the team Swiss showed a round's tables in
    the public pairing list PDF before the director published them (the page hid them)."""
    from tests.builders import make_tournament
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.publishing import round_pairings_publish

    event = make_tournament(
        teams=6, players=2, preset="vierer-team", name="Vierer-Open", pairing="swiss-fide-team", rounds=4
    )
    round_ = round_pair_next(tournament=event)
    assert round_.pairings_published_at is None
    player = event.teams.get(seed=1).players.get(position=1).name
    private = text(client.get(f"/t/{event.slug}/pdf/pairings/1.pdf").content)
    assert player not in private and event.teams.get(seed=1).name not in private
    assert player not in client.get(f"/t/{event.slug}/pairings/1/").text
    round_pairings_publish(round_=round_)
    assert player in text(client.get(f"/t/{event.slug}/pdf/pairings/1.pdf").content)
