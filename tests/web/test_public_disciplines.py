"""Characterisation of bugs that came from branching on the discipline (issue 14): each public page
must ask the discipline what is scored, and a double round's second leg has its own colours."""

import re

import pytest
from django.urls import reverse

from tests.builders import enter_board, enter_match, make_paired, play_round
from tournaments.models import Match
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def team_page(client, tournament, team):
    client.cookies["django_language"] = "en"
    return client.get(reverse("tournaments:team", args=[tournament.slug, team.pk])).text


def round_part(page: str, number: int) -> str:
    return page.split(f"Round {number}:")[1].split("</table>")[0]


def test_a_published_decided_tandem_match_shows_its_result_on_the_team_page(client):
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=4)
    round_1 = tournament.rounds.get(number=1)
    match = Match.objects.get(round=round_1, table=1)
    enter_match(match=match, result="0-1", deciding_board=2, decided_by="checkmate")
    round_publish(round_=round_1)
    first = team_page(client, tournament, match.first_team)
    part = round_part(first, 1)
    assert "…" not in part  # Tandem §1.3: the match has a result, the boards have none of their own
    assert "<strong>0 : 1</strong>" in part
    assert "<strong>1 : 0</strong>" in round_part(team_page(client, tournament, match.second_team), 1)
    assert "Score per board" not in first  # no board points in tandem


def test_the_second_leg_of_a_double_round_shows_its_own_colours_on_the_team_page(client):
    tournament = make_paired(teams=4, double_rounds=True)  # Blitz §18: first-named team BWBW, leg 2 swapped
    round_1 = tournament.rounds.get(number=1)
    play_round(round_1, {1: "1-0 1-0 1-0 1-0", 2: "½-½ ½-½ ½-½ ½-½"})
    for match in Match.objects.filter(round=round_1, leg=2).prefetch_related("boards"):
        for board in match.boards.all():
            enter_board(board=board, result="0-1")
    round_publish(round_=round_1)
    team = Match.objects.get(round=round_1, table=1, leg=1).first_team
    page = team_page(client, tournament, team)
    legs = [page.split(f"Round 1, leg {leg}:")[1] for leg in (1, 2)]
    colours = [re.findall(r'class="colour ([WB])"', leg.split("</table>")[0]) for leg in legs]
    assert colours == [list("BWBW"), list("WBWB")]


@pytest.mark.parametrize(
    ("preset", "cited"), [("blitz-frankenwald", True), ("fide-team", False), ("tandem-dsb", False)]
)
def test_the_standings_cite_blitz_16_only_for_team_blitz(client, preset, cited):
    tournament = make_paired(preset=preset, name="Open", players=2 if preset == "tandem-dsb" else 4, teams=4)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournaments:standings", args=[tournament.slug])).text
    legend = page.split("Teams are ranked by match points")[1].split("</p>")[0]
    assert ("(Blitz §16)" in legend) is cited
