from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.models import Round


class RoundSerializer(serializers.ModelSerializer):
    published = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "kind", "published", "published_at"]
        read_only_fields = fields

    def get_published(self, round_) -> bool:
        return round_.published_at is not None


class PairInput(serializers.Serializer):
    all = serializers.BooleanField(default=False, help_text="Pair every remaining round, not just the next one.")
    background = serializers.BooleanField(
        default=False,
        help_text="Queue the pairing of the next round as a background job and answer 202 at once (a large Swiss "
        "takes longer than a request should); GET this URL for the job's state.",
    )

    def validate(self, data):
        if data["all"] and data["background"]:
            raise serializers.ValidationError({"background": _("a background job pairs the next round only.")})
        return data


class PairingJobSerializer(serializers.Serializer):
    """The state of the tournament's last queued pairing (``services/pairing_jobs.py``)."""

    state = serializers.ChoiceField(
        choices=["none", "queued", "running", "failed", "done"], help_text="none: no pairing was queued."
    )
    number = serializers.IntegerField(allow_null=True, help_text="The round the job pairs.")
    since = serializers.DateTimeField(allow_null=True, help_text="When it was queued or started.")
    error = serializers.DictField(allow_null=True, help_text="Why it failed: field, detail, rule.")


class UnpairInput(serializers.Serializer):
    delete_results = serializers.BooleanField(
        default=False, help_text="Required when the round has results: they are deleted (and recorded)."
    )
