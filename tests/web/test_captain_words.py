"""A Schach4 evening's phone pages, cards and messages name players, never captains or teams
(issue 30): the discipline's entrant words, in German and English."""

import pytest
from django.test import Client

from tests.documents.pdf import text as pdf_text
from tests.test_four_player import schach4
from tournaments.domain.encounter import ResultEntry
from tournaments.models import CaptainReport
from tournaments.services.captain_codes import captain_code_issue
from tournaments.services.captain_reports import captain_report_answer, captain_report_send
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db
TEAM_WORDS = ("captain", "Captain", "team", "Team", "Mannschaft")


@pytest.fixture
def table():
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    players = [side.team for side in match.sides.order_by("position")]
    return tournament, match, players, f"/t/{tournament.slug}/report/{match.pk}/"


def _main(response) -> str:
    """The page's own part: not the navigation, nor the code's own words in the markup."""
    text = response.content.decode()
    return text[text.index("<main") : text.index("</main>")].replace("captain-", "").replace("match-teams", "")


WORDS = {"en": ("report code", "seat 1", "Do you play this round?"), "de": ("Meldecode", "Platz 1", "Spielst du")}


@pytest.mark.parametrize(("language", "words"), WORDS.items())
def test_the_phone_pages_and_messages_name_players(table, language, words):
    tournament, match, (anna, bernd, *_), url = table
    phone, other = Client(HTTP_ACCEPT_LANGUAGE=language), Client(HTTP_ACCEPT_LANGUAGE=language)
    pages = [phone.get(url)]
    pages.append(phone.post(url, {"action": "code", "code": "WRONG"}))
    pages.append(phone.post(url, {"action": "report", "version": 0}))
    assert pages[-1].status_code == 403
    pages.append(phone.post(url, {"action": "code", "code": captain_code_issue(team=anna)[1]}))
    pages.append(other.post(url, {"action": "code", "code": captain_code_issue(team=bernd)[1]}))  # waits for seat 1
    places = {"place-1": "1", "place-2": "2", "place-3": "3", "place-4": "4"}
    pages.append(phone.post(url, {"action": "report", "version": 0, **places}))
    pages.append(phone.post(url, {"action": "confirm", "version": 1}))  # seat 1 cannot confirm its own report
    assert pages[-1].status_code == 400 and CaptainReport.objects.get().state == "reported"
    shown = " ".join(_main(page) for page in pages)
    assert all(word in shown for word in words)
    assert not [shown[max(0, shown.index(word) - 80) : shown.index(word) + 40] for word in TEAM_WORDS if word in shown]


def test_the_code_cards_and_the_desk_page_name_players(table, desk):
    tournament, match, players, url = table
    page = desk.get(f"/desk/{tournament.slug}/captains/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Jeder Spieler meldet und bestätigt" in page and "Neue Codes für alle Spieler" in page
    assert "Von einem Gegner bestätigte Meldungen automatisch" in page
    reports = f"/desk/{tournament.slug}/rounds/1/reports/"
    assert "No player has reported in this round yet." in desk.get(reports, HTTP_ACCEPT_LANGUAGE="en").text
    anna, bernd = players[:2]
    captain_report_send(match=match, team=anna, entries=[ResultEntry(places="1 2 3 4")])
    captain_report_answer(match=match, team=bernd, confirm=False, expected_version=1)
    disputed = desk.get(reports, HTTP_ACCEPT_LANGUAGE="de").text
    assert "Bestritten: mit den Spielern des Tisches klären" in disputed and "Mannschaft" not in disputed
    cards = pdf_text(desk.post(f"/desk/{tournament.slug}/captains/cards/", HTTP_ACCEPT_LANGUAGE="de").content)
    assert "Meldecode von Anna" in cards and "Sitzkarte" in cards
    assert "Mannschaft" not in cards
    type(tournament).objects.filter(pk=tournament.pk).update(language="en")  # the cards print in the event's
    english = pdf_text(desk.post(f"/desk/{tournament.slug}/captains/cards/", HTTP_ACCEPT_LANGUAGE="en").content)
    assert "Report code of Anna" in english and "captain" not in english.lower()
