from django.db import models
from django.utils.translation import gettext_lazy as _


class PublicationTarget(models.Model):
    """A place a tournament's publication is sent to (a club's web space, a public Arbiter server) and the
    outbox's state of that place.

    ``kind`` names the transport (``tournaments/transports/``), ``config`` holds its non-secret fields.
    ``secret`` (a password, a push token) is write-only: the desk never shows it, and it is never in an
    archive, an export, an audit entry or a log.

    The outbox: the target is waiting while the tournament's public version (``PublicVersion.token``)
    differs from ``sent_token``, the version it last sent, or it never sent. ``changes`` counts the public
    changes since the last send (bumped after each one commits; for the desk's words only).
    """

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="publication_targets")
    kind = models.CharField(_("kind"), max_length=20)
    name = models.CharField(_("name"), max_length=100)
    config = models.JSONField(_("settings"), default=dict, blank=True)
    secret = models.TextField(blank=True)
    enabled = models.BooleanField(_("enabled"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    changes = models.PositiveIntegerField(default=0)
    sent_token = models.CharField(max_length=32, blank=True)
    sent_version = models.CharField(max_length=64, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_try_at = models.DateTimeField(null=True, blank=True)
    last_error = models.JSONField(null=True, blank=True)  # {"message": untranslated, "params": {…}}
    attempts = models.PositiveIntegerField(default=0)  # failed tries since the last send
    next_try_at = models.DateTimeField(null=True, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)  # a send is under way until then

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="publication_target_name")]
        verbose_name = _("publication target")
        verbose_name_plural = _("publication targets")

    def __str__(self):
        return self.name
