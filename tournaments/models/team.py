from django.db import models
from django.utils.translation import gettext_lazy as _


class Team(models.Model):
    """A team of a tournament; its seed is its starting rank (in a round robin, its Berger number)."""

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120)
    short_name = models.CharField(_("short name"), max_length=40, blank=True)
    seed = models.PositiveSmallIntegerField(
        _("seed"), help_text=_("The starting rank: 1 for the strongest team; the pairing system pairs by it.")
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True, help_text=_("The first round the team no longer plays.")
    )

    class Meta:
        ordering = ["tournament", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "seed"], name="team_seed_unique_per_tournament"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self):
        return self.name


class Player(models.Model):
    """A registered player; ``position`` is the fixed board order, beyond the boards a substitute."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    position = models.PositiveSmallIntegerField(_("position"))
    name = models.CharField(_("name"), max_length=120)
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=20, blank=True)
    federation_id = models.CharField(_("federation ID"), max_length=20, blank=True)
    # what a rating report asks of a player without a national record, or of another federation
    # (DSB-Wertungsordnung 6.1; TRF-2026 record 001, columns 54–56 and 70–79)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    birth_date = models.DateField(_("date of birth"), null=True, blank=True)

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(fields=["team", "position"], name="player_position_unique_per_team"),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name
