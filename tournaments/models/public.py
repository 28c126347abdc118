from django.db import models
from django.utils.translation import gettext_lazy as _


class PublicVersion(models.Model):
    """What the public sees of a tournament changed at ``changed_at`` (``token`` names that state).

    Public pages are cached and answer 304 keyed by it (tournaments/views/public/caching.py). A
    table of its own, not columns of the tournament, so the services' last write (the bump) never
    waits on a tournament row that another service locked first: no deadlock. No row yet means
    nothing changed since the tournament was created.
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, primary_key=True, related_name="public_version"
    )
    token = models.CharField(max_length=32)
    changed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("public version")
        verbose_name_plural = _("public versions")

    def __str__(self):
        return f"{self.tournament_id}: {self.token}"
