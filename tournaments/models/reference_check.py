from django.db import models
from django.utils.translation import gettext_lazy as _


class StandingsCheck(models.Model):
    """The verdict of FIDE's reference tool (gacrux) on the published standings (issue 16).

    A background task exports the published rounds as TRF-2026, lets gacrux compute every
    tie-break it knows, and stores here whether each value and rank equals ours. One row per
    tournament, replaced by each check: the public page says "checked against gacrux x.y" or
    names the differences, and the desk warns the director.
    """

    class Verdict(models.TextChoices):
        AGREES = "agrees", _("agrees")
        DIFFERS = "differs", _("differs")
        NOT_CHECKED = "not-checked", _("not checked")
        PENDING = "pending", _("being checked")  # queued after a publication (services/background.py)

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, primary_key=True, related_name="standings_check"
    )
    after_round = models.PositiveSmallIntegerField(_("after round"))
    engine = models.CharField(_("reference tool"), max_length=40, blank=True)
    verdict = models.CharField(_("verdict"), max_length=12, choices=Verdict.choices)
    differences = models.JSONField(
        _("differences"),
        default=list,
        blank=True,
        help_text=_(
            "[{team, code, ours, reference}]; code RANK for a place, with why a check was skipped in ``note``."
        ),
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    checked_at = models.DateTimeField(_("checked at"))

    class Meta:
        verbose_name = _("standings check")
        verbose_name_plural = _("standings checks")

    def __str__(self):
        return f"{self.tournament_id}: {self.verdict} after round {self.after_round}"
