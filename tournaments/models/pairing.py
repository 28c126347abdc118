from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain.colours import board_colours, leg_pattern


class Round(models.Model):
    """A round of the schedule, or of the play-off for first place (Blitz §16), numbered on after it.

    A play-off round is played like any other (lineups, results, publishing, match report forms)
    but counts only for the play-off ranking, never for the regular standings.
    """

    class Kind(models.TextChoices):
        REGULAR = "regular", _("Regular round")
        PLAYOFF = "playoff", _("Play-off")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.REGULAR)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)
    # A Swiss round's pairings are reviewed before the public sees them (issue 16); a fixed
    # schedule's are public from the start (the pairing service sets the moment then).
    pairings_published_at = models.DateTimeField(_("pairings published"), null=True, blank=True)
    pairing_engine = models.CharField(
        _("pairing engine"), max_length=40, blank=True, help_text=_("The engine and version that paired the round, e.g. gacrux 1.11.65.")
    )
    pairing_check = models.JSONField(
        _("pairing check"), null=True, blank=True,
        help_text=_("The reference pairing checker's verdict: {engine, agrees, expected}."),
    )
    pairing_departures = models.JSONField(
        _("departures from the pairing system"), default=list, blank=True,
        help_text=_("Teams the director exchanged between two matches before publishing: [{tables, teams}]."),
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique_per_tournament"),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self):
        if self.kind == self.Kind.PLAYOFF:
            return _("Play-off, round %(number)d") % {"number": self.number}
        return _("Round %(number)d") % {"number": self.number}

    @property
    def is_playoff(self) -> bool:
        return self.kind == self.Kind.PLAYOFF


class Match(models.Model):
    """A pairing: the first-named team takes the pattern's colours; no second team is a bye.

    In a double round the same table has two legs, the second with colours swapped. Disciplines
    with one result per match (tandem) keep it here, with the deciding board and how.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    leg = models.PositiveSmallIntegerField(_("leg"), default=1, help_text=_("2 for the return match of a double round."))
    first_team = models.ForeignKey("Team", on_delete=models.PROTECT, related_name="+")
    second_team = models.ForeignKey("Team", on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    version = models.PositiveIntegerField(default=1, help_text=_("Raised on every change, so a stale write can be refused."))
    result = models.CharField(_("match result"), max_length=3, blank=True)
    deciding_board = models.PositiveSmallIntegerField(_("deciding board"), null=True, blank=True)
    decided_by = models.CharField(_("decided by"), max_length=20, blank=True)

    class Meta:
        ordering = ["round", "table", "leg"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table", "leg"], name="match_table_leg_unique_per_round"),
            models.CheckConstraint(condition=~models.Q(first_team=models.F("second_team")), name="match_teams_differ"),
        ]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        second = self.second_team or _("bye")
        return f"{self.first_team} – {second}"

    @property
    def is_bye(self) -> bool:
        return self.second_team_id is None

    def colour_pattern(self, pattern: str) -> str:
        """The tournament's pattern as this match is played (swapped in a return leg)."""
        return leg_pattern(pattern, self.leg)


class BoardGame(models.Model):
    """One board of a match: who played, and the result from the first-named team's view."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(_("board"))
    first_player = models.ForeignKey("Player", on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    second_player = models.ForeignKey("Player", on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    result = models.CharField(_("result"), max_length=3, blank=True)

    class Meta:
        ordering = ["match", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="board_unique_per_match"),
        ]
        verbose_name = _("board game")
        verbose_name_plural = _("board games")

    def __str__(self):
        return f"{self.match} #{self.board}: {self.result or '…'}"

    def colours(self, pattern: str) -> tuple[str, str]:
        return board_colours(pattern, self.board)
