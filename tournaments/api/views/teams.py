from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from tournaments.models import Player, Team
from tournaments.services.teams import team_create, team_delete, team_rename, team_roster_set, teams_seed

from ..permissions import ReadOnlyOrDirect
from ..serializers import MAX_ID
from ..serializers.teams import (
    PlayerSerializer,
    RosterInput,
    SeedOrderSerializer,
    TeamCreateSerializer,
    TeamRenameSerializer,
    TeamSerializer,
)
from .base import SOURCE, TournamentScoped, valid_input


class TeamList(TournamentScoped, generics.ListAPIView):
    """The teams in seed order with their rosters; directors register new ones."""

    serializer_class = TeamSerializer
    permission_classes = [ReadOnlyOrDirect]

    def get_queryset(self):
        return Team.objects.filter(tournament=self.tournament).prefetch_related("players").order_by("seed", "id")

    @extend_schema(request=TeamCreateSerializer, responses={201: TeamSerializer})
    def post(self, request, slug):
        data = valid_input(TeamCreateSerializer, request.data)
        team = team_create(tournament=self.tournament, user=request.user, source=SOURCE, **data)
        return Response(
            TeamSerializer(team, context=self.get_serializer_context()).data, status=status.HTTP_201_CREATED
        )


class TeamDetail(TournamentScoped):
    serializer_class = TeamSerializer
    permission_classes = [ReadOnlyOrDirect]

    def team(self, pk) -> Team:
        return get_object_or_404(Team.objects.prefetch_related("players"), tournament=self.tournament, pk=pk)

    def get(self, request, slug, pk):
        return Response(TeamSerializer(self.team(pk), context=self.get_serializer_context()).data)

    @extend_schema(request=TeamRenameSerializer, responses=TeamSerializer)
    def patch(self, request, slug, pk):
        """Correct the name or short name (directors), at any time; recorded in the audit trail."""
        data = valid_input(TeamRenameSerializer, request.data)
        team = team_rename(team=self.team(pk), user=request.user, source=SOURCE, **data)
        return Response(TeamSerializer(self.team(team.pk), context=self.get_serializer_context()).data)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, slug, pk):
        """Remove a team registered by mistake (directors), before the tournament starts."""
        team_delete(team=self.team(pk), user=request.user, source=SOURCE)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamRoster(TeamDetail):
    @extend_schema(request=RosterInput, responses=TeamSerializer)
    def put(self, request, slug, pk):
        """Replace the roster (board order, then substitutes); locked once the tournament started."""
        data = valid_input(RosterInput, request.data)
        team = team_roster_set(team=self.team(pk), players=data["players"], user=request.user, source=SOURCE)
        return Response(TeamSerializer(self.team(team.pk), context=self.get_serializer_context()).data)


class TeamSeeds(TournamentScoped):
    """Number the teams before the first pairing: by rating, by lots, or in a given order."""

    permission_classes = [ReadOnlyOrDirect]

    @extend_schema(request=SeedOrderSerializer, responses=TeamSerializer(many=True))
    def post(self, request, slug):
        data = valid_input(SeedOrderSerializer, request.data)
        named = {team.pk: team for team in self.tournament.teams.all()}
        given = [named.get(pk) or Team(pk=pk) for pk in data.get("teams", [])]
        teams_seed(tournament=self.tournament, order=data["order"], teams=given, user=request.user, source=SOURCE)
        teams = Team.objects.filter(tournament=self.tournament).prefetch_related("players").order_by("seed")
        return Response(TeamSerializer(teams, many=True, context=self.get_serializer_context()).data)


class _PlayerQuery(serializers.Serializer):
    team = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class PlayerList(TournamentScoped, generics.ListAPIView):
    """Every registered player, by team seed and board position; ``?team=<id>`` filters."""

    serializer_class = PlayerSerializer
    permission_classes = [ReadOnlyOrDirect]

    def get_queryset(self):
        players = Player.objects.filter(team__tournament=self.tournament).order_by("team__seed", "position", "id")
        team = valid_input(_PlayerQuery, self.request.query_params).get("team")
        return players.filter(team_id=team) if team else players

    @extend_schema(parameters=[OpenApiParameter("team", int)])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
