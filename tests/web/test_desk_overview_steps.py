"""The overview says the right next step and asks before the steps that cannot be undone."""

import pytest

from tests.builders import make_paired, make_tournament

pytestmark = pytest.mark.django_db


def test_the_next_step_follows_the_registration(desk):
    empty = desk.get(f"/desk/{make_tournament(teams=1).slug}/").text
    assert "Not paired yet. Register the teams, then pair." in empty
    registered = desk.get(f"/desk/{make_tournament(teams=4, name='Kreispokal').slug}/").text
    assert "Register the teams" not in registered
    assert "The teams are registered: check their seeds (the starting ranks), then pair." in registered


def test_the_next_step_is_in_german_too(desk):
    desk.cookies["django_language"] = "de"
    page = desk.get(f"/desk/{make_tournament(teams=4).slug}/").text
    assert "Melden Sie die Mannschaften an" not in page
    assert "Setzliste" in page


def test_starting_and_pairing_all_rounds_sit_behind_a_confirmation(desk):
    page = desk.get(f"/desk/{make_tournament(teams=4).slug}/").text
    for action in ("/start/", "/pair/"):
        details = page[: page.index(f'action="/desk/frankenwaldpokal{action}"')].rsplit("<details", 1)[1]
        assert details.startswith(' class="confirm"') and "</details>" not in details


def test_unpairing_sits_outside_the_collapsed_round(desk):
    page = desk.get(f"/desk/{make_paired(teams=4).slug}/").text
    last_round = page.rsplit("<details", 1)[1]
    assert 'id="unpair"' in last_round.split("</details>", 1)[1]
    assert 'action="/desk/frankenwaldpokal/rounds/3/unpair/"' in page
