from functools import lru_cache

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain.disciplines import DisciplineRules, get_discipline
from tournaments.domain.eligibility import Category, Check, Eligibility
from tournaments.domain.hall_screen import DEFAULT_PANELS, DEFAULT_SECONDS
from tournaments.domain.lineup import LineupRules
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.penalties import PenaltyRules, parse_event_ladders
from tournaments.domain.presets import (
    BoardOrder,
    ByeScoring,
    ColourModel,
    DirectEncounter,
    MatchPoints,
    PairingSystem,
    TiebreakEdition,
)
from tournaments.domain.requested_byes import LateEntryRounds, LateEntrySeeding
from tournaments.domain.standings import RankingRules
from tournaments.domain.withdrawal import WithdrawalRule


@lru_cache(maxsize=256)
def _discipline(key: str, place_points: str, table_bye_points: str) -> DisciplineRules:
    """The discipline scoring places and table byes as the tournament sets; built once per set of values."""
    return get_discipline(key).with_place_points(place_points).with_bye_points(table_bye_points)


def _default_screen_panels() -> list[str]:
    return list(DEFAULT_PANELS)


class Tournament(models.Model):
    """A competition and its rules, copied from a preset at creation and adjustable after."""

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    preset = models.CharField(_("preset"), max_length=40)
    discipline = models.CharField(_("discipline"), max_length=20)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    boards = models.PositiveSmallIntegerField(_("boards"))
    colour_pattern = models.CharField(
        _("colour pattern"), max_length=32, help_text=_("Colour of the first-named team on each board, e.g. BWBW.")
    )
    substitute_boards = models.JSONField(_("boards a substitute may play"), default=list)
    max_substitutes = models.PositiveSmallIntegerField(_("substitutes per match"), default=1)
    board_order = models.CharField(_("board order"), max_length=12, default=BoardOrder.FIXED.value)
    mp_win = models.DecimalField(_("match points for a win"), max_digits=4, decimal_places=1, default=2)
    mp_draw = models.DecimalField(_("match points for a draw"), max_digits=4, decimal_places=1, default=1)
    mp_loss = models.DecimalField(_("match points for a loss"), max_digits=4, decimal_places=1, default=0)
    place_points = models.CharField(
        _("points per place"),
        max_length=60,
        blank=True,
        default="",
        help_text=_(
            "Four-player tables: points for each place by number of sides, e.g. 4: 3 2 1 0; 3: 2 1 0. Empty: k − p (4 "
            "sides 3/2/1/0)."
        ),
    )
    bye_scoring = models.CharField(_("bye scores"), max_length=12, default=ByeScoring.NOTHING.value)
    pairing_system = models.CharField(_("pairing system"), max_length=24, default=PairingSystem.ROUND_ROBIN.value)
    tiebreaks_first = models.JSONField(_("tie-breaks for first place"), default=list)
    tiebreaks_other = models.JSONField(_("tie-breaks for other places"), default=list)
    playoff_for_first = models.BooleanField(_("play-off for first place"), default=False)
    playoff_ranks_all = models.BooleanField(
        _("the play-off ranks all its teams"),
        default=False,
        help_text=_(
            "Off (Blitz §16): the play-off decides first place only; its other teams are ranked by the tie-breaks "
            "for other places, board points first."
        ),
    )
    withdrawal_rule = models.CharField(_("when a team withdraws"), max_length=20, default=WithdrawalRule.FORFEIT.value)
    tiebreak_edition = models.CharField(
        _("tie-break rules (C.07 edition)"),
        max_length=4,
        default=TiebreakEdition.C07_2026.value,
        help_text=_(
            "2026: unplayed rounds valued with the caps of Art. 16.4; 2024: the earlier edition, without them."
        ),
    )
    direct_encounter = models.CharField(
        _("direct encounter in a round robin still running"),
        max_length=5,
        default=DirectEncounter.BLITZ.value,
        help_text=_(
            "C.07: the match points among the tied teams from their encounters so far (FIDE's reading); "
            "Blitz §16: it separates only teams that have all met each other."
        ),
    )
    late_entry_rounds = models.CharField(
        _("rounds before a late entry"),
        max_length=10,
        default=LateEntryRounds.UNPAIRED.value,
        help_text=_("Team Swiss: the rounds a late entry missed are unpaired (zero points) or half-point byes."),
    )
    byes_version = models.PositiveIntegerField(
        _("version of the byes"),
        default=1,
        help_text=_(
            "Goes up with every bye requested or withdrawn and every late entry: a write based on an older one is "
            "refused."
        ),
    )
    late_entry_seeding = models.CharField(
        _("starting rank of a late entry"),
        max_length=10,
        default=LateEntrySeeding.RANKING.value,
        help_text=_(
            "Team Swiss: a late entry takes its place in the initial ranking, the teams below it moving down one "
            "(until the fourth round is paired), or the next number."
        ),
    )
    playoff_lots = models.JSONField(
        _("play-off lots"),
        default=list,
        blank=True,
        help_text=_("Team ids in the order the lots were drawn (Blitz §16)."),
    )
    round_count = models.PositiveSmallIntegerField(
        _("rounds"),
        default=0,
        help_text=_("A Swiss's number of rounds; 0 where the pairing system plans them (round robin)."),
    )
    colour_model = models.CharField(
        _("colour preferences"),
        max_length=8,
        default=ColourModel.TYPE_A.value,
        help_text=_("Team Swiss: type A, type B, or none (C.04.6 art. 1.7)."),
    )
    double_rounds = models.BooleanField(
        _("double rounds"), default=False, help_text=_("Each round two matches of the same teams, colours swapped.")
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default="de",
        help_text=_("Language of printed documents."),
    )
    lineup_rule = models.CharField(
        _("lineup rule"), max_length=60, blank=True, help_text=_("The paragraph cited when a lineup is refused.")
    )
    rating_cap = models.PositiveSmallIntegerField(_("rating cap per board"), default=0)
    rating_cap_check = models.CharField(_("rating cap per board: check"), max_length=8, default=Check.OFF.value)
    average_cap = models.PositiveSmallIntegerField(_("rating cap on the average"), default=0)
    average_cap_check = models.CharField(_("rating cap on the average: check"), max_length=8, default=Check.OFF.value)
    rating_order_tolerance = models.PositiveSmallIntegerField(_("board order by rating: tolerance"), default=0)
    rating_order_check = models.CharField(_("board order by rating: check"), max_length=8, default=Check.OFF.value)
    limited_category = models.CharField(
        _("limited category of players"), max_length=20, default=Category.NO_FEDERATION_ID.value
    )
    category_limit = models.PositiveSmallIntegerField(_("players of that category per match"), default=0)
    category_limit_check = models.CharField(_("category limit: check"), max_length=8, default=Check.OFF.value)
    penalty_rules = models.CharField(_("penalties"), max_length=24, default=PenaltyRules.BLITZ.value)
    penalty_rule = models.CharField(
        _("penalty rule"),
        max_length=60,
        blank=True,
        help_text=_("The paragraph cited when penalties are at the arbiter's discretion."),
    )
    table_bye_points = models.CharField(
        _("points of a table bye"),
        max_length=10,
        blank=True,
        default="",
        help_text=_(
            "Four-player tables without a smaller form: what an entrant left over scores. Empty: the points of a "
            "shared middle place."
        ),
    )
    first_mover = models.CharField(
        _("first mover at a table"),
        max_length=10,
        default="rotation",
        help_text=_("Four-player tables: seats rotated evenly over the event, or drawn by lot each round."),
    )
    penalty_event_ladders = models.CharField(
        _("ladders counted over the event"),
        max_length=60,
        blank=True,
        help_text=_("Incident kinds whose ladder counts a player's violations over the event, not per game."),
    )
    planned_rounds = models.PositiveSmallIntegerField(
        _("planned rounds"),
        null=True,
        blank=True,
        help_text=_("Regular rounds the pairing system plans, fixed when the tournament starts."),
    )
    # The hall screen (/t/<slug>/screen/): which panels rotate, in order, and for how long each.
    screen_panels = models.JSONField(_("hall screen panels"), default=_default_screen_panels)
    screen_seconds = models.PositiveSmallIntegerField(_("seconds per hall screen panel"), default=DEFAULT_SECONDS)
    captain_reports_accepted = models.BooleanField(
        _("accept confirmed captains' reports automatically"),
        default=False,
        help_text=_("A report both captains confirmed becomes the result without the desk's key."),
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    created_at = models.DateTimeField(auto_now_add=True)
    # A copy a hall pushed to this public server (issue 31, services/push.py): what it holds of the
    # hall's publication, {"version", "changed_at", "digest"}; null for a tournament run here.
    mirror = models.JSONField(_("pushed from a hall"), null=True, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self):
        return self.name

    @property
    def rosters_locked(self) -> bool:
        return self.status != self.Status.REGISTRATION

    @property
    def discipline_rules(self) -> DisciplineRules:
        """The stored discipline as an object to ask (what is scored, what an empty seat implies …)."""
        return _discipline(self.discipline, self.place_points, self.table_bye_points)

    @property
    def penalties(self) -> tuple[PenaltyRules, str]:
        """The penalty ladders and the paragraph cited when the arbiter decides alone."""
        return PenaltyRules(self.penalty_rules), self.penalty_rule

    @property
    def event_ladders(self) -> tuple[str, ...]:
        """The incident kinds whose ladder counts over the whole event (Blitz §11d)."""
        return parse_event_ladders(self.penalty_event_ladders)

    @property
    def lineup_rules(self) -> LineupRules:
        return LineupRules(
            boards=self.boards,
            substitute_boards=tuple(self.substitute_boards),
            max_substitutes=self.max_substitutes,
            board_order=BoardOrder(self.board_order),
            rule=self.lineup_rule,
            eligibility=Eligibility(
                rating_cap=self.rating_cap,
                rating_cap_check=Check(self.rating_cap_check),
                average_cap=self.average_cap,
                average_cap_check=Check(self.average_cap_check),
                rating_order_tolerance=self.rating_order_tolerance,
                rating_order_check=Check(self.rating_order_check),
                limited_category=Category(self.limited_category),
                category_limit=self.category_limit,
                category_limit_check=Check(self.category_limit_check),
            ),
        )

    @property
    def ranking_rules(self) -> RankingRules:
        return RankingRules(
            boards=self.boards,
            match_points=MatchPoints(float(self.mp_win), float(self.mp_draw), float(self.mp_loss)),
            bye_scoring=ByeScoring(self.bye_scoring),
            tiebreaks_first=tuple(self.tiebreaks_first),
            tiebreaks_other=tuple(self.tiebreaks_other),
            playoff_for_first=self.playoff_for_first,
            predetermined=pairing_system(self.pairing_system).pairs_ahead,
            edition=TiebreakEdition(self.tiebreak_edition),
            direct_encounter=DirectEncounter(self.direct_encounter),
        )
