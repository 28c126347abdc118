"""Serializer fields that apply the domain's bounds before DRF converts the value."""

from django.utils.translation import gettext
from rest_framework import serializers

from tournaments.domain.errors import RuleViolation
from tournaments.domain.moments import moment_in_range


class MomentField(serializers.DateTimeField):
    """A date and time within domain/moments.py's range: checked before the conversion to the
    server's time zone, which overflows for times near year 1 or 9999."""

    def enforce_timezone(self, value):
        try:
            moment_in_range(value, field="")
        except RuleViolation as error:
            raise serializers.ValidationError(error.text(gettext)) from None
        return super().enforce_timezone(value)
