from django.db import models
from django.utils.translation import gettext_lazy as _


class CaptainCode(models.Model):
    """A team's captain code (issue 30): proves on a phone which side a captain speaks for.

    Only the SHA-256 digest is kept; the code is shown once, on the desk and the captain card.
    A team has at most one code in force; revoking keeps the row (the audit trail names it).
    """

    team = models.ForeignKey("Team", on_delete=models.CASCADE, related_name="captain_codes")
    digest = models.CharField(max_length=64, unique=True)
    issued_at = models.DateTimeField(_("issued"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["team", "issued_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["team"], condition=models.Q(revoked_at__isnull=True), name="captain_code_one_in_force_per_team"
            ),
        ]
        verbose_name = _("captain code")
        verbose_name_plural = _("captain codes")

    def __str__(self):
        return f"{self.team} ({self.issued_at:%Y-%m-%d %H:%M})"


class CaptainReport(models.Model):
    """What the captains report of one match (issue 30): a report, not the result.

    The first-named team's captain enters it (Blitz §17: "Der Mannschaftsführer der erstgenannten
    Mannschaft informiert den Turnierleiter"), the other captain confirms or disputes it, and the
    result is written only when the desk accepts it (``services/captain_reports.py``). ``entries``
    are result entries as the one writer takes them; ``version`` goes up with every change, so a
    phone that answers an older report is refused; ``match_version`` is the match's version the
    report was made on, so a desk change since is found, never overwritten.
    """

    class State(models.TextChoices):
        REPORTED = "reported", _("reported")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        ACCEPTED = "accepted", _("accepted")

    match = models.OneToOneField("Match", on_delete=models.CASCADE, related_name="captain_report")
    team = models.ForeignKey("Team", on_delete=models.CASCADE, related_name="+", verbose_name=_("reported by"))
    answered_by = models.ForeignKey(
        "Team", on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("answered by")
    )
    entries = models.JSONField(default=list)
    state = models.CharField(_("state"), max_length=12, choices=State.choices, default=State.REPORTED)
    version = models.PositiveIntegerField(default=1)
    match_version = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match"]
        verbose_name = _("captains' report")
        verbose_name_plural = _("captains' reports")

    def __str__(self):
        return f"{self.match_id}: {self.state}"
