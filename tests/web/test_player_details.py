"""A player's details for the DWZ report (issue 26): the director sets federation, date of birth
and DSB record on the team page, also once rosters are locked, and a roster edit keeps them."""

import datetime

import pytest

from tests.builders import make_tournament
from tournaments.models import AuditEntry, Player
from tournaments.services.teams import team_create

pytestmark = pytest.mark.django_db


def test_the_director_sets_a_players_details_after_the_start(desk, running):
    player = Player.objects.filter(team__tournament=running).order_by("team__seed", "position").first()
    url = f"/desk/{running.slug}/teams/{player.team_id}/players/{player.pk}/details/"
    response = desk.post(url, {"federation": "cze", "birth_date": "1990-05-17", "federation_id": "C0327-1001"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.federation, player.birth_date, player.federation_id) == (
        "CZE",
        datetime.date(1990, 5, 17),
        "C0327-1001",
    )
    entry = AuditEntry.objects.filter(tournament=running).latest("pk")
    assert entry.new_value["birth_date"] == "1990-05-17" and entry.old_value["birth_date"] == ""
    refused = desk.post(url, {"federation": "Germany", "birth_date": ""}, follow=True)
    assert "“GERMANY” is not a federation: three letters, as FIDE writes them (GER)." in refused.content.decode()
    player.refresh_from_db()
    assert player.birth_date == datetime.date(1990, 5, 17)


def test_a_roster_edit_on_the_desk_keeps_the_details_it_does_not_show(desk):
    tournament = make_tournament(teams=0, preset="fide-team")
    team = team_create(
        tournament=tournament,
        name="SK Kronach",
        players=[
            {"name": "Anna Schmidt", "federation": "GER", "birth_date": "1990-05-17", "federation_id": "C0327-7"},
            {"name": "Jürgen Müller"},
        ],
    )
    response = desk.post(f"/desk/{tournament.slug}/teams/{team.pk}/", {"players": "Anna Schmidt, 1720\nPaul Keller"})
    assert response.status_code == 302
    anna = team.players.get(name="Anna Schmidt")
    assert (anna.rating, anna.federation, anna.birth_date, anna.federation_id) == (
        1720,
        "GER",
        datetime.date(1990, 5, 17),
        "C0327-7",
    )
