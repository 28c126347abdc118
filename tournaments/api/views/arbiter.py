"""The arbiter's features: incidents with proposed penalties, the flag-fall claim helper (arbiters),
the play-off with its lots and withdrawals (directors). Every write goes through its service."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournaments.models import Incident, Match, Team
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.services.playoff import playoff_create, playoff_lots_record
from tournaments.services.withdrawals import team_withdraw

from ..permissions import CanArbitrate, CanDirect, CanViewPrivate
from ..serializers.arbiter import (
    ClaimAnswerSerializer,
    ClaimInput,
    DecideInput,
    IncidentInput,
    IncidentQuery,
    IncidentSerializer,
    LotsInput,
    WithdrawInput,
)
from ..serializers.rounds import RoundSerializer
from ..serializers.teams import TeamSerializer
from .base import SOURCE, TournamentScoped, valid_input


def _incidents(tournament):
    return Incident.objects.filter(match__round__tournament=tournament).select_related(
        "match__round", "player", "user", "decided_by"
    )


class IncidentList(TournamentScoped, generics.ListAPIView):
    """The incidents of the tournament (staff), ``?round=`` or ``?match=``; POST records one (arbiters)
    and answers with the penalty the rules propose and the paragraph (Blitz §7, §9a, §11)."""

    serializer_class = IncidentSerializer

    def get_permissions(self):
        return [CanViewPrivate()] if self.request.method == "GET" else [CanArbitrate()]

    def get_queryset(self):
        query = valid_input(IncidentQuery, self.request.query_params)
        incidents = _incidents(self.tournament)
        if "round" in query:
            incidents = incidents.filter(match__round__number=query["round"])
        if "match" in query:
            incidents = incidents.filter(match_id=query["match"])
        return incidents.order_by("match__round__number", "match__table", "match__leg", "board", "occurred_at", "id")

    @extend_schema(parameters=[OpenApiParameter("round", int), OpenApiParameter("match", int)])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(request=IncidentInput, responses={201: IncidentSerializer})
    def post(self, request, slug):
        data = valid_input(IncidentInput, request.data)
        match = get_object_or_404(Match, round__tournament=self.tournament, pk=data.pop("match"))
        incident = incident_record(match=match, **data, user=request.user, source=SOURCE)
        return Response(
            IncidentSerializer(_incidents(self.tournament).get(pk=incident.pk)).data, status=status.HTTP_201_CREATED
        )


class IncidentDecide(TournamentScoped):
    """Confirm the proposed penalty (no ``penalty``) or override it with a ``reason``; a loss of the
    game sets the result, recorded as the arbiter's decision."""

    permission_classes = [CanArbitrate]
    serializer_class = IncidentSerializer

    @extend_schema(request=DecideInput, responses=IncidentSerializer)
    def post(self, request, slug, pk):
        data = valid_input(DecideInput, request.data)
        incident = get_object_or_404(Incident, match__round__tournament=self.tournament, pk=pk)
        incident_decide(
            incident=incident,
            penalty=data.get("penalty") or None,
            reason=data.get("reason", ""),
            user=request.user,
            source=SOURCE,
        )
        return Response(IncidentSerializer(_incidents(self.tournament).get(pk=pk)).data)


class Claim(TournamentScoped):
    """Flag-fall claim helper: win (Blitz §14c II) or draw (§15e) from the claimant's material or a
    FEN; in tandem a flag fall always loses (Tandem §5.2). Reads only; nothing is recorded."""

    permission_classes = [CanViewPrivate]
    serializer_class = ClaimAnswerSerializer

    @extend_schema(parameters=[ClaimInput], responses=ClaimAnswerSerializer)
    def get(self, request, slug):
        return self._answer(valid_input(ClaimInput, request.query_params))

    @extend_schema(request=ClaimInput, responses=ClaimAnswerSerializer)
    def post(self, request, slug):
        return self._answer(valid_input(ClaimInput, request.data))

    def _answer(self, data):
        answer = self.tournament.discipline_rules.answer_claim(**data)
        return Response({"outcome": answer.outcome.value, "rule": answer.rule, "reason": gettext(answer.reason)})


class PlayoffCreate(TournamentScoped):
    """Pair the play-off among the teams tied for first (Blitz §16), in one action (directors)."""

    permission_classes = [CanDirect]
    serializer_class = RoundSerializer

    @extend_schema(request=None, responses={201: RoundSerializer(many=True)})
    def post(self, request, slug):
        rounds = playoff_create(tournament=self.tournament, user=request.user, source=SOURCE)
        return Response(RoundSerializer(rounds, many=True).data, status=status.HTTP_201_CREATED)


class PlayoffLots(TournamentScoped):
    """Record the drawing of lots among teams still tied after the play-off (directors)."""

    permission_classes = [CanDirect]
    serializer_class = LotsInput

    @extend_schema(request=LotsInput, responses={200: LotsInput})
    def post(self, request, slug):
        order = valid_input(LotsInput, request.data)["order"]
        teams = {team.pk: team for team in Team.objects.filter(tournament=self.tournament, pk__in=order)}
        missing = [pk for pk in order if pk not in teams]
        if missing:
            raise ValidationError(
                {"order": [gettext("No team with id %(id)s in this tournament.") % {"id": missing[0]}]}
            )
        tournament = playoff_lots_record(
            tournament=self.tournament, order=[teams[pk] for pk in order], user=request.user, source=SOURCE
        )
        return Response({"order": tournament.playoff_lots})


class TeamWithdraw(TournamentScoped):
    """Withdraw a team from ``from_round`` on; the standings apply the tournament's withdrawal rule (directors)."""

    permission_classes = [CanDirect]
    serializer_class = TeamSerializer

    @extend_schema(request=WithdrawInput, responses=TeamSerializer)
    def post(self, request, slug, pk):
        data = valid_input(WithdrawInput, request.data)
        team = get_object_or_404(Team, tournament=self.tournament, pk=pk)
        team = team_withdraw(team=team, from_round=data["from_round"], user=request.user, source=SOURCE)
        return Response(TeamSerializer(team, context=self.get_serializer_context()).data)
