"""A Schach4 table's finishing order typed with the keyboard only, in a real browser (issue 15):
each seat's place in seat order, ``-`` for a player who did not come; names and the points the
places score show at once, the table is saved once every seat has its place, and a write on a
stale version (409) shows the other arbiter's places and drops what was typed, as for boards."""

import pytest

from tests.builders import enter_places
from tournaments.models import Match
from tournaments.services.pairing import round_pair_next
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

from .test_browser import _session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IDLE = "document.getElementById('grid').dataset.pending === '0'"
NAMES = ["Anna", "Bernd", "Cem", "Dora", "Emil", "Frieda", "Gökhan", "Heike"]


@pytest.fixture
def schach4(db):
    """Schach4 V1, eight players: round 1 at two tables of four, seeds 1–4 and 5–8."""
    tournament = tournament_create(name="Schach4 Abend", preset="schach4-v1")
    for seed, name in enumerate(NAMES, start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - seed}])
    round_pair_next(tournament=tournament)
    return tournament


def _places(tournament, table):
    match = Match.objects.get(round__tournament=tournament, round__number=1, table=table)
    return [side.place for side in match.sides.order_by("position")], match


def _seat_rows(page, table):
    section = f"section.match >> nth={table - 1}"
    inputs = [page.input_value(f"{section} >> input.result >> nth={n}") for n in range(4)]
    points = [page.inner_text(f"{section} >> [data-role=points] >> nth={n}") for n in range(4)]
    return inputs, points, page.inner_text(section)


def test_places_typed_per_seat_are_saved_with_their_points_and_a_stale_write_is_refused(
    browser, live_server, td, schach4
):
    context = browser.new_context(
        locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True
    )  # wait_for_function needs eval; test_csp.py checks the policy
    context.add_cookies([_session_cookie(live_server, td)])
    page = context.new_page()
    page.goto(f"{live_server.url}/desk/{schach4.slug}/rounds/1/results/")
    page.wait_for_function("document.activeElement && document.activeElement.dataset.field === 'place'")
    assert page.inner_text("#missing-count") == "2 tables without a result."

    # table 1: a draw with seats 1 and 2 still in, "1 1 3 4": (3 + 2) / 2 = 2½ each, 1, 0
    page.keyboard.type("113")
    assert _places(schach4, 1)[0] == [None] * 4  # nothing sent before every seat has its place
    page.keyboard.type("4")
    page.wait_for_function(IDLE)
    inputs, points, text = _seat_rows(page, 1)
    assert inputs == ["1", "1", "3", "4"] and points == ["2½", "2½", "1", "0"]
    assert all(name in text for name in NAMES[:4])
    assert _places(schach4, 1)[0] == [1, 1, 3, 4]
    assert page.inner_text("section.match >> nth=0 >> .status") == "saved"

    # focus moved on to table 2: Frieda did not come ("-"), Emil first, Heike second, Gökhan third
    page.keyboard.type("1-32")
    page.wait_for_function(IDLE)
    inputs, points, _ = _seat_rows(page, 2)
    assert inputs == ["1", "-", "3", "2"] and points == ["3", "0", "1", "2"]
    places, match = _places(schach4, 2)
    assert places == [1, 0, 3, 2]  # 0: absent, the last place by forfeit
    assert [seat.player_id is None for seat in match.boards.get().seats.order_by("position")] == [
        False,
        True,
        False,
        False,
    ]
    assert page.inner_text("#missing-count") == "0 tables without a result."

    # another arbiter corrects table 1 after the page was loaded: the TD's next key is refused
    # (409), the grid shows the other change with its points, and nothing the TD typed is stored
    _, table_1 = _places(schach4, 1)
    enter_places(match=table_1, places="4 3 2 1", source="api")
    page.click("section.match >> nth=0 >> input.result >> nth=0")
    page.keyboard.type("2")
    page.wait_for_function(IDLE)
    inputs, points, _ = _seat_rows(page, 1)
    assert inputs == ["4", "3", "2", "1"] and points == ["0", "1", "2", "3"]
    status = page.inner_text("section.match >> nth=0 >> .status")
    assert "changed by someone else" in status and "keys typed meanwhile were dropped" in status
    assert _places(schach4, 1)[0] == [4, 3, 2, 1]

    # typed again on the fresh version: saved
    page.click("section.match >> nth=0 >> input.result >> nth=2")
    page.keyboard.type("1")
    page.wait_for_function(IDLE)
    assert _places(schach4, 1)[0] == [4, 3, 1, 1]
    assert _seat_rows(page, 1)[1] == ["0", "1", "2½", "2½"]  # seats 3 and 4 share first: (3 + 2) / 2
    context.close()


def test_a_place_the_table_cannot_have_is_refused_where_the_td_sees_it(browser, live_server, td, schach4):
    context = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900}, bypass_csp=True)
    context.add_cookies([_session_cookie(live_server, td)])
    page = context.new_page()
    page.goto(f"{live_server.url}/desk/{schach4.slug}/rounds/1/results/")
    page.wait_for_function("document.activeElement && document.activeElement.dataset.field === 'place'")
    page.keyboard.type("1334")  # no second place before two thirds
    page.wait_for_function(IDLE)
    status = page.inner_text("section.match >> nth=0 >> .status")
    assert (
        status == "seat 2: place 3 cannot follow: the places so far end at 1, so the next is 2 (Schach4 Ende des "
        "Spiels)."
    )
    assert page.input_value("section.match >> nth=0 >> input.result >> nth=1") == ""  # the typed places are taken back
    assert _places(schach4, 1)[0] == [None] * 4
    # issue 28 item 4: a refused key never moves the cursor: it is back on table 1's first seat
    assert page.evaluate("document.activeElement.dataset.part") == "1"
    assert page.evaluate("document.activeElement.closest('section.match') === document.querySelector('section.match')")
    page.keyboard.type("x")
    assert page.inner_text("section.match >> nth=0 >> .status").startswith("“x” is not a key here. Keys: 1 2 3 4 -")
    context.close()
