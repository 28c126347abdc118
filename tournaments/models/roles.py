from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TournamentRole(models.Model):
    """What one user may do in one tournament: a director runs it, an arbiter enters lineups and results."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        ARBITER = "arbiter", _("Arbiter")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles")
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "role", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_user_and_tournament"),
        ]
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")

    def __str__(self):
        return f"{self.user} · {self.get_role_display()} · {self.tournament}"
