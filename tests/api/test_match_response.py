"""The write response built from ``values()`` rows equals ``MatchSerializer``'s output (issue 7)."""

import pytest
from rest_framework.test import APIRequestFactory

from tests.builders import play_round
from tournaments.api.serializers.matches import MatchSerializer, match_data, match_for_response
from tournaments.models import BoardGame, Match
from tournaments.services.publishing import round_publish

pytestmark = pytest.mark.django_db


def _serialized(match, private):
    request = APIRequestFactory().get("/")
    return MatchSerializer(match_for_response(match.pk), context={"request": request, "private": private}).data


@pytest.mark.parametrize("private", [True, False])
def test_match_data_equals_the_serializer_before_and_after_publishing(world, private):
    round_ = world.a.rounds.get(number=1)
    match = round_.matches.get(table=1)
    BoardGame.objects.filter(match=match, board=2).update(first_player=None)  # an empty seat: null player
    play_round(round_, {1: "1-0"})
    unpublished = match_data(match.pk, world.a, private=private)
    assert unpublished == _serialized(match, private)
    assert unpublished["boards"][1]["first_player"] is None
    assert unpublished["boards"][0]["result"] == ("1-0" if private else "")
    round_publish(round_=round_, user=world.users["director_a"])
    published = match_data(match.pk, world.a, private=private)
    assert published == _serialized(match, private)
    assert published["results_published"] is True and published["boards"][0]["result"] == "1-0"


def test_match_data_of_a_match_without_boards_equals_the_serializer(world):
    match = world.a.rounds.get(number=1).matches.get(table=2)
    BoardGame.objects.filter(match=match).delete()
    Match.objects.filter(pk=match.pk).update(second_team=None)  # shaped like a bye
    data = match_data(match.pk, world.a, private=True)
    assert data == _serialized(match, True)
    assert data["boards"] == [] and data["second_team"] is None
