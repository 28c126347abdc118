"""DRF permission classes over tournaments/permissions.py.

A user without any role in the tournament gets 404 for its private data and for every write
(the tournament's staff area does not exist for them); an anonymous client gets 401; staff
lacking the needed role (an arbiter trying to pair) get 403. Views expose ``view.tournament``.
"""

from django.http import Http404
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import SAFE_METHODS, BasePermission

from tournaments import permissions


class _TournamentPermission(BasePermission):
    public_read = False

    def allowed(self, user, tournament) -> bool:
        raise NotImplementedError

    def has_permission(self, request, view):
        tournament = view.tournament
        if self.public_read and request.method in SAFE_METHODS:
            return True
        user = request.user
        if not permissions.can_view_private(user, tournament):
            if not user.is_authenticated:
                raise NotAuthenticated()
            raise Http404
        return self.allowed(user, tournament)


class CanViewPrivate(_TournamentPermission):
    def allowed(self, user, tournament):
        return True


class CanArbitrate(_TournamentPermission):
    def allowed(self, user, tournament):
        return permissions.can_arbitrate(user, tournament)


class CanDirect(_TournamentPermission):
    def allowed(self, user, tournament):
        return permissions.can_direct(user, tournament)


class ReadOnlyOrDirect(CanDirect):
    public_read = True


class ReadOnlyOrArbitrate(CanArbitrate):
    public_read = True


class CreatesTournaments(BasePermission):
    """Reading is public; creating a tournament or importing an archive needs staff, as on the desk."""

    message = gettext_lazy("Only staff may create tournaments or import archives.")

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        return permissions.may_create_tournaments(request.user)
