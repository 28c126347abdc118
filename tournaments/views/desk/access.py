"""Who may use the desk: the one place to change when per-tournament roles arrive (API issue)."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament


def desk_allowed(user, tournament: Tournament | None = None) -> bool:
    """Staff users run every tournament for now; ``tournament`` is there for per-tournament roles."""
    return user.is_authenticated and user.is_staff


def desk_required(view):
    """Log in first; then refuse (403) users without desk rights; load ``slug`` as the tournament."""

    @wraps(view)
    def wrapper(request, *args, slug=None, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        tournament = get_object_or_404(Tournament, slug=slug) if slug is not None else None
        if not desk_allowed(request.user, tournament):
            raise PermissionDenied
        if tournament is not None:
            return view(request, tournament, *args, **kwargs)
        return view(request, *args, **kwargs)

    return wrapper
