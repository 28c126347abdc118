"""The desk for tandem: one result per match with deciding board and how, both legs, lineups of 2."""

import pytest

from tests.builders import enter_match, make_paired
from tournaments.models import AuditEntry, Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def tandem(db):
    """Four tandem teams of two, double rounds, every round paired; nothing played yet."""
    return make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4, double_rounds=True)


def match(tournament, number, table, leg=1):
    return Match.objects.get(round__tournament=tournament, round__number=number, table=table, leg=leg)


def save(desk, m, tournament=None, **post):
    """What the result grid sends: the desk's session, JSON to the API (one write protocol)."""
    slug = (tournament or m.round.tournament).slug
    return desk.post(f"/api/v1/tournaments/{slug}/matches/{m.pk}/result/", post, content_type="application/json")


def test_the_results_page_has_one_entry_per_match_and_leg(desk, tandem):
    enter_match(match=match(tandem, 1, 2, leg=2), result="0-1", deciding_board=2, decided_by="time-neighbour")
    response = desk.get(f"/desk/{tandem.slug}/rounds/1/results/")
    assert response.status_code == 200
    page = response.text
    assert "results-grid.js" in page and 'data-field="deciding_board"' in page and 'data-board="1"' not in page
    assert page.count('<section class="match') == 4  # tables 1 and 2, two legs each
    assert "Table 1, leg 1:" in page and "Table 2, leg 2:" in page
    assert page.count('input class="result missing"') == 3 and "3 matches without a result." in page
    assert 'value="0-1"' in page and 'value="2"' in page
    assert '<option value="time-neighbour" data-key="n" selected>' in page
    # Tandem §8.2: the first-named team has Black on board 1, White on board 2, in both legs: the
    # return leg names the other team first.
    first_leg, second_leg = (
        page.split("Table 1, leg 2:")[0],
        page.split("Table 1, leg 2:")[1].split("Table 2, leg 1:")[0],
    )
    assert first_leg.index('class="colour B"') < first_leg.index('class="colour W"')
    assert second_leg.index('class="colour B"') < second_leg.index('class="colour W"')
    one, two = match(tandem, 1, 1), match(tandem, 1, 1, leg=2)
    assert second_leg.index(two.first_team.name) < second_leg.index(two.second_team.name)
    assert (two.first_team, two.second_team) == (one.second_team, one.first_team)


def test_a_match_result_is_saved_with_board_and_how_and_the_points_come_back(desk, tandem):
    m = match(tandem, 1, 1)
    step = save(desk, m, result="1:0", version=m.version)  # typed spellings are stored canonically
    assert step.status_code == 200
    data = step.json()
    assert (data["result"], data["deciding_board"], data["decided_by"]) == ("1-0", None, "")
    assert data["score"] == {"first": 1.0, "second": 0.0, "first_mp": 2.0, "second_mp": 0.0, "missing": 0}
    assert data["version"] == m.version + 1
    full = save(desk, m, result="1-0", deciding_board="2", decided_by="checkmate", version=m.version + 1).json()
    assert (full["result"], full["deciding_board"], full["decided_by"]) == ("1-0", 2, "checkmate")
    m.refresh_from_db()
    assert (m.result, m.deciding_board, m.decided_by, m.version) == ("1-0", 2, "checkmate", 3)
    assert AuditEntry.objects.filter(action="result", source="desk", target="R1 T1").count() == 2
    cleared = save(desk, m, result="", version=3).json()
    assert cleared["result"] == "" and cleared["score"]["missing"] == 1 and cleared["score"]["first_mp"] is None


@pytest.mark.parametrize(
    ("post", "field", "text"),
    [
        ({"result": "2-0"}, "result", "result:"),
        ({"result": "1-0", "deciding_board": "3"}, "deciding_board", "from 1 to 2"),
        ({"result": "½-½", "deciding_board": "1"}, "deciding_board", "Tandem §6"),
        ({"result": "½-½", "decided_by": "checkmate"}, "decided_by", "cannot be ½-½"),
        ({"result": "1-0", "decided_by": "magic"}, "decided_by", "not a way a match is decided"),
        ({"result": "+-", "deciding_board": "1"}, "deciding_board", "forfeited match"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(desk, tandem, post, field, text):
    m = match(tandem, 1, 1)
    response = save(desk, m, version=m.version, **post)
    assert response.status_code == 400
    data = response.json()
    assert (
        data["field"] == field and data["detail"].startswith(f"{field.replace('_', ' ')}:") and text in data["detail"]
    )
    m.refresh_from_db()
    assert (m.result, m.version) == ("", 1)  # nothing written


def test_a_missing_version_is_a_400(desk, tandem):
    response = save(desk, match(tandem, 1, 1), result="1-0")
    assert response.status_code == 400 and response.json()["field"] == "version"


def test_a_stale_version_is_a_409_with_the_current_result(desk, tandem):
    m = match(tandem, 2, 1, leg=2)
    seen = m.version
    enter_match(match=m, result="0-1", deciding_board=1, decided_by="resignation", source="api")  # meanwhile
    response = save(desk, m, result="1-0", deciding_board="2", decided_by="checkmate", version=seen)
    assert response.status_code == 409
    data = response.json()
    assert data["field"] == "version" and "changed by someone else" in data["detail"]
    current = data["current"]
    assert (current["result"], current["deciding_board"], current["decided_by"]) == ("0-1", 1, "resignation")
    assert current["version"] == seen + 1 and current["score"]["second_mp"] == 2.0
    m.refresh_from_db()
    assert m.result == "0-1"  # not overwritten


def test_a_match_of_another_tournament_is_404(desk, tandem, running):
    other = match(running, 2, 1)
    assert save(desk, other, tournament=tandem, result="1-0", version=1).status_code == 404


def test_the_blitz_grid_refuses_a_match_result_and_the_board_endpoint_refuses_tandem(desk, tandem, running):
    blitz = match(running, 3, 1)
    assert save(desk, blitz, result="1-0", version=blitz.version).json()["detail"].startswith("result:")
    response = save(desk, match(tandem, 1, 1), board=1, result="1-0", version=1)
    assert response.status_code == 400 and "Tandem §1.3" in response.json()["detail"]


def test_lineups_of_two_boards_are_shown_and_saved(desk, tandem):
    page = desk.get(f"/desk/{tandem.slug}/rounds/1/lineups/")
    assert page.status_code == 200
    m = match(tandem, 1, 1)
    prefix = f"m{m.pk}-first"
    form = page.context["blocks"][0]["sides"][0]["form"]
    assert [name for name in form.fields if name.startswith("board")] == ["board_1", "board_2"]
    players = list(m.first_team.players.order_by("position"))
    response = desk.post(
        f"/desk/{tandem.slug}/rounds/1/lineups/",
        {
            "match": m.pk,
            "side": "first",
            "version": m.version,
            f"{prefix}-board_1": players[0].position,
            f"{prefix}-board_2": players[1].position,
        },
    )
    assert response.status_code == 302


def test_the_overview_lists_both_legs_of_each_table(desk, tandem):
    page = desk.get(f"/desk/{tandem.slug}/").text
    round_one = page.split('id="round-prints-1"')[0]
    assert [cell for cell in ("1/1", "1/2", "2/1", "2/2") if f'<td class="num">{cell}</td>' in round_one] == [
        "1/1",
        "1/2",
        "2/1",
        "2/2",
    ]


def test_publishing_a_complete_tandem_round_asks_nothing_and_an_incomplete_one_lists_the_matches(desk, tandem):
    matches = Match.objects.filter(round__tournament=tandem, round__number=1)
    for m in matches.exclude(table=2, leg=2):
        enter_match(match=m, result="1-0")
    asked = desk.post(f"/desk/{tandem.slug}/rounds/1/publish/")
    assert asked.status_code == 200 and "1 match still has no result:" in asked.text
    assert "Table 2:" in asked.text and "board" not in asked.text.split("still has no result:")[1].split("</ul>")[0]
    enter_match(match=match(tandem, 1, 2, leg=2), result="½-½")
    assert desk.post(f"/desk/{tandem.slug}/rounds/1/publish/").status_code == 302  # complete: no confirm step
    assert tandem.rounds.get(number=1).published_at is not None


def test_the_incident_form_names_the_leg_of_each_table(desk, tandem):
    page = desk.get(f"/desk/{tandem.slug}/rounds/1/incidents/").text
    second_leg = match(tandem, 1, 2, leg=2)
    assert f'<option value="{second_leg.pk}">2, leg 2: ' in page


def test_the_match_level_results_page_links_to_the_incidents(desk, tandem):
    page = desk.get(f"/desk/{tandem.slug}/rounds/1/results/").text
    assert f'href="/desk/{tandem.slug}/rounds/1/incidents/"' in page.split('<div class="actions no-print">')[1]
