"""Who is present at an encounter is decided per side, from every seat of that side (issue 24).

A Viererschach table seats each team on two seats (White + Yellow, seats 1 and 4, against Red +
Black, seats 2 and 3), so seat positions 1 and 2 are not "the first and the second team"; an
archive written before return legs named the other team first seats the first-named team at Black
+ Red there.
A team with an empty seat forfeits the match (Vierer §1); these cases go through the services,
the API, the desk and an archive, leg 1 and leg 2.
"""

import pytest
from rest_framework.test import APIClient

from tests.builders import enter_match
from tournaments.domain.errors import RuleViolation
from tournaments.models import Match, Seat
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.lineups import match_lineup_set
from tournaments.services.pairing import rounds_pair_all
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db


def vierer_two_legs(teams=4, name="Vierer-Liga"):
    tournament = tournament_create(name=name, preset="vierer-team", double_rounds=True)
    for seed in range(1, teams + 1):
        team_create(
            tournament=tournament,
            name=f"Team {seed}",
            seed=seed,
            players=[{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}],
        )
    rounds_pair_all(tournament=tournament)
    return tournament


def leg(tournament, number=1, table=1, leg=2):
    return Match.objects.with_sides().get(round__tournament=tournament, round__number=number, table=table, leg=leg)


def seats(match):
    """(seat position, side position, colour, player present) in move order."""
    return [
        (seat.position, seat.side.position, seat.colour, seat.player_id is not None)
        for seat in Seat.objects.filter(game__match=match).select_related("side").order_by("position")
    ]


def test_a_return_leg_names_the_other_team_first_which_takes_white_and_yellow():
    """The premise of every case below: the first-named team holds seats 1 and 4 (White, Yellow)
    in either leg; the return leg names the other team first, so the teams swap sides."""
    tournament = vierer_two_legs()
    first, second = leg(tournament, leg=1), leg(tournament)
    assert (second.first_team, second.second_team) == (first.second_team, first.first_team)
    assert seats(second) == [(1, 1, "W", True), (2, 2, "R", True), (3, 2, "B", True), (4, 1, "Y", True)]


@pytest.mark.parametrize("rank", [1, 2])
def test_a_return_leg_with_an_empty_seat_of_the_first_named_team_is_its_forfeit(rank):
    tournament = vierer_two_legs()
    match = leg(tournament)
    positions = [1, 2]
    positions[rank - 1] = None
    match_lineup_set(match=match, team=match.first_team, positions=positions)
    match.refresh_from_db()
    assert match.result == "-+"  # implied at once: the first-named team is one player short
    with pytest.raises(RuleViolation) as refused:
        enter_match(match=match, result="+-")
    assert refused.value.field == "result" and refused.value.rule == "Vierer §1"
    enter_match(match=match, result="--")
    enter_match(match=match, result="-+")


@pytest.mark.parametrize("colour, rank", [("Y", 2), ("B", 1)])
def test_in_leg_one_an_empty_yellow_or_black_seat_forfeits_too(colour, rank):
    """Leg 1: Yellow is the first-named team's player 2, Black the other team's player 1."""
    tournament = vierer_two_legs()
    match = leg(tournament, leg=1)
    team = match.first_team if colour == "Y" else match.second_team
    positions = [1, 2]
    positions[rank - 1] = None
    match_lineup_set(match=match, team=team, positions=positions)
    match.refresh_from_db()
    forfeit = "-+" if colour == "Y" else "+-"
    assert match.result == forfeit
    with pytest.raises(RuleViolation):
        enter_match(match=match, result="1-0")
    enter_match(match=match, result=forfeit)


def test_a_team_withdrawn_before_it_played_loses_every_leg_and_is_not_first():
    tournament = vierer_two_legs()
    team = tournament.teams.get(name="Team 1")
    team_withdraw(team=team, from_round=1)
    for match in Match.objects.filter(round__tournament=tournament).of_team(team).with_sides():
        own = 1 if match.first_team == team else 2
        assert match.result == ("-+" if own == 1 else "+-"), (match.round.number, match.leg)
    rows = standings_for_tournament(tournament=tournament).rows
    assert rows[0].team.name != "Team 1"
    assert next(row.row.mp for row in rows if row.team.name == "Team 1") == 0


def test_the_api_refuses_a_forfeit_win_for_the_team_with_the_empty_seat(django_user_model):
    tournament = vierer_two_legs()
    match = leg(tournament)
    match_lineup_set(match=match, team=match.first_team, positions=[1, None])
    match.refresh_from_db()
    client = APIClient()
    client.force_authenticate(django_user_model.objects.create_user("td", is_superuser=True))
    url = f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/result/"
    wrong = client.post(url, {"result": "+-", "version": match.version}, format="json")
    assert wrong.status_code == 400 and wrong.json()["field"] == "result"
    right = client.post(url, {"result": "-+", "version": match.version}, format="json")
    assert right.status_code == 200 and right.json()["result"] == "-+"


def test_the_desk_lineup_and_grid_give_the_forfeit_to_the_team_that_is_present(client, django_user_model):
    tournament = vierer_two_legs()
    match = leg(tournament)
    client.force_login(django_user_model.objects.create_user("td", is_superuser=True, is_staff=True))
    prefix = f"m{match.pk}-first"
    saved = client.post(
        f"/desk/{tournament.slug}/rounds/1/lineups/",
        {
            "match": match.pk,
            "side": "first",
            "version": match.version,
            f"{prefix}-board_1": "",
            f"{prefix}-board_2": "2",
        },
    )
    assert saved.status_code == 302, saved.content
    match.refresh_from_db()
    assert match.result == "-+"
    grid = client.post(
        f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/result/",
        {"result": "+-", "version": match.version},
        content_type="application/json",
    )
    assert grid.status_code == 400


def archive(result_sides=None, players=("P1a", "P1b", "P2a", "P2b"), name="Vierer-Archiv"):
    """A two-leg Viererschach archive of two teams, one round; the return leg's seats as given:
    side 2 (Team 2) at White and Yellow, side 1 (Team 1) at Red and Black."""
    white, red, black, yellow = players[2], players[1], players[0], players[3]
    encounter = {
        "table": 1,
        "leg": 2,
        "sides": [{"entrant": "Team 1"}, {"entrant": "Team 2"}],
        "games": [
            {
                "board": 1,
                "seats": [
                    {"side": 2, "player": white, "colour": "W"},
                    {"side": 1, "player": red, "colour": "R"},
                    {"side": 1, "player": black, "colour": "B"},
                    {"side": 2, "player": yellow, "colour": "Y"},
                ],
            }
        ],
    }
    if result_sides:
        encounter["sides"] = [{"entrant": f"Team {n}", "result": result} for n, result in enumerate(result_sides, 1)]
    return {
        "format": "arbiter-tournament",
        "version": 2,
        "tournament": {"name": name, "preset": "vierer-team", "double_rounds": True},
        "teams": [
            {"name": "Team 1", "players": [{"name": "P1a"}, {"name": "P1b"}]},
            {"name": "Team 2", "players": [{"name": "P2a"}, {"name": "P2b"}]},
        ],
        "rounds": [{"number": 1, "encounters": [encounter]}],
    }


def test_an_archive_return_leg_with_team_one_absent_takes_the_right_forfeit():
    """Team 1's player 2 (Red) is missing in leg 2: the match is Team 2's forfeit win."""
    missing = ("P1a", None, "P2a", "P2b")
    implied = tournament_import(archive=archive(players=missing))
    assert Match.objects.get(round__tournament=implied, leg=2).result == "-+"
    right = tournament_import(archive=archive(result_sides=("-", "+"), players=missing, name="B"))
    assert Match.objects.get(round__tournament=right, leg=2).result == "-+"
    with pytest.raises(RuleViolation) as refused:
        tournament_import(archive=archive(result_sides=("+", "-"), players=missing, name="C"))
    assert "result" in refused.value.field
