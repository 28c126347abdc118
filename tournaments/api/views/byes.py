"""Byes requested in advance and late entries of a team Swiss (directors; issue 16).

The byes are one list with one version (``Tournament.byes_version``), its ETag on every answer;
a request or withdrawal naming an older one (``version``, or ``If-Match``) is answered 409.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response

from tournaments.models import RequestedBye, Team
from tournaments.services.requested_byes import bye_request, bye_withdraw, team_enter_late

from ..etags import byes_etag_of, byes_version_from
from ..permissions import ReadOnlyOrDirect
from ..serializers.byes import ByeRequestInput, ByeWithdrawInput, LateEntryInput, RequestedByeSerializer
from ..serializers.errors import ByesConflictSerializer
from ..serializers.teams import TeamSerializer
from .base import TournamentScoped, valid_input

_STALE = OpenApiResponse(ByesConflictSerializer, description="stale version of the byes")


def _etag(tournament) -> str:
    """The byes' ETag after a write (the service moved the version on in the database)."""
    tournament.refresh_from_db(fields=["byes_version"])
    return byes_etag_of(tournament)


class RequestedByeList(TournamentScoped, generics.ListAPIView):
    """Every bye requested in advance, late entries' missed rounds included, by round then seed;
    POST asks for one (directors)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = RequestedByeSerializer

    def get_queryset(self):
        return (
            RequestedBye.objects.filter(tournament=self.tournament)
            .select_related("team")
            .order_by("round_number", "team__seed")
        )

    def list(self, request, *args, **kwargs):
        response = super().list(request, *args, **kwargs)
        response["ETag"] = byes_etag_of(self.tournament)
        return response

    @extend_schema(request=ByeRequestInput, responses={201: RequestedByeSerializer, 409: _STALE})
    def post(self, request, slug):
        data = valid_input(ByeRequestInput, request.data)
        team = get_object_or_404(Team, tournament=self.tournament, pk=data["team"])
        expected = byes_version_from(request, self.tournament, data.get("version"))
        bye = bye_request(
            team=team,
            round_number=data["round"],
            kind=data["kind"],
            expected_version=expected,
            user=request.user,
            source=self.source,
        )
        return Response(
            RequestedByeSerializer(bye).data, status=status.HTTP_201_CREATED, headers={"ETag": _etag(self.tournament)}
        )


class RequestedByeDetail(TournamentScoped):
    """DELETE withdraws the team's request for that round (until the round is paired)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = RequestedByeSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("version", int, description="The byes' version you read (or send If-Match); stale: 409.")
        ],
        responses={204: None, 409: _STALE},
    )
    def delete(self, request, slug, team, number):
        data = valid_input(ByeWithdrawInput, request.query_params)
        team = get_object_or_404(Team, tournament=self.tournament, pk=team)
        expected = byes_version_from(request, self.tournament, data.get("version"))
        bye_withdraw(team=team, round_number=number, expected_version=expected, user=request.user, source=self.source)
        return Response(status=status.HTTP_204_NO_CONTENT, headers={"ETag": _etag(self.tournament)})


class LateEntry(TournamentScoped):
    """Register a team after the start, paired from ``from_round`` on (directors)."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = TeamSerializer

    @extend_schema(request=LateEntryInput, responses={201: TeamSerializer})
    def post(self, request, slug):
        data = valid_input(LateEntryInput, request.data)
        team = team_enter_late(tournament=self.tournament, user=request.user, source=self.source, **data)
        data = TeamSerializer(team, context=self.get_serializer_context()).data
        return Response(data, status=status.HTTP_201_CREATED, headers={"ETag": _etag(self.tournament)})
