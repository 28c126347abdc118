from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.response import Response

from tournaments.models import Round
from tournaments.services.pairing import round_pair_next, round_unpair, rounds_pair_all
from tournaments.services.pairing_jobs import pairing_job, rounds_pair_later
from tournaments.services.publishing import round_publish, round_unpublish

from ..permissions import CanDirect, ReadOnlyOrDirect
from ..serializers.rounds import PairingJobSerializer, PairInput, RoundSerializer, UnpairInput
from .base import SOURCE, TournamentScoped, valid_input


class RoundList(TournamentScoped, generics.ListAPIView):
    serializer_class = RoundSerializer
    permission_classes = [ReadOnlyOrDirect]

    def get_queryset(self):
        return Round.objects.filter(tournament=self.tournament).order_by("number")


class RoundPair(TournamentScoped):
    """Pair the next round as the pairing system does, or every remaining round of a round robin (directors)."""

    permission_classes = [CanDirect]
    pagination_class = None

    @extend_schema(responses=PairingJobSerializer)
    def get(self, request, slug):
        """The state of the last pairing queued with ``background`` (issue 27 item 8)."""
        job = pairing_job(tournament=self.tournament)
        return Response(PairingJobSerializer(_job_data(job)).data)

    @extend_schema(request=PairInput, responses={201: RoundSerializer(many=True), 202: PairingJobSerializer})
    def post(self, request, slug):
        data = valid_input(PairInput, request.data)
        if data["background"]:
            rounds_pair_later(tournament=self.tournament, user=request.user, source=SOURCE)
            job = pairing_job(tournament=self.tournament)
            return Response(PairingJobSerializer(_job_data(job)).data, status=status.HTTP_202_ACCEPTED)
        if data["all"]:
            rounds = rounds_pair_all(tournament=self.tournament, user=request.user, source=SOURCE)
        else:
            rounds = [round_pair_next(tournament=self.tournament, user=request.user, source=SOURCE)]
        return Response(RoundSerializer(rounds, many=True).data, status=status.HTTP_201_CREATED)


def _job_data(job: dict | None) -> dict:
    if job is None:
        return {"state": "none", "number": None, "since": None, "error": None}
    error = job.get("error")
    detail = None
    if error:
        detail = {"field": error.field or None, "detail": error.text(gettext), "rule": error.rule or None}
    return {"state": job["state"], "number": job["number"], "since": job.get("since"), "error": detail}


class _RoundAction(TournamentScoped):
    permission_classes = [CanDirect]

    def round(self, number) -> Round:
        return get_object_or_404(Round, tournament=self.tournament, number=number)


class RoundPublish(_RoundAction):
    @extend_schema(request=None, responses=RoundSerializer)
    def post(self, request, slug, number):
        """Make the round's results public."""
        return Response(
            RoundSerializer(round_publish(round_=self.round(number), user=request.user, source=SOURCE)).data
        )


class RoundUnpublish(_RoundAction):
    @extend_schema(request=None, responses=RoundSerializer)
    def post(self, request, slug, number):
        """Take the round's results back to draft."""
        return Response(
            RoundSerializer(round_unpublish(round_=self.round(number), user=request.user, source=SOURCE)).data
        )


class RoundUnpair(_RoundAction):
    @extend_schema(request=UnpairInput, responses={204: None})
    def post(self, request, slug, number):
        """Delete the last round's pairings so it can be paired again; results only when asked to."""
        data = valid_input(UnpairInput, request.data)
        round_unpair(round_=self.round(number), delete_results=data["delete_results"], user=request.user, source=SOURCE)
        return Response(status=status.HTTP_204_NO_CONTENT)
