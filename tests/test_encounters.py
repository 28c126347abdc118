"""The persisted model: encounters of 2..n sides, games of 2..4 seats (issue 14 item 4)."""

import pytest
from django.db import IntegrityError, transaction

from tests.builders import make_paired, make_tournament
from tournaments.models import BoardGame, Match, MatchSide, Round, Seat
from tournaments.services.encounters import EncounterPlan, GamePlan, encounters_create

pytestmark = pytest.mark.django_db


def test_a_table_of_four_sides_with_one_game_of_four_seats_is_stored_as_planned():
    tournament = make_tournament(teams=4, players=1)
    teams = list(tournament.teams.order_by("seed"))
    players = [team.players.get() for team in teams]
    round_ = Round.objects.create(tournament=tournament, number=1)
    game = GamePlan(board=1, players=tuple(players), colours=("W", "R", "B", "Y"), sides=(1, 2, 3, 4))
    [match] = encounters_create(
        plans=[EncounterPlan(match=Match(round=round_, table=1), teams=tuple(teams), games=(game,))]
    )

    match = Match.objects.with_sides().with_games().get(pk=match.pk)
    assert [team.name for team in match.teams] == [team.name for team in teams]
    [stored] = match.boards.all()
    assert [(seat.position, seat.side.position, seat.player.name, seat.colour) for seat in stored.seats.all()] == [
        (1, 1, players[0].name, "W"),
        (2, 2, players[1].name, "R"),
        (3, 3, players[2].name, "B"),
        (4, 4, players[3].name, "Y"),
    ]
    assert not match.is_bye and match.second_team == teams[1]


def test_partners_share_a_side_across_seats():
    """Viererschach: White + Yellow against Black + Red (Vierer §1): two sides, four seats."""
    tournament = make_tournament(teams=2, players=2)
    first, second = tournament.teams.order_by("seed")
    a1, a2 = first.players.order_by("position")
    b1, b2 = second.players.order_by("position")
    round_ = Round.objects.create(tournament=tournament, number=1)
    game = GamePlan(board=1, players=(a1, b1, a2, b2), colours=("W", "R", "Y", "B"), sides=(1, 2, 1, 2))
    [match] = encounters_create(
        plans=[EncounterPlan(match=Match(round=round_, table=1), teams=(first, second), games=(game,))]
    )
    by_side = {
        side.position: sorted(seat.player.name for seat in side.seats.select_related("player"))
        for side in MatchSide.objects.filter(match=match)
    }
    assert by_side == {1: sorted([a1.name, a2.name]), 2: sorted([b1.name, b2.name])}


def test_a_team_takes_one_side_and_a_game_one_player_per_seat():
    tournament = make_paired(teams=2)
    match = Match.objects.with_sides().get()
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchSide.objects.create(match=match, position=3, team=match.first_team)
    game = BoardGame.objects.filter(match=match).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, position=1, side=match.sides.first(), colour="W")
    assert tournament.rounds.count() == 1


def test_a_bye_is_an_encounter_of_one_side():
    make_paired(teams=3)
    byes = Match.objects.byes().with_sides()
    assert byes.count() == 3  # one per round of the three-team round robin
    assert all(match.is_bye and match.second_team is None and not match.boards.exists() for match in byes)
    assert Match.objects.paired().count() == 3
