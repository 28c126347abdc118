from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain.requested_byes import ByeKind


class RequestedBye(models.Model):
    """A team not paired in one round of a Swiss, by its own request or as a late entry (issue 16).

    TRF-2026 writes each as a 240 record of its kind (H, F, Z). Asked for before the round is
    paired; the pairing leaves the team out, the standings score the kind, the public pairings
    show it. ``late_entry``: a round the team missed because it entered later (the competition's
    ``late_entry_rounds`` decides the kind).
    """

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="requested_byes")
    team = models.ForeignKey("Team", on_delete=models.CASCADE, related_name="requested_byes")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=1, choices=[(kind.value, kind.value) for kind in ByeKind])
    late_entry = models.BooleanField(_("late entry"), default=False, help_text=_("A round before the team entered."))
    created_at = models.DateTimeField(_("requested at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "round_number", "team__seed"]
        constraints = [
            models.UniqueConstraint(fields=["team", "round_number"], name="requested_bye_unique_per_team_round"),
        ]
        verbose_name = _("requested bye")
        verbose_name_plural = _("requested byes")

    def __str__(self):
        return f"{self.team} R{self.round_number} {self.kind}"
