"""The documented shape of error responses (see tournaments/api/exceptions.py)."""

from rest_framework import serializers

from .matches import MatchSerializer


class FieldErrorSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True, help_text="Where: a field name or a place like “board 2”.")
    detail = serializers.CharField(help_text="What is wrong and which rule, in the user's language.")


class ErrorSerializer(FieldErrorSerializer):
    rule = serializers.CharField(allow_null=True, required=False)
    errors = FieldErrorSerializer(many=True)


class ConflictSerializer(ErrorSerializer):
    current = MatchSerializer(help_text="The match as it is now: reload, then write again.")


class ByesVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The byes' version now (their ETag).")


class ByesConflictSerializer(ErrorSerializer):
    current = ByesVersionSerializer(help_text="The byes' version now: reload the list, then write again.")
