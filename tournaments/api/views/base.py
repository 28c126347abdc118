from functools import cached_property

from django.http import Http404
from rest_framework import generics
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import ValidationError

from tournaments import permissions
from tournaments.models import Tournament

SOURCE = "api"  # what the audit trail records as the source of API writes


class TournamentScoped(generics.GenericAPIView):
    """A view under ``/tournaments/<slug>/``: resolves the tournament once (404 if unknown)."""

    @cached_property
    def tournament(self) -> Tournament:
        """With the client's role in the same query (``tournament_with_role``)."""
        try:
            return permissions.tournament_with_role(self.request.user, slug=self.kwargs["slug"])
        except Tournament.DoesNotExist:
            raise Http404 from None

    @property
    def private(self) -> bool:
        """Whether the client may see unpublished results and other staff-only data."""
        return permissions.can_view_private(self.request.user, self.tournament)

    @property
    def source(self) -> str:
        """What the audit trail records: "desk" for the desk's pages (session login), else "api"."""
        return "desk" if isinstance(self.request.successful_authenticator, SessionAuthentication) else SOURCE

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "private": self.private}


def valid_input(serializer_class, data) -> dict:
    """The validated data as plain dicts and lists, or a ValidationError (400 naming the field)."""
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise ValidationError(serializer.errors)
    return _plain(serializer.validated_data)


def _plain(value):
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value
