from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """One change to the record of a tournament: who, when, what, old value and new value."""

    class Action(models.TextChoices):
        TOURNAMENT = "tournament", _("Tournament changed")
        ROSTER = "roster", _("Roster changed")
        PAIRING = "pairing", _("Round paired")
        LINEUP = "lineup", _("Lineup changed")
        RESULT = "result", _("Result changed")
        PUBLISH = "publish", _("Publication changed")
        IMPORT = "import", _("Tournament imported")
        PLAYOFF = "playoff", _("Play-off")
        INCIDENT = "incident", _("Incident")
        WITHDRAWAL = "withdrawal", _("Team withdrawn")
        PRINT = "print", _("Documents requested")
        ROLE = "role", _("Role changed")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="audit_entries")
    match = models.ForeignKey("Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    source = models.CharField(_("source"), max_length=20, help_text=_("desk, api, command or import"))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target = models.CharField(_("what"), max_length=200)
    old_value = models.JSONField(_("old value"), null=True, blank=True)
    new_value = models.JSONField(_("new value"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    reverts = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="reverted_by",
        help_text=_("The change this entry undid, when a director reverted a result."),
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.target}"
