"""The audit trail with reverts, roles and API tokens."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from tournaments.models import ApiToken, AuditEntry, TournamentRole
from tournaments.selectors.match_view import match_view
from tournaments.services.results import result_revert
from tournaments.services.roles import member_named, role_grant, role_revoke
from tournaments.services.tokens import token_create, token_revoke

from ..permissions import CanDirect, CanViewPrivate
from ..serializers import MAX_ID
from ..serializers.matches import MatchSerializer
from ..serializers.records import (
    AuditEntrySerializer,
    RoleInput,
    RoleSerializer,
    TokenCreatedSerializer,
    TokenInput,
    TokenSerializer,
)
from .base import SOURCE, TournamentScoped, valid_input


class _AuditQuery(serializers.Serializer):
    action = serializers.ChoiceField(choices=AuditEntry.Action.values, required=False)
    match = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class TournamentAudit(TournamentScoped, generics.ListAPIView):
    """Every recorded change in the tournament, newest first (staff only)."""

    serializer_class = AuditEntrySerializer
    permission_classes = [CanViewPrivate]

    def get_queryset(self):
        query = valid_input(_AuditQuery, self.request.query_params)
        entries = AuditEntry.objects.filter(tournament=self.tournament, **query).select_related("user")
        return entries.order_by("-created_at", "-id")

    @extend_schema(
        parameters=[OpenApiParameter("action", str, enum=AuditEntry.Action.values), OpenApiParameter("match", int)]
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class AuditRevert(TournamentScoped):
    """Undo one result change (directors); the undoing is recorded as a new entry."""

    permission_classes = [CanDirect]

    @extend_schema(request=None, responses=MatchSerializer)
    def post(self, request, slug, pk):
        entry = get_object_or_404(AuditEntry, tournament=self.tournament, pk=pk)
        match = result_revert(audit_entry=entry, user=request.user, source=SOURCE)
        return Response(match_view(match_id=match.pk, tournament=self.tournament, private=self.private))


class RoleList(TournamentScoped, generics.ListAPIView):
    """Who is director or arbiter (staff may look; directors grant)."""

    serializer_class = RoleSerializer
    permission_classes = [CanDirect]

    def get_permissions(self):
        return [CanViewPrivate()] if self.request.method == "GET" else [CanDirect()]

    def get_queryset(self):
        return (
            TournamentRole.objects.filter(tournament=self.tournament)
            .select_related("user")
            .order_by("user__username", "id")
        )

    @extend_schema(request=RoleInput, responses={201: RoleSerializer})
    def post(self, request, slug):
        data = valid_input(RoleInput, request.data)
        role = role_grant(
            tournament=self.tournament,
            member=_user(data["username"]),
            role=data["role"],
            user=request.user,
            source=SOURCE,
        )
        return Response(RoleSerializer(role).data, status=status.HTTP_201_CREATED)


class RoleDetail(TournamentScoped):
    permission_classes = [CanDirect]

    @extend_schema(responses={204: None})
    def delete(self, request, slug, username):
        role_revoke(tournament=self.tournament, member=_user(username), user=request.user, source=SOURCE)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _user(username):
    return member_named(username, field="username")


class TokenList(generics.ListAPIView):
    """The client's own API tokens (never their keys); create one per script or machine."""

    serializer_class = TokenSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return ApiToken.objects.filter(user=self.request.user).order_by("created_at", "id")

    @extend_schema(request=TokenInput, responses={201: TokenCreatedSerializer})
    def post(self, request):
        data = valid_input(TokenInput, request.data)
        token, key = token_create(user=request.user, name=data["name"])
        token.key = key
        return Response(TokenCreatedSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetail(generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = TokenSerializer

    @extend_schema(responses={204: None})
    def delete(self, request, pk):
        """Revoke a token: scripts using it get 401 from now on."""
        token_revoke(token=get_object_or_404(ApiToken, user=request.user, pk=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)
