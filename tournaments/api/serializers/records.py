"""Read-only shapes for standings, the audit trail, roles and tokens."""

from rest_framework import serializers

from tournaments.models import ApiToken, AuditEntry, TournamentRole

from .arbiter import PlayoffRowSerializer, WithdrawalSerializer


class StandingsTieBreakSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class PlaceReasonSerializer(serializers.Serializer):
    code = serializers.CharField(
        allow_null=True, help_text="The criterion that separated the row from the one above; null if none did."
    )
    above = serializers.JSONField(allow_null=True, help_text="The value of the row above at that split.")
    own = serializers.JSONField(allow_null=True)
    shared = serializers.BooleanField(help_text="The row shares its place with the one above.")
    playoff = serializers.BooleanField(
        help_text="code is the play-off's criterion (Blitz §16: MP, BW, FWB over the play-off, or LOTS)."
    )
    text = serializers.CharField()


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    rank_to = serializers.IntegerField(help_text="Equal to rank unless the place is shared.")
    entrant = serializers.DictField(help_text="{id, name}: the team, or at Schach4 the player entered alone.")
    points = serializers.FloatField(
        help_text="The score ranked first: match points, or placement points at tables (Schach4)."
    )
    team = serializers.DictField(help_text="The same as entrant, kept for earlier clients.")
    mp = serializers.FloatField(help_text="The same as points, kept for earlier clients.")
    bp = serializers.FloatField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    tiebreaks = serializers.DictField(
        child=serializers.JSONField(), help_text="code → value (a number, a list, or null)"
    )
    playoff_required = serializers.BooleanField()
    reason = PlaceReasonSerializer(
        allow_null=True, help_text="Why the row is below the one above; null for the first row."
    )


class ReferenceCheckSerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=["agrees", "differs", "not-checked", "pending"])
    engine = serializers.CharField(help_text="e.g. gacrux 1.11.65")
    after_round = serializers.IntegerField()
    differences = serializers.ListField(
        child=serializers.DictField(), help_text="[{team (seed), code or RANK, ours, reference}]"
    )
    note = serializers.CharField()
    checked_at = serializers.DateTimeField()


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    final = serializers.BooleanField()
    playoff_required = serializers.BooleanField()
    tiebreaks = StandingsTieBreakSerializer(many=True)
    rows = StandingRowSerializer(many=True)
    playoff = PlayoffRowSerializer(many=True, help_text="The play-off table (Blitz §16); empty until one is paired.")
    playoff_complete = serializers.BooleanField()
    playoff_void = serializers.BooleanField(
        help_text="A result changed after the play-off was paired and its tie is gone: it is not applied."
    )
    lots_needed = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Team ids still tied after the play-off.",
    )
    withdrawals = WithdrawalSerializer(many=True, help_text="Withdrawn teams and which rule the standings applied.")
    reference_check = ReferenceCheckSerializer(
        allow_null=True,
        help_text="FIDE's reference tool (gacrux) on the published standings; null before its first check.",
    )


class AuditEntrySerializer(serializers.ModelSerializer):
    """``target`` is the label clients have always read; the columns after ``reverts`` name the
    same target structurally (``target_kind`` with round, table, leg, board, seat or team)."""

    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    old_value = serializers.JSONField(allow_null=True)
    new_value = serializers.JSONField(allow_null=True)

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "created_at",
            "user",
            "source",
            "action",
            "target",
            "match",
            "old_value",
            "new_value",
            "reverts",
            "target_kind",
            "round_number",
            "table",
            "leg",
            "board",
            "seat",
            "team",
            "value_type",
        ]
        read_only_fields = fields


class RoleSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")

    class Meta:
        model = TournamentRole
        fields = ["username", "role", "created_at"]
        read_only_fields = fields


class RoleInput(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=TournamentRole.Role.values)


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "last_used_at"]
        read_only_fields = fields


class TokenCreatedSerializer(TokenSerializer):
    key = serializers.CharField(help_text="Shown only now; store it safely.")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]
        read_only_fields = fields


class TokenInput(serializers.Serializer):
    name = serializers.CharField(max_length=80)
