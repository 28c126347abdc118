from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.models import ArchiveImport
from tournaments.services.archive import IMPORT_STAGES
from tournaments.services.archive_jobs import archive_import_error, archive_import_stage

from .errors import FieldErrorSerializer


class ArchiveImportSerializer(serializers.ModelSerializer):
    """A queued archive import: poll ``url`` until ``state`` is ``done`` (see ``tournament``) or ``failed``
    (see ``error``)."""

    url = serializers.SerializerMethodField()
    stage = serializers.SerializerMethodField(help_text=f"While running: one of {', '.join(IMPORT_STAGES)}.")
    step = serializers.SerializerMethodField(help_text="While running: the stage's number, of ``steps``.")
    steps = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    tournament = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, help_text="The new tournament's slug once done."
    )

    class Meta:
        model = ArchiveImport
        fields = [
            "id",
            "url",
            "state",
            "stage",
            "step",
            "steps",
            "size",
            "error",
            "tournament",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_url(self, job) -> str:
        return reverse("api-archive-import-status", args=[job.pk])

    def get_stage(self, job) -> str:
        return archive_import_stage(job)[0]

    def get_step(self, job) -> int:
        return archive_import_stage(job)[1]

    def get_steps(self, job) -> int:
        return len(IMPORT_STAGES)

    @extend_schema_field(FieldErrorSerializer(allow_null=True))
    def get_error(self, job):
        error = archive_import_error(job)
        return {"field": error.field or None, "detail": error.text(gettext)} if error else None
