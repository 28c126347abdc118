"""Byes requested in advance and late entries of a team Swiss (directors; issue 16)."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response

from tournaments.models import RequestedBye, Team
from tournaments.services.requested_byes import bye_request, bye_withdraw, team_enter_late

from ..permissions import ReadOnlyOrDirect
from ..serializers.byes import ByeRequestInput, LateEntryInput, RequestedByeSerializer
from ..serializers.teams import TeamSerializer
from .base import TournamentScoped, valid_input


class RequestedByeList(TournamentScoped, generics.ListAPIView):
    """Every bye requested in advance, late entries' missed rounds included, by round then seed;
    POST asks for one (directors)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = RequestedByeSerializer

    def get_queryset(self):
        return RequestedBye.objects.filter(tournament=self.tournament).select_related("team").order_by("round_number", "team__seed")

    @extend_schema(request=ByeRequestInput, responses={201: RequestedByeSerializer})
    def post(self, request, slug):
        data = valid_input(ByeRequestInput, request.data)
        team = get_object_or_404(Team, tournament=self.tournament, pk=data["team"])
        bye = bye_request(team=team, round_number=data["round"], kind=data["kind"], user=request.user, source=self.source)
        return Response(RequestedByeSerializer(bye).data, status=status.HTTP_201_CREATED)


class RequestedByeDetail(TournamentScoped):
    """DELETE withdraws the team's request for that round (until the round is paired)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = RequestedByeSerializer

    @extend_schema(responses={204: None})
    def delete(self, request, slug, team, number):
        team = get_object_or_404(Team, tournament=self.tournament, pk=team)
        bye_withdraw(team=team, round_number=number, user=request.user, source=self.source)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LateEntry(TournamentScoped):
    """Register a team after the start, paired from ``from_round`` on (directors)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = TeamSerializer

    @extend_schema(request=LateEntryInput, responses={201: TeamSerializer})
    def post(self, request, slug):
        data = valid_input(LateEntryInput, request.data)
        team = team_enter_late(tournament=self.tournament, user=request.user, source=self.source, **data)
        return Response(TeamSerializer(team, context=self.get_serializer_context()).data, status=status.HTTP_201_CREATED)
