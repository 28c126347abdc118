"""Who may do what in a tournament: plain functions shared by the desk, the API and the admin.

Roles are per tournament (``TournamentRole``); a superuser counts as director everywhere.
Directors do everything (rosters, pairing, publishing, play-off, withdrawals, roles, reverts);
arbiters enter lineups, results and incidents; everyone else sees published data only.
"""

from django.db.models import OuterRef, QuerySet, Subquery

from tournaments.models import Tournament, TournamentRole

DIRECTOR = TournamentRole.Role.DIRECTOR
ARBITER = TournamentRole.Role.ARBITER


def may_create_tournaments(user) -> bool:
    """Creating a tournament or importing an archive is a site-wide right (staff), on the desk and
    in the API alike; the creator becomes the new tournament's director."""
    return user.is_authenticated and user.is_active and (user.is_staff or user.is_superuser)


def role_for(user, tournament: Tournament) -> str | None:
    """``"director"``, ``"arbiter"`` or ``None``; cached on the user object for the request."""
    if user is None or not user.is_authenticated or not user.is_active:
        return None
    if user.is_superuser:
        return DIRECTOR
    cache = user.__dict__.setdefault("_tournament_roles", {})
    if tournament.pk not in cache:
        cache[tournament.pk] = (
            TournamentRole.objects.filter(tournament_id=tournament.pk, user=user).values_list("role", flat=True).first()
        )
    return cache[tournament.pk]


def tournament_with_role(user, **lookup) -> Tournament:
    """The tournament matching ``lookup`` (``Tournament.DoesNotExist`` if none), with ``user``'s role
    read in the same query and cached for ``role_for``: the API needs both on every request (issue 7).
    """
    tournaments = Tournament.objects.filter(**lookup)
    if user is None or not user.is_authenticated or not user.is_active or user.is_superuser:
        return tournaments.get()
    role = TournamentRole.objects.filter(tournament=OuterRef("pk"), user=user).values("role")[:1]
    tournament = tournaments.annotate(role_of_user=Subquery(role)).get()
    user.__dict__.setdefault("_tournament_roles", {})[tournament.pk] = tournament.role_of_user
    return tournament


def can_direct(user, tournament: Tournament) -> bool:
    return role_for(user, tournament) == DIRECTOR


def can_arbitrate(user, tournament: Tournament) -> bool:
    """Lineups, results, incidents and claims: directors and arbiters."""
    return role_for(user, tournament) in (DIRECTOR, ARBITER)


def can_view_private(user, tournament: Tournament) -> bool:
    """Unpublished results, the audit trail, roles and the full archive: the tournament's staff."""
    return role_for(user, tournament) is not None


def roles_of(user) -> dict[int, str]:
    """Tournament id → role for every tournament of ``user``, in one query (for lists).

    A superuser's implicit director role is not listed; ``role_for`` covers it.
    """
    if user is None or not user.is_authenticated or not user.is_active:
        return {}
    return dict(TournamentRole.objects.filter(user=user).values_list("tournament_id", "role"))


def tournaments_visible_privately(user) -> QuerySet[Tournament]:
    """The tournaments whose private data ``user`` may see (all of them for a superuser)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(roles__user=user).distinct()
