"""Shapes of the arbiter's features: incidents and penalties, the claim helper, play-off, withdrawals."""

from rest_framework import serializers

from tournaments.arbiter_labels import penalty_label
from tournaments.domain.material import ClaimOutcome
from tournaments.domain.penalties import IncidentKind, Penalty
from tournaments.models import Incident

from . import MAX_ID
from .fields import MomentField


class IncidentSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="match.round.number")
    table = serializers.IntegerField(source="match.table")
    player = serializers.CharField(source="player.name", allow_null=True, default=None)
    proposed_penalty_label = serializers.SerializerMethodField()
    user = serializers.CharField(source="user.username", allow_null=True, default=None)
    decided_by = serializers.CharField(source="decided_by.username", allow_null=True, default=None)

    class Meta:
        model = Incident
        fields = [
            "id",
            "match",
            "round",
            "table",
            "board",
            "side",
            "player",
            "kind",
            "occurred_at",
            "note",
            "opponent_flag_fell",
            "claimed_in_time",
            "proposed_penalty",
            "proposed_penalty_label",
            "rule",
            "decided_penalty",
            "override_reason",
            "user",
            "decided_by",
            "decided_at",
        ]

    def get_proposed_penalty_label(self, incident) -> str:
        """The proposal in words (translated); empty where the rules prescribe nothing."""
        return penalty_label(incident.proposed_penalty)


class IncidentQuery(serializers.Serializer):
    round = serializers.IntegerField(required=False, min_value=1, max_value=1000)
    match = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class IncidentInput(serializers.Serializer):
    match = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    board = serializers.IntegerField(min_value=1, max_value=100)
    side = serializers.ChoiceField(choices=Incident.Side.values, help_text="The player it is against.")
    kind = serializers.ChoiceField(choices=[k.value for k in IncidentKind])
    note = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    occurred_at = MomentField(required=False, help_text="Default: now.")
    opponent_flag_fell = serializers.BooleanField(required=False, default=False)
    claimed_in_time = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="An illegal-move claim made before the claimant completed a move (Blitz §14d); null: not said.",
    )


class DecideInput(serializers.Serializer):
    penalty = serializers.ChoiceField(
        choices=[p.value for p in Penalty],
        required=False,
        allow_blank=True,
        help_text="Leave out to confirm the proposal.",
    )
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="Needed to override the proposal."
    )


class ClaimInput(serializers.Serializer):
    claimant = serializers.CharField(required=False, allow_blank=True, max_length=60, help_text='e.g. "K+N", "K+B+B"')
    opponent = serializers.CharField(required=False, allow_blank=True, max_length=60, help_text='e.g. "K+P"')
    fen = serializers.CharField(required=False, allow_blank=True, max_length=100)
    side = serializers.ChoiceField(
        choices=["", "white", "black"], required=False, allow_blank=True, help_text="with a FEN"
    )


class ClaimAnswerSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=[o.value for o in ClaimOutcome])
    rule = serializers.CharField()
    reason = serializers.CharField()


class LotsInput(serializers.Serializer):
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        min_length=2,
        max_length=100,
        help_text="Team ids of every still tied team, in the order drawn (first drawn = better place).",
    )


class WithdrawInput(serializers.Serializer):
    from_round = serializers.IntegerField(
        min_value=1, max_value=1000, help_text="The first round the team does not play."
    )


class PlayoffRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    rank_to = serializers.IntegerField()
    team = serializers.DictField()
    mp = serializers.FloatField()
    bp = serializers.FloatField()
    bw = serializers.FloatField(help_text="Berliner Wertung over the play-off (Blitz §16).")
    fwb = serializers.ListField(child=serializers.FloatField(), help_text="First won board over the play-off.")
    decided_by = serializers.CharField(
        allow_null=True, help_text="MP, BW, FWB or LOTS: what put the team above the next."
    )
    decided_by_label = serializers.CharField()


class WithdrawalSerializer(serializers.Serializer):
    team = serializers.DictField()
    from_round = serializers.IntegerField()
    played = serializers.IntegerField()
    scheduled = serializers.IntegerField()
    applied = serializers.CharField(help_text="forfeits or cancelled")
    note = serializers.CharField(help_text="The rule the standings applied, as a sentence.")
