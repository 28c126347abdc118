"""A roster sent to the API is checked whole: every problem comes back at once (issue 18, item 18),
named by its field, with the text in the user's language (item 15)."""

import pytest

from tests.builders import make_tournament

pytestmark = pytest.mark.django_db

NAMES = ["Jürgen Müller", "Jürgen Müller", "Zoë Fuß", "Zoë Fuß", "Uwe Maier", "Ines Böhm"]
ROSTER = {"name": "SV Höchstadt", "players": [{"name": name} for name in NAMES]}


@pytest.mark.parametrize(
    ("language", "details"),
    [
        (
            "en",
            [
                "players: at most 5 players (4 boards and 1 substitute).",
                "player 2: “Jürgen Müller” is on the roster twice.",
                "player 4: “Zoë Fuß” is on the roster twice.",
            ],
        ),
        (
            "de",
            [
                "Spieler: höchstens 5 Spieler (4 Bretter und 1 Ersatzspieler).",
                "Spieler 2: „Jürgen Müller“ steht zweimal in der Mannschaftsmeldung.",
                "Spieler 4: „Zoë Fuß“ steht zweimal in der Mannschaftsmeldung.",
            ],
        ),
    ],
)
def test_every_roster_problem_is_reported_with_its_field(world, language, details):
    tournament = make_tournament(teams=0, name="Neu", user=world.users["director_a"])
    response = world.client("director_a").post(
        f"/api/v1/tournaments/{tournament.slug}/teams/", ROSTER, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    body = response.json()
    assert [error["field"] for error in body["errors"]] == ["players", "players[2]", "players[4]"]
    assert [error["detail"] for error in body["errors"]] == details
    assert (body["field"], body["detail"]) == ("players", details[0])
    assert not tournament.teams.exists()
