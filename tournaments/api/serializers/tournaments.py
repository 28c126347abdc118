from collections.abc import Mapping

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments import permissions
from tournaments.domain.presets import PRESETS
from tournaments.domain.rule_set import RULE_SET, SETTINGS, Kind, Setting
from tournaments.models import Tournament


class StrictInput(serializers.Serializer):
    """Input that names every field it does not know instead of silently ignoring it."""

    def to_internal_value(self, data):
        if isinstance(data, Mapping):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                known = ", ".join(self.fields)
                raise serializers.ValidationError(
                    {key: [gettext("unknown field; known fields: %(known)s.") % {"known": known}] for key in unknown}
                )
        return super().to_internal_value(data)


class MatchPointsSerializer(StrictInput):
    win = serializers.FloatField(required=False)
    draw = serializers.FloatField(required=False)
    loss = serializers.FloatField(required=False)


def _field(setting: Setting, **options) -> serializers.Field:
    """The API field of a rule setting; the service validates the value itself (``resolve_rules``)."""
    common = {"required": False, "help_text": setting.help or None, **options}
    kind = setting.kind
    if kind == Kind.TEXT:
        return serializers.CharField(allow_blank=True, max_length=setting.maximum, trim_whitespace=False, **common)
    if kind == Kind.DATE:
        return serializers.DateField(allow_null=True, **common)
    if kind == Kind.WHOLE:
        return serializers.IntegerField(**common)
    if kind == Kind.BOOL:
        return serializers.BooleanField(**common)
    if kind == Kind.CHOICE:
        return serializers.ChoiceField(choices=list(setting.options), **common)
    if kind == Kind.BOARDS:
        return serializers.ListField(child=serializers.IntegerField(), max_length=32, **common)
    if kind == Kind.CODES:
        return serializers.ListField(child=serializers.CharField(max_length=10), max_length=10, **common)
    return MatchPointsSerializer(**common)


def _output_field(setting: Setting) -> serializers.Field:
    if setting.kind == Kind.POINTS:
        return serializers.SerializerMethodField()
    return _field(setting, read_only=True, **({"source": setting.attribute} if setting.attribute else {}))


# Serializer bases declaring one field per setting, so clients and the OpenAPI schema see them all.
RuleSetOutput = type("RuleSetOutput", (serializers.Serializer,), {s.name: _output_field(s) for s in RULE_SET})
RuleSetInput = type("RuleSetInput", (StrictInput,), {s.name: _field(s) for s in RULE_SET})


class TournamentSerializer(RuleSetOutput, serializers.ModelSerializer):
    """A tournament with every setting of its rule set (``tournaments.domain.rule_set``)."""

    role = serializers.SerializerMethodField(help_text="The client's role here: director, arbiter or null.")

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "preset",
            "discipline",
            "status",
            *SETTINGS,
            "planned_rounds",
            "role",
            "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(MatchPointsSerializer)
    def get_match_points(self, tournament):
        return {key: float(value) for key, value in SETTINGS["match_points"].read(tournament).items()}

    def get_role(self, tournament) -> str | None:
        request = self.context.get("request")
        if request is None:
            return None
        if "roles" in self.context:  # a list: the roles were read in one query
            return self.context["roles"].get(tournament.pk)
        return permissions.role_for(request.user, tournament)


class TournamentCreateSerializer(RuleSetInput):
    name = serializers.CharField(max_length=200)
    preset = serializers.ChoiceField(choices=sorted(PRESETS), required=False)
    slug = serializers.CharField(required=False, max_length=70)


class TournamentUpdateSerializer(RuleSetInput):
    name = serializers.CharField(required=False, max_length=200)
