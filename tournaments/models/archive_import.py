from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ArchiveImport(models.Model):
    """An archive too large to import within a request: queued, run by a worker, polled by its
    client (``GET /api/v1/archives/<id>/``). The archive is kept only until the run."""

    class State(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    source = models.CharField(_("source"), max_length=20)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.QUEUED)
    archive = models.BinaryField(_("archive"), blank=True)
    size = models.PositiveIntegerField(_("size in bytes"))
    tournament = models.ForeignKey("Tournament", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    error = models.JSONField(
        _("error"), null=True, blank=True
    )  # a RuleViolation's parts: shown in the reader's language
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("archive import")
        verbose_name_plural = _("archive imports")

    def __str__(self):
        return f"archive import {self.pk}: {self.state}"
