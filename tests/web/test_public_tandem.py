"""The public pages of the tandem demo: both boards' colours per leg, match results with the
deciding board and how, standings without board points, crosstable with a result per leg."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.management.commands.demo import TANDEM_SLUG
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(client):
    call_command("demo", "--tandem", stdout=None)
    client.cookies["django_language"] = "en"
    return Tournament.objects.get(slug=TANDEM_SLUG)


def url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def test_pairings_show_both_boards_colours_per_leg_and_the_players(client, demo):
    page = client.get(url("pairings", demo, 6)).text
    m = Match.objects.with_sides().with_games().get(round__tournament=demo, round__number=6, table=1, leg=1)
    first_leg = page.split("Table 1, leg 1:")[1].split("Table 1, leg 2:")[0]
    second_leg = page.split("Table 1, leg 2:")[1].split("Table 2, leg 1:")[0]

    # Tandem §8.2: first-named team Black on board 1, White on board 2 (its opponent the reverse), in
    # both legs: the return leg names the other team first, so every player changes colour.
    def colours(part):
        return re.findall(r'class="colour ([WB])"', part)

    assert colours(first_leg) == ["B", "W", "W", "B"]
    assert colours(second_leg) == ["B", "W", "W", "B"]
    assert second_leg.index(m.second_team.name) < second_leg.index(m.first_team.name)
    for game in m.boards.all():
        assert game.first_player.name in first_leg and game.first_player.name in second_leg
    assert "…" not in page  # pairings carry no result column


def test_results_show_the_match_result_the_deciding_board_and_how(client, demo):
    decided = Match.objects.filter(round__tournament=demo, round__number=1, decided_by="checkmate").first()
    page = client.get(url("results", demo, 1)).text
    part = page.split(f"Table {decided.table}, leg {decided.leg}:")[1].split("</table>")[0]
    assert f"<strong>{decided.result}</strong>" in part
    assert f"decided on board {decided.deciding_board} · checkmate" in part
    forfeit = client.get(url("results", demo, 4)).text.split("Table 6, leg 2:")[1].split("</table>")[0]
    assert "Result: <strong>+-</strong>" in forfeit and "decided on board" not in forfeit
    assert "not published yet" in client.get(url("results", demo, 6)).text


def test_standings_have_no_board_points_and_explain_sb_and_win(client, demo):
    response = client.get(url("standings", demo))
    page = response.text
    assert "Standings after round 5" in page
    assert ">BP</abbr>" not in page and ">BW</abbr>" not in page and ">FWB</abbr>" not in page
    for code in ("DE", "SB", "WIN"):
        assert f">{code}</abbr>" in page and f"<strong>{code}</strong>" in page
    assert "Wins" in page
    rows = response.context["standings"].rows
    assert len(rows) == 12 and sum(entry.row.played for entry in rows) == 12 * 10  # 5 double rounds


def test_the_crosstable_shows_the_match_result_of_each_leg(client, demo):
    response = client.get(url("crosstable", demo))
    assert response.status_code == 200 and ">BP</th>" not in response.text
    m = Match.objects.get(round__tournament=demo, round__number=4, table=6, leg=2)
    row = next(r for r in response.context["crosstable"].rows if r.team.pk == m.first_team_id)
    assert [e.result for e in row.cells[m.second_team_id]][-1] == "+-"
    assert 'title="Round 4, leg 2">+-</span>' in response.text
    assert 'title="Round 4, leg 2">-+</span>' in response.text  # the same match from the other side


def test_the_tandem_demo_prints_from_the_desk_and_the_public_pages(client, desk, demo):
    from tests.documents.pdf import text
    from tournaments.services.tournaments import tournament_update

    tournament_update(tournament=demo, language="en")  # the demo prints in German by default
    forms = text(desk.get(url("pdf_match_reports", demo, 6) + "?per_page=2").content)
    assert (
        forms.count("Match report form Round 6") == 12
        and "Table 6 · Leg 2" in forms
        and "Deciding board ☐ 1 ☐ 2" in forms
    )
    pairings = text(client.get(url("pdf_pairings", demo, 5)).content)
    m = Match.objects.with_sides().get(round__tournament=demo, round__number=5, table=2, leg=2)
    assert f"2 2 {m.first_team.name} – {m.second_team.name} Black {m.result}" in pairings  # §8.2 in leg 2 too
    assert " BP" not in text(client.get(url("pdf_standings", demo)).content)
