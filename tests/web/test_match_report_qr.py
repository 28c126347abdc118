"""The QR code of each match on its match report form (issue 30): the match's report page at the
site's address, never a captain code; a phone that scans it lands on the page the captains use."""

import pytest
from django.test import Client

from tests.builders import make_paired
from tournaments.documents import match_report
from tournaments.documents.qr import qr_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def printed(monkeypatch):
    urls = []

    def recording(text, size):
        urls.append(text)
        return qr_code(text, size)

    monkeypatch.setattr(match_report, "qr_code", recording)
    return urls


def test_every_form_carries_the_qr_code_of_its_match_page(desk, printed, settings):
    tournament = make_paired(teams=4)
    matches = list(tournament.rounds.get(number=1).matches.order_by("table").values_list("pk", flat=True))
    response = desk.get(f"/desk/{tournament.slug}/pdf/rounds/1/reports.pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert printed == [f"http://testserver/t/{tournament.slug}/report/{pk}/" for pk in matches]
    page = Client().get(printed[0])  # what the phone opens: the match, the code asked for
    assert page.status_code == 200 and 'id="captain-sign-in"' in page.text
    printed.clear()
    settings.SITE_URL = "https://arbiter.example.org/"
    desk.get(f"/desk/{tournament.slug}/pdf/rounds/1/reports.pdf")
    assert printed[0] == f"https://arbiter.example.org/t/{tournament.slug}/report/{matches[0]}/"


def test_the_qr_code_holds_the_text_it_was_given():
    drawing = qr_code("https://arbiter.example.org/t/x/report/7/", 60)
    assert drawing.contents[0].value == "https://arbiter.example.org/t/x/report/7/"
    assert (drawing.width, drawing.height) == (60, 60)


def test_every_seat_card_carries_the_qr_code_of_its_table(desk, monkeypatch):
    from tournaments.documents import seat_cards
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.teams import team_create
    from tournaments.services.tournaments import tournament_create

    urls = []
    monkeypatch.setattr(seat_cards, "qr_code", lambda text, size: urls.append(text) or qr_code(text, size))
    tournament = tournament_create(name="Vierer", preset="vierer-team")
    for seed in range(1, 5):
        players = [{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}]
        team_create(tournament=tournament, name=f"Team {seed}", seed=seed, players=players)
    round_ = round_pair_next(tournament=tournament)
    response = desk.get(f"/desk/{tournament.slug}/pdf/rounds/1/seat-cards.pdf")
    assert response.status_code == 200
    tables = round_.matches.order_by("table").values_list("pk", flat=True)
    assert urls == [f"http://testserver/t/{tournament.slug}/report/{pk}/" for pk in tables]
