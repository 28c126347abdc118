from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import permissions
from tournaments.domain.presets import PRESETS, BoardOrder, ByeScoring, PairingSystem
from tournaments.models import Tournament


class MatchPointsSerializer(serializers.Serializer):
    win = serializers.FloatField(required=False)
    draw = serializers.FloatField(required=False)
    loss = serializers.FloatField(required=False)


class TournamentSerializer(serializers.ModelSerializer):
    match_points = serializers.SerializerMethodField()
    pairing = serializers.CharField(source="pairing_system")
    tiebreaks_first = serializers.ListField(child=serializers.CharField())
    tiebreaks_other = serializers.ListField(child=serializers.CharField())
    substitute_boards = serializers.ListField(child=serializers.IntegerField())
    role = serializers.SerializerMethodField(help_text="The client's role here: director, arbiter or null.")

    class Meta:
        model = Tournament
        fields = [
            "slug", "name", "preset", "discipline", "status", "venue", "start_date", "boards", "colour_pattern",
            "substitute_boards", "max_substitutes", "board_order", "match_points", "bye_scoring", "pairing",
            "tiebreaks_first", "tiebreaks_other", "playoff_for_first", "role", "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(MatchPointsSerializer)
    def get_match_points(self, tournament):
        return {"win": float(tournament.mp_win), "draw": float(tournament.mp_draw), "loss": float(tournament.mp_loss)}

    def get_role(self, tournament) -> str | None:
        request = self.context.get("request")
        if request is None:
            return None
        if "roles" in self.context:  # a list: the roles were read in one query
            return self.context["roles"].get(tournament.pk)
        return permissions.role_for(request.user, tournament)


class TournamentRulesInput(serializers.Serializer):
    """The rule settings a preset provides and a director may override."""

    venue = serializers.CharField(required=False, allow_blank=True, max_length=200)
    start_date = serializers.DateField(required=False, allow_null=True)
    boards = serializers.IntegerField(required=False)
    colour_pattern = serializers.CharField(required=False, max_length=32)
    substitute_boards = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=32)
    max_substitutes = serializers.IntegerField(required=False, min_value=0)
    board_order = serializers.ChoiceField(choices=[o.value for o in BoardOrder], required=False)
    match_points = MatchPointsSerializer(required=False)
    bye_scoring = serializers.ChoiceField(choices=[b.value for b in ByeScoring], required=False)
    pairing = serializers.ChoiceField(choices=[p.value for p in PairingSystem], required=False)
    tiebreaks_first = serializers.ListField(child=serializers.CharField(max_length=10), required=False, max_length=10)
    tiebreaks_other = serializers.ListField(child=serializers.CharField(max_length=10), required=False, max_length=10)
    playoff_for_first = serializers.BooleanField(required=False)


class TournamentCreateSerializer(TournamentRulesInput):
    name = serializers.CharField(max_length=200)
    preset = serializers.ChoiceField(choices=sorted(PRESETS), required=False)
    slug = serializers.CharField(required=False, max_length=70)


class TournamentUpdateSerializer(TournamentRulesInput):
    name = serializers.CharField(required=False, max_length=200)
