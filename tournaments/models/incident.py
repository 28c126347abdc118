from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Incident(models.Model):
    """Something the arbiter saw or was called for at one board: the record behind a penalty.

    The desk proposes the penalty the rules prescribe (Blitz §7, §9a, §11); the arbiter confirms
    it or overrides it with a reason. Nothing here is decided until ``decided_penalty`` is set.
    """

    class Side(models.TextChoices):
        FIRST = "first", _("first-named team")
        SECOND = "second", _("second-named team")

    match = models.ForeignKey("Match", on_delete=models.CASCADE, related_name="incidents")
    board = models.PositiveSmallIntegerField(_("board"))
    side = models.CharField(_("side"), max_length=6, choices=Side.choices)
    player = models.ForeignKey("Player", on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=24)
    occurred_at = models.DateTimeField(_("time"), default=timezone.now)
    note = models.TextField(_("note"), blank=True)
    opponent_flag_fell = models.BooleanField(_("the opponent's flag fell because of it"), default=False)
    claimed_in_time = models.BooleanField(
        _("claimed before the claimant completed a move"),
        null=True,
        blank=True,
        help_text=_("An illegal-move claim (Blitz §14d); empty: not said."),
    )
    proposed_penalty = models.CharField(
        _("proposed penalty"),
        max_length=24,
        blank=True,
        help_text=_("Empty: the rules prescribe nothing, the arbiter decides."),
    )
    rule = models.CharField(_("rule"), max_length=40, blank=True)
    decided_penalty = models.CharField(_("decided penalty"), max_length=24, blank=True)
    override_reason = models.TextField(_("reason for overriding the proposal"), blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["match", "board", "occurred_at", "id"]
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")

    def __str__(self):
        return f"{self.match} #{self.board} {self.side}: {self.kind}"

    @property
    def decided(self) -> bool:
        return bool(self.decided_penalty)

    @property
    def overridden(self) -> bool:
        return self.decided and self.decided_penalty != (self.proposed_penalty or self.decided_penalty)
