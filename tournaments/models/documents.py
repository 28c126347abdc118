from django.db import models
from django.utils.translation import gettext_lazy as _


class RoundBundle(models.Model):
    """The printable bundle of a round (pairing list + match report forms), built by a worker.

    One record per round: requesting it again resets the record, and every build replaces the
    previous file, so the desk always offers the newest print.
    """

    class State(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Being built")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    round = models.OneToOneField("Round", on_delete=models.CASCADE, related_name="bundle")
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.QUEUED)
    error = models.TextField(_("error"), blank=True)
    forms_per_page = models.PositiveSmallIntegerField(_("match report forms per page"), default=2)
    file = models.FileField(_("file"), upload_to="bundles/", blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("round bundle")
        verbose_name_plural = _("round bundles")

    def __str__(self):
        return f"{self.round.tournament} R{self.round.number}: {self.state}"
