from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.models import ArchiveImport
from tournaments.services.archive_jobs import archive_imports_expire

from ..serializers.archives import ArchiveImportSerializer


class ArchiveImportStatus(APIView):
    """A queued archive import (``POST /archives/`` answered 202): its state, stage and outcome.
    Only the user who sent it (or a superuser) sees it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=ArchiveImportSerializer)
    def get(self, request, pk):
        jobs = ArchiveImport.objects.select_related("tournament")
        if not request.user.is_superuser:
            jobs = jobs.filter(user=request.user)
        archive_imports_expire(jobs=jobs.filter(pk=pk))
        job = jobs.filter(pk=pk).first()
        if job is None:
            raise Http404
        return Response(ArchiveImportSerializer(job).data)
