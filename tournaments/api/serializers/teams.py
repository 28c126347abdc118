from rest_framework import serializers

from tournaments.models import Player, Team


class PlayerSerializer(serializers.ModelSerializer):
    """A registered player; the federation's membership number only for clients with a role in the
    tournament (``context["private"]``), as no public page shows it either."""

    team = serializers.IntegerField(source="team_id", read_only=True)
    # Not ``read_only`` so the schema marks it optional: this serializer is only ever used for output.
    federation_id = serializers.CharField(
        required=False, help_text="Membership number; only for clients with a role in the tournament."
    )
    birth_date = serializers.DateField(
        required=False, allow_null=True, help_text="Only for clients with a role in the tournament."
    )

    class Meta:
        model = Player
        fields = ["id", "team", "position", "name", "rating", "fide_id", "federation", "federation_id", "birth_date"]
        read_only_fields = fields

    def to_representation(self, player):
        data = super().to_representation(player)
        if not self.context.get("private"):
            del data["federation_id"]
            del data["birth_date"]
        return data


class TeamSerializer(serializers.ModelSerializer):
    players = PlayerSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "short_name", "seed", "withdrawn_from_round", "players"]
        read_only_fields = fields


class PlayerInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    rating = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=3500)
    fide_id = serializers.CharField(required=False, allow_blank=True, max_length=20)
    federation_id = serializers.CharField(required=False, allow_blank=True, max_length=20)
    federation = serializers.CharField(required=False, allow_blank=True, max_length=3, help_text="FIDE code, e.g. GER.")
    birth_date = serializers.DateField(required=False, allow_null=True)


class RosterInput(serializers.Serializer):
    players = PlayerInput(many=True, help_text="In board order, then the substitutes.")


class TeamCreateSerializer(RosterInput):
    name = serializers.CharField(max_length=120)
    short_name = serializers.CharField(required=False, allow_blank=True, max_length=40)
    seed = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=1000,
        help_text="The starting rank (1 = strongest); the pairing system pairs by it.",
    )


class TeamRenameSerializer(serializers.Serializer):
    name = serializers.CharField(required=False, max_length=120)
    short_name = serializers.CharField(required=False, allow_blank=True, max_length=40)


class SeedOrderSerializer(serializers.Serializer):
    order = serializers.ChoiceField(
        choices=["rating", "lots", "given"],
        help_text="By the mean rating of the board players, by drawing lots, or as ``teams`` lists them.",
    )
    teams = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, help_text="Team ids, seed 1 first (``given``)."
    )
