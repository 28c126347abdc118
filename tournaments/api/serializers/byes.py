"""Shapes of byes requested in advance and of late entries (issue 16; TRF-2026 record 240)."""

from rest_framework import serializers

from tournaments.domain.requested_byes import ByeKind

from . import MAX_ID
from .teams import RosterInput


class RequestedByeSerializer(serializers.Serializer):
    team = serializers.IntegerField(source="team.pk", help_text="The team's id.")
    team_name = serializers.CharField(source="team.name")
    round = serializers.IntegerField(source="round_number")
    kind = serializers.CharField(help_text="TRF 240: H half point, F full point, Z zero points.")
    late_entry = serializers.BooleanField(help_text="A round before the team entered.")


class ByeRequestInput(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The team's id.")
    round = serializers.IntegerField(min_value=1, max_value=1000, help_text="A round not yet paired.")
    kind = serializers.ChoiceField(
        choices=[kind.value for kind in ByeKind], help_text="H, F or Z (TRF-2026 record 240)."
    )
    version = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The byes' version you read (the list's ETag; or send it as If-Match); stale: 409.",
    )


class ByeWithdrawInput(serializers.Serializer):
    version = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="The byes' version you read (the list's ETag; or send it as If-Match); stale: 409.",
    )


class LateEntryInput(RosterInput):
    name = serializers.CharField(max_length=120)
    short_name = serializers.CharField(required=False, allow_blank=True, max_length=40)
    from_round = serializers.IntegerField(
        min_value=1, max_value=1000, help_text="The first round the team is paired in (not yet paired)."
    )
