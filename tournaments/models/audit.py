from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    """One change to the record of a tournament: who, when, what, old value and new value.

    What changed is named in columns (``target_kind`` with round, table, leg, board and seat, or
    the team), so reverts and the desk never read the ``target`` label back; that label is kept,
    untranslated, because the API has always shown it. ``value_type`` says what the old and new
    values hold, so each is shown to people in words (names, dates) rather than as raw JSON.
    """

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
        BYE = "bye", _("Bye requested")  # in advance, for a round not yet paired (TRF 240)
        LATE_ENTRY = "late-entry", _("Late entry")
        CAPTAIN_CODE = "captain-code", _("Captain code")
        CAPTAIN_REPORT = "captain-report", _("Captains' report")
        PUBLICATION_TARGET = "publication-target", _("Publication target")

    class Target(models.TextChoices):
        TOURNAMENT = "tournament", _("tournament")
        SETTINGS = "settings", _("settings")
        ROUND = "round", _("round")
        MATCH = "match", _("match")  # an encounter: its one result (Tandem §1.3)
        BOARD = "board", _("board")  # one game of a match: its result
        SEAT = "seat", _("seat")  # one seat of a game (1–4): an incident, a four-player place
        SIDE = "side", _("lineup")  # one team's side of a match: who plays where
        TEAM = "team", _("team")
        PLAYER = "player", _("player")
        ROLE = "role", _("role")
        PLAYOFF = "playoff", _("play-off")
        PUBLICATION_TARGET = "publication-target", _("publication target")

    class ValueType(models.TextChoices):
        """The shape of ``old_value``/``new_value``, which decides how people see them."""

        RESULT = "result", _("board result")  # "1-0"
        MATCH_RESULT = "match-result", _("match result")  # {"result", "deciding_board", "decided_by"}
        FINISH = "finish", _("finishing order")  # {"places": "1 - 3 2", "cleared": [{"seat", "player"}]}
        LINEUP = "lineup", _("lineup")  # roster positions per board, null = empty
        ROSTER = "roster", _("roster")  # player names
        PAIRING = "pairing", _("pairing")  # [[first seed, second seed or null], …]
        UNPAIRING = "unpairing", _("unpairing")  # {"pairs": …, "results": count}
        TIMESTAMP = "timestamp", _("time")  # ISO 8601
        CREATED = "created", _("tournament created")  # {"preset", setting: value, …}
        SETTINGS = "settings", _("settings")  # {setting: value, …}
        STATUS = "status", _("status")  # Tournament.Status
        IMPORT = "import", _("import")  # {"teams", "rounds"}
        BUNDLE = "bundle", _("print bundle")  # {"forms_per_page"}
        PLAYOFF = "playoff", _("play-off")  # {"teams": names, "rounds": numbers}
        LOTS = "lots", _("lots")  # team names in drawn order
        INCIDENT = "incident", _("incident")  # {"kind", "earlier", "proposed", "rule"}
        DECISION = "decision", _("decision")  # {"proposed"} → {"decided", "reason"}
        WITHDRAWAL = "withdrawal", _("withdrawal")  # {"from_round", "forfeited_matches"}
        ROLE = "role", _("role")  # TournamentRole.Role
        BYE = "bye", _("requested bye")  # {"round", "kind"}; null when withdrawn
        LATE_ENTRY = "late-entry", _("late entry")  # {"from_round", "players", "byes": kind}
        REPORT = "report", _("captains' report")  # {"state", "entries": [result entries]}
        # {"kind", "name", "enabled", "config", "secret": "changed" when a new one was typed}; never the secret
        PUBLICATION_TARGET = "publication-target", _("publication target")

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="audit_entries")
    match = models.ForeignKey("Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    source = models.CharField(_("source"), max_length=20, help_text=_("desk, api, command or import"))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    target = models.CharField(_("what"), max_length=200)
    target_kind = models.CharField(_("kind of target"), max_length=20, choices=Target.choices, blank=True)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    leg = models.PositiveSmallIntegerField(_("leg"), null=True, blank=True)
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    team = models.ForeignKey("Team", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    value_type = models.CharField(_("type of value"), max_length=20, choices=ValueType.choices, blank=True)
    old_value = models.JSONField(_("old value"), null=True, blank=True)
    new_value = models.JSONField(_("new value"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    reverts = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reverted_by",
        help_text=_("The change this entry undid, when a director reverted a result."),
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.target}"
