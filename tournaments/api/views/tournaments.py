from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import permissions
from tournaments.arbiter_labels import playoff_criterion_label
from tournaments.domain.numbers import whole_number
from tournaments.models import Tournament
from tournaments.permissions import tournaments_visible_privately
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.standings import standings_check_for, standings_for_tournament
from tournaments.services import archive_jobs
from tournaments.services.archive import MAX_ARCHIVE_BYTES, archive_size_check, tournament_import
from tournaments.services.tournaments import (
    tournament_create,
    tournament_finish,
    tournament_reopen,
    tournament_update,
)
from tournaments.views.trf import trf_response

from ..permissions import CanViewPrivate, CreatesTournaments, ReadOnlyOrDirect
from ..serializers.archives import ArchiveImportSerializer
from ..serializers.records import StandingsSerializer
from ..serializers.tournaments import TournamentCreateSerializer, TournamentSerializer, TournamentUpdateSerializer
from .base import SOURCE, TournamentScoped, valid_input


class TournamentList(generics.ListAPIView):
    """Every tournament (public); ``?mine=true`` keeps those where the client has a role."""

    serializer_class = TournamentSerializer
    permission_classes = [CreatesTournaments]

    def get_queryset(self):
        tournaments = Tournament.objects.all()
        if self.request.query_params.get("mine") in ("true", "1"):
            tournaments = tournaments_visible_privately(self.request.user)
        return tournaments.order_by("-created_at", "-id")

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not self.request.user.is_superuser:  # a superuser directs all: role_for needs no query
            context["roles"] = permissions.roles_of(self.request.user)
        return context

    @extend_schema(parameters=[OpenApiParameter("mine", bool, description="only tournaments where I have a role")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentSerializer})
    def post(self, request):
        """Create a tournament from a preset (overrides adjust it): staff only; the creator becomes its director."""
        data = valid_input(TournamentCreateSerializer, request.data)
        tournament = tournament_create(user=request.user, source=SOURCE, **data)
        return Response(
            TournamentSerializer(tournament, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class TournamentDetail(TournamentScoped):
    permission_classes = [ReadOnlyOrDirect]
    serializer_class = TournamentSerializer

    def get(self, request, slug):
        return Response(TournamentSerializer(self.tournament, context={"request": request}).data)

    @extend_schema(request=TournamentUpdateSerializer, responses=TournamentSerializer)
    def patch(self, request, slug):
        """Change the name or rules (directors); schedule-shaping rules are fixed once play started."""
        data = valid_input(TournamentUpdateSerializer, request.data)
        tournament = tournament_update(tournament=self.tournament, user=request.user, source=SOURCE, **data)
        return Response(TournamentSerializer(tournament, context={"request": request}).data)


class _StatusInput(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=["finished", "running"], help_text="finished: final standings, results locked; running: reopen."
    )


class TournamentStatus(TournamentScoped):
    """Finish the tournament after its last round (and play-off), or reopen it (directors)."""

    permission_classes = [ReadOnlyOrDirect]

    @extend_schema(request=_StatusInput, responses=TournamentSerializer)
    def post(self, request, slug):
        wanted = valid_input(_StatusInput, request.data)["status"]
        change = tournament_finish if wanted == Tournament.Status.FINISHED else tournament_reopen
        tournament = change(tournament=self.tournament, user=request.user, source=SOURCE)
        return Response(TournamentSerializer(tournament, context={"request": request}).data)


class _StandingsQuery(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=0, max_value=1000)


def _reference_check(tournament) -> dict | None:
    """gacrux's last verdict on the published standings (services/standings_check.py)."""
    check = standings_check_for(tournament=tournament)
    if check is None:
        return None
    return {
        "verdict": check.verdict,
        "engine": check.engine,
        "after_round": check.after_round,
        "differences": check.differences,
        "note": check.note,
        "checked_at": check.checked_at.isoformat(),
    }


def _reason(reason) -> dict | None:
    """Why the row is below the one above (None for the first row)."""
    if reason is None:
        return None

    def value(v):
        return list(v) if isinstance(v, tuple) else v

    return {
        "code": reason.code or None,
        "above": value(reason.above),
        "own": value(reason.own),
        "shared": reason.shared,
        "playoff": reason.playoff,
        "text": reason.text(gettext),
    }


class Standings(TournamentScoped):
    """The standings; the public sees published rounds only, the staff every entered result."""

    permission_classes = [ReadOnlyOrDirect]
    serializer_class = StandingsSerializer

    @extend_schema(parameters=[OpenApiParameter("round", int, description="standings after this round")])
    def get(self, request, slug):
        after = valid_input(_StandingsQuery, request.query_params).get("round")
        standings = standings_for_tournament(
            tournament=self.tournament, after_round=after, published_only=not self.private
        )
        data = {
            "after_round": standings.after_round,
            "final": standings.final,
            "playoff_required": standings.playoff_required,
            "tiebreaks": [{"code": tb.code, "name": gettext(tb.name)} for tb in standings.tiebreaks],
            "rows": [
                {
                    "rank": e.row.rank,
                    "rank_to": e.row.rank_to,
                    "entrant": {"id": e.team.id, "name": e.team.name},
                    "points": e.row.mp,
                    "team": {"id": e.team.id, "name": e.team.name},
                    "mp": e.row.mp,
                    "bp": e.row.bp,
                    "played": e.row.played,
                    "won": e.row.won,
                    "drawn": e.row.drawn,
                    "lost": e.row.lost,
                    "tiebreaks": {c: list(v) if isinstance(v, tuple) else v for c, v in e.row.tiebreaks.items()},
                    "playoff_required": e.row.playoff_required,
                    "reason": _reason(e.row.reason),
                }
                for e in standings.rows
            ],
            "playoff": [
                {
                    "rank": p.row.rank,
                    "rank_to": p.row.rank_to,
                    "team": {"id": p.team.id, "name": p.team.name},
                    "mp": p.row.mp,
                    "bp": p.row.bp,
                    "bw": p.row.bw,
                    "fwb": list(p.row.fwb),
                    "decided_by": p.row.decided_by,
                    "decided_by_label": playoff_criterion_label(p.row.decided_by),
                }
                for p in standings.playoff
            ],
            "playoff_complete": standings.playoff_complete,
            "playoff_void": standings.playoff_void,
            "lots_needed": [[team.id for team in group] for group in standings.lots_needed],
            "reference_check": _reference_check(self.tournament),
            "withdrawals": [
                {
                    "team": {"id": w.team.id, "name": w.team.name},
                    "from_round": w.note.from_round,
                    "played": w.note.played,
                    "scheduled": w.note.scheduled,
                    "applied": w.note.applied.value,
                    "note": w.note.text(gettext),
                }
                for w in standings.withdrawals
            ],
        }
        return Response(StandingsSerializer(data).data)


class ArchiveExport(TournamentScoped):
    """The whole tournament as an archive (docs/archive.md), unpublished results included: staff only."""

    permission_classes = [CanViewPrivate]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, slug):
        return Response(archive_for_tournament(tournament=self.tournament))


class TrfExport(TournamentScoped):
    """The tournament as a FIDE TRF-2026 file; the public gets published rounds only."""

    permission_classes = [ReadOnlyOrDirect]

    @extend_schema(responses={(200, "text/plain"): OpenApiTypes.STR})
    def get(self, request, slug):
        return trf_response(self.tournament, published_only=not self.private)


class ArchiveImport(APIView):
    """Import an archive as a new tournament; the importing user becomes its director.

    The body is read raw (at most the archive limit) so an oversized or hostile file is refused
    with 400 before it is parsed; nothing is written unless the whole archive is valid. Up to
    256 KB the import runs now (201 with the tournament); a larger archive is queued for a
    worker (202 with the import's status and its URL in ``Location``: poll it).
    """

    permission_classes = [CreatesTournaments]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: TournamentSerializer, 202: ArchiveImportSerializer},
    )
    def post(self, request):
        archive_size_check(whole_number(request.META.get("CONTENT_LENGTH") or "") or 0)
        body = request._request.read(MAX_ARCHIVE_BYTES + 1)
        if len(body) > archive_jobs.INLINE_ARCHIVE_BYTES:
            job = archive_jobs.archive_import_queue(archive=body, user=request.user, source=SOURCE)
            job.refresh_from_db()  # without a broker the import has already run
            data = ArchiveImportSerializer(job).data
            return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})
        tournament = tournament_import(archive=body, user=request.user, source=SOURCE)
        return Response(
            TournamentSerializer(tournament, context={"request": request}).data, status=status.HTTP_201_CREATED
        )
