"""`make run` loads the demo: its user reaches a working desk and the public sees published rounds."""

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db

SLUG = "frankenwaldpokal-demo"


def test_the_demo_user_reaches_a_working_desk_and_the_public_sees_published_rounds(client):
    call_command("demo", stdout=io.StringIO())
    response = client.post("/accounts/login/", {"username": "td", "password": "arbiter"})
    assert response.headers["Location"] == "/desk/"
    for path in (
        "/desk/",
        f"/desk/{SLUG}/",
        f"/desk/{SLUG}/teams/",
        f"/desk/{SLUG}/rounds/6/results/",
        f"/desk/{SLUG}/rounds/7/lineups/",
    ):
        assert client.get(path).status_code == 200, path
    grid = client.get(f"/desk/{SLUG}/rounds/7/results/")
    assert "20 boards without a result." in grid.text
    # the public sees the five published rounds only
    standings = client.get(f"/t/{SLUG}/standings/")
    assert "Standings after round 5" in standings.text
    assert "not published yet" in client.get(f"/t/{SLUG}/results/6/").text
