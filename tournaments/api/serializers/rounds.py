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


class UnpairInput(serializers.Serializer):
    delete_results = serializers.BooleanField(
        default=False, help_text="Required when the round has results: they are deleted (and recorded)."
    )
