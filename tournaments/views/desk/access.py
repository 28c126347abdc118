"""Who may use the desk: the one place where desk pages and the TD's PDFs ask ``tournaments.permissions``.

Per-tournament roles as in the API: a director does everything, an arbiter does lineups, results,
incidents, the claim helper and prints the match report forms. A user without a role in the
tournament gets 404 (its desk does not exist for them, as in the API); a role that is not enough
gets 403. Superusers are directors everywhere.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme

from tournaments import permissions
from tournaments.models import Tournament
from tournaments.services.locks import WriteConflict

from .common import flash_violation

ARBITER = "arbiter"  # lineups, results, incidents, claims, match report forms (and reading the desk)
DIRECTOR = "director"  # settings, rosters, pairing, publishing, play-off, withdrawals, roles, reverts


def desk_allowed(user, tournament: Tournament | None = None, need: str = ARBITER) -> bool:
    """Whether ``user`` may do what needs ``need`` in ``tournament``; without one: may use the desk at all."""
    if tournament is None:
        return user.is_authenticated and user.is_active
    if need == DIRECTOR:
        return permissions.can_direct(user, tournament)
    return permissions.can_arbitrate(user, tournament)


def desk_check(user, tournament: Tournament, need: str = ARBITER) -> None:
    """Raise 404 for users without a role in the tournament, 403 when their role is not enough."""
    if not permissions.can_view_private(user, tournament):
        raise Http404
    if not desk_allowed(user, tournament, need):
        raise PermissionDenied


def desk_required(view=None, *, reads: str = ARBITER, writes: str | None = None):
    """Log in first; then check the role (``reads`` for GET/HEAD, ``writes`` for other methods,
    default the same); load ``slug`` as the tournament. Use bare or with keyword arguments.

    Every answer is ``no-store``: a desk page shows state that others change, and the browser's
    Back button must load it again, not show the copy it kept (issue 28 item 5: the grid showed
    stale results and blamed "someone else" for the TD's own change)."""
    if view is None:
        return lambda view: desk_required(view, reads=reads, writes=writes)
    writes = writes or reads

    @wraps(view)
    def wrapper(request, *args, slug=None, **kwargs):
        response = _checked(request, *args, slug=slug, **kwargs)
        add_never_cache_headers(response)
        return response

    def _checked(request, *args, slug=None, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if slug is None:
            return view(request, *args, **kwargs)
        tournament = get_object_or_404(Tournament, slug=slug)
        desk_check(request.user, tournament, reads if request.method in ("GET", "HEAD") else writes)
        request.desk_director = permissions.can_direct(request.user, tournament)  # templates hide what needs it
        try:
            return view(request, tournament, *args, **kwargs)
        except WriteConflict as conflict:  # another write at the same moment: nothing saved, never a 500
            flash_violation(request, conflict)
            return redirect(_back(request, tournament))

    return wrapper


def director_required(view):
    """``desk_required`` for pages that only the director may use at all."""
    return desk_required(view, reads=DIRECTOR)


def _back(request, tournament: Tournament) -> str:
    """The page the form was sent from (this site's only), else the tournament's desk."""
    referer = request.headers.get("Referer", "")
    if url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return referer
    return reverse("tournaments:desk_overview", kwargs={"slug": tournament.slug})
