from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response

from tournaments.domain.encounter import NoSuchGame, ResultEntry
from tournaments.models import AuditEntry, Match, Team
from tournaments.selectors.match_view import as_json, match_view, match_views
from tournaments.services.lineups import match_lineup_set
from tournaments.services.locks import write_service
from tournaments.services.results import encounter_result_set

from ..etags import match_view_etag, version_from
from ..permissions import CanArbitrate, CanViewPrivate, ReadOnlyOrArbitrate
from ..serializers import MAX_ID
from ..serializers.errors import ConflictSerializer
from ..serializers.matches import LineupInput, LineupSavedSerializer, MatchSerializer, ResultInput
from ..serializers.records import AuditEntrySerializer
from .base import TournamentScoped, valid_input


class _MatchQuery(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1, max_value=1000)
    team = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class MatchList(TournamentScoped, generics.ListAPIView):
    """Matches by round and table with their boards; ``?round=<number>`` and ``?team=<id>`` filter."""

    serializer_class = MatchSerializer
    permission_classes = [ReadOnlyOrArbitrate]

    def get_queryset(self):
        query = valid_input(_MatchQuery, self.request.query_params)
        matches = Match.objects.filter(round__tournament=self.tournament)
        if not self.private:  # a Swiss round's pairings are public once published (issue 16)
            matches = matches.filter(round__pairings_published_at__isnull=False)
        if "round" in query:
            matches = matches.filter(round__number=query["round"])
        if "team" in query:
            matches = matches.filter(sides__team_id=query["team"])
        return matches.order_by("round__number", "table", "id").values_list("pk", flat=True)

    @extend_schema(parameters=[OpenApiParameter("round", int), OpenApiParameter("team", int)])
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        views = match_views(match_ids=list(page), tournament=self.tournament, private=self.private)
        return self.get_paginated_response(views)


class _MatchView(TournamentScoped):
    serializer_class = MatchSerializer

    def match(self, pk) -> Match:
        matches = Match.objects.filter(round__tournament=self.tournament)
        if not self.private:
            matches = matches.filter(round__pairings_published_at__isnull=False)
        return get_object_or_404(matches, pk=pk)

    def respond(self, match):
        """The match with its boards and ETag; after a lineup write this runs inside the write's
        transaction, which still holds the match's row lock, so the version shown is ours."""
        return self.answer(match_view(match_id=match.pk, tournament=self.tournament, private=self.private))

    def answer(self, view: dict):
        """``view`` (``match_view``'s dict) with its ETag."""
        return Response(view, headers={"ETag": match_view_etag(view)})


_WRITE_RESPONSES = {200: MatchSerializer, 409: OpenApiResponse(ConflictSerializer, description="stale version")}


class MatchDetail(_MatchView):
    """One match with its boards; the ``ETag`` header carries the version for ``If-Match``."""

    permission_classes = [ReadOnlyOrArbitrate]

    def get(self, request, slug, pk):
        return self.respond(self.match(pk))


class MatchResult(_MatchView):
    permission_classes = [CanArbitrate]

    @extend_schema(request=ResultInput, responses=_WRITE_RESPONSES)
    def post(self, request, slug, pk):
        """Enter, change or clear a result, based on the version you read (else 409).

        With ``board``: that board's result (team blitz). Without: the match's one result with
        ``deciding_board`` and ``decided_by`` (tandem, Tandem §1.3; Viererschach). With ``places``
        instead of ``result``: a table's finishing order (Schach4). The wrong one for the
        discipline is a 400 naming the rule. Only a change to what you write conflicts: another
        board of the match written since your version is no conflict (issue 28).
        """
        data = valid_input(ResultInput, request.data)
        named = Match(pk=pk)  # read by the writer under its locks, as a match of this tournament (else 404)
        expected = _required_version(version_from(request, named, data.get("version")))
        try:
            match = encounter_result_set(
                match=named,
                tournament=self.tournament,
                entry=ResultEntry.from_request(data),
                expected_version=expected,
                user=request.user,
                source=self.source,
            )
        except (NoSuchGame, Match.DoesNotExist):
            raise Http404 from None
        # the encounter as the write left it, read under the write's locks: no second read
        (view,) = match.encounter_rows.views(tournament=self.tournament, private=self.private)
        return self.answer(as_json(view))


class MatchLineup(_MatchView):
    permission_classes = [CanArbitrate]

    @extend_schema(request=LineupInput, responses=_WRITE_RESPONSES | {200: LineupSavedSerializer})
    @write_service
    def put(self, request, slug, pk):
        """Set one team's lineup: roster positions per board (null = empty board, scored as a forfeit);
        the answer lists the eligibility warnings it was saved with."""
        data = valid_input(LineupInput, request.data)
        match = self.match(pk)
        expected = version_from(request, match, data.get("version"))
        team = get_object_or_404(Team, tournament=self.tournament, pk=data["team"])
        with transaction.atomic():
            saved = match_lineup_set(
                match=match,
                team=team,
                positions=data["positions"],
                expected_version=expected,
                user=request.user,
                source=self.source,
            )
            response = self.respond(match)
            response.data["warnings"] = [warning.text(gettext) for warning in saved.warnings]
            return response


class MatchAudit(TournamentScoped, generics.ListAPIView):
    """The match's history: every lineup and result change, newest first (staff only)."""

    serializer_class = AuditEntrySerializer
    permission_classes = [CanViewPrivate]

    def get_queryset(self):
        match = get_object_or_404(Match, round__tournament=self.tournament, pk=self.kwargs["pk"])
        return AuditEntry.objects.filter(match=match).select_related("user").order_by("-created_at", "-id")


def _required_version(version):
    if version is None:
        raise serializers.ValidationError(
            {"version": [gettext("Send the version of the match you read (or its ETag as If-Match).")]}
        )
    return version
