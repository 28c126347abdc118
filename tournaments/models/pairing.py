from django.db import models
from django.utils.translation import gettext_lazy as _


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
    # When the round is played, as the hall's clock says (TRF-2026 record 132; a DWZ report needs
    # every round's date, DSB-Wertungsordnung 6.1): wall-clock values, not moments in a time zone
    date = models.DateField(_("date"), null=True, blank=True)
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    # A Swiss round's pairings are reviewed before the public sees them (issue 16); a fixed
    # schedule's are public from the start (the pairing service sets the moment then).
    pairings_published_at = models.DateTimeField(_("pairings published"), null=True, blank=True)
    pairing_engine = models.CharField(
        _("pairing engine"),
        max_length=40,
        blank=True,
        help_text=_("The engine and version that paired the round, e.g. gacrux 1.11.65."),
    )
    table_repeats = models.PositiveSmallIntegerField(
        _("table-mates again"),
        null=True,
        blank=True,
        help_text=_("Entrants grouped into tables: how many pairs share a table again; empty where pairs are paired."),
    )
    first_mover_lot = models.PositiveIntegerField(
        _("lot of the seats"),
        null=True,
        blank=True,
        help_text=_("Tables seated by lot (Schach4 “Der Spielbeginn”): the lot drawn; empty where seats rotate."),
    )
    pairing_check = models.JSONField(
        _("pairing check"),
        null=True,
        blank=True,
        help_text=_("The reference pairing checker's verdict: {engine, agrees, expected}."),
    )
    pairing_departures = models.JSONField(
        _("departures from the pairing system"),
        default=list,
        blank=True,
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


class MatchQuerySet(models.QuerySet):
    def with_sides(self):
        """Sides and their teams in one more query, so ``teams``/``first_team`` cost nothing."""
        return self.prefetch_related(models.Prefetch("sides", MatchSide.objects.select_related("team")))

    def with_games(self):
        """Games with their seats and players, for the board-by-board views."""
        seats = Seat.objects.select_related("player")
        return self.prefetch_related(
            models.Prefetch("boards", BoardGame.objects.prefetch_related(models.Prefetch("seats", seats)))
        )

    def of_team(self, team):
        return self.filter(sides__team=team)

    def paired(self):
        """Encounters with an opponent: everything but byes."""
        return self.filter(sides__position=2)

    def byes(self):
        return self.exclude(sides__position=2)


class Match(models.Model):
    """An encounter of 2..n sides (teams, or one-player entries): a team match, a tandem match,
    a four-player table. A single side is a bye.

    The first-named side (position 1) takes the pattern's colours. In a double round the same
    table has two legs, the second with colours swapped. Disciplines with one result per match
    (tandem) keep it here, from the first side's view, with the deciding board and how.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    leg = models.PositiveSmallIntegerField(
        _("leg"), default=1, help_text=_("2 for the return match of a double round.")
    )
    version = models.PositiveIntegerField(
        default=1, help_text=_("Raised on every change, so a stale write can be refused.")
    )
    result = models.CharField(_("match result"), max_length=3, blank=True)
    deciding_board = models.PositiveSmallIntegerField(_("deciding board"), null=True, blank=True)
    decided_by = models.CharField(_("decided by"), max_length=20, blank=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["round", "table", "leg"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table", "leg"], name="match_table_leg_unique_per_round"),
        ]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        teams = [str(team) for team in self.teams]
        return " – ".join(teams) if len(teams) > 1 else f"{teams[0]} – {_('bye')}"

    @property
    def teams(self) -> list:
        """The sides' teams in order (prefetch with ``with_sides()``)."""
        return [side.team for side in self.sides.all()]

    @property
    def first_team(self):
        return self.teams[0]

    @property
    def second_team(self):
        """The opponent of a two-sided encounter; None for a bye."""
        teams = self.teams
        return teams[1] if len(teams) > 1 else None

    @property
    def first_team_id(self) -> int:
        return self.sides.all()[0].team_id

    @property
    def second_team_id(self) -> int | None:
        sides = self.sides.all()
        return sides[1].team_id if len(sides) > 1 else None

    @property
    def is_bye(self) -> bool:
        return len(self.sides.all()) < 2


class MatchSide(models.Model):
    """One side of an encounter. ``place`` is its finishing place where a game ranks its sides
    (four-player chess, Schach4 "Ende des Spiels"); chess results leave it empty."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    position = models.PositiveSmallIntegerField(_("position"))
    team = models.ForeignKey("Team", on_delete=models.PROTECT, related_name="match_sides")
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="side_position_unique_per_match"),
            models.UniqueConstraint(fields=["match", "team"], name="side_team_unique_per_match"),
        ]
        verbose_name = _("side")
        verbose_name_plural = _("sides")

    def __str__(self):
        return f"{self.match_id}/{self.position}: {self.team_id}"


class BoardGame(models.Model):
    """One game of an encounter (a board of a team match, a four-player table): its seats say
    who played; ``result`` is the game's result from the first side's view. ``changed_in`` makes
    conflicts per game: two arbiters writing different boards of one match both succeed (issue 28)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(_("board"))
    result = models.CharField(_("result"), max_length=3, blank=True)
    changed_in = models.PositiveIntegerField(
        default=0,
        help_text=_("The match's version after this game last changed: a write based on an older one is refused."),
    )

    class Meta:
        ordering = ["match", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="board_unique_per_match"),
        ]
        verbose_name = _("board game")
        verbose_name_plural = _("board games")

    def __str__(self):
        return f"{self.match_id} #{self.board}: {self.result or '…'}"

    def seat(self, position: int):
        """The seat at ``position`` (from prefetched seats), or None."""
        return next((seat for seat in self.seats.all() if seat.position == position), None)

    @property
    def first_player(self):
        """Seat 1's player (prefetch seats with ``Match.objects.with_games()``); None if empty."""
        seat = self.seat(1)
        return seat.player if seat else None

    @property
    def second_player(self):
        seat = self.seat(2)
        return seat.player if seat else None

    @property
    def first_player_id(self):
        seat = self.seat(1)
        return seat.player_id if seat else None

    @property
    def second_player_id(self):
        seat = self.seat(2)
        return seat.player_id if seat else None


class Seat(models.Model):
    """A place at a game: the side it belongs to, who sits there (None: the seat stayed empty,
    a forfeit) and the colour played there, fixed when the round is paired."""

    game = models.ForeignKey(BoardGame, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))
    side = models.ForeignKey(MatchSide, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey("Player", on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    colour = models.CharField(_("colour"), max_length=1)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position_unique_per_game"),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self):
        return f"{self.game_id}/{self.position}: {self.player_id or '—'}"
