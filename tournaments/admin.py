"""The Django admin: a read-only view of the record for staff.

Results, pairings, rosters, rules, roles and the audit trail change only through the desk and the
API, whose services check the rules, bump versions and write the audit trail; the admin offers no
add, change or delete for them (a POST to a change form changes nothing and answers 403). The one
writes left are revoking an API token, which goes through ``token_revoke``, and managing users
(who are deactivated, never deleted).
"""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import (
    ApiToken,
    AuditEntry,
    BoardGame,
    Incident,
    Match,
    MatchSide,
    Player,
    Round,
    RoundBundle,
    Seat,
    StandingsCheck,
    Team,
    Tournament,
    TournamentRole,
)
from .services.tokens import token_revoke


class ReadOnly:
    """No add, change or delete: staff may look, the services write."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


class ReadOnlyInline(ReadOnly, admin.TabularInline):
    extra = 0


class TeamInline(ReadOnlyInline):
    model = Team
    fields = ("seed", "name", "short_name")


class PlayerInline(ReadOnlyInline):
    model = Player
    fields = ("position", "name", "rating", "fide_id", "federation_id")


class MatchSideInline(ReadOnlyInline):
    model = MatchSide
    fields = ("position", "team", "place")


class BoardGameInline(ReadOnlyInline):
    model = BoardGame
    fields = ("board", "result")


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("position", "side", "player", "colour")


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "preset", "status", "boards", "colour_pattern", "pairing_system", "created_at")
    list_filter = ("status", "preset", "discipline")
    search_fields = ("name", "slug")
    inlines = [TeamInline]


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ("name", "tournament", "seed", "short_name")
    list_filter = ("tournament",)
    search_fields = ("name",)
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ("name", "team", "position", "rating", "fide_id")
    list_filter = ("team__tournament",)
    search_fields = ("name", "fide_id")


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "kind", "pairings_published_at", "published_at", "pairing_engine")
    list_filter = ("tournament", "kind")


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("round", "table", "leg", "__str__", "result", "version")
    list_filter = ("round__tournament", "round__number")
    list_select_related = ("round__tournament",)
    inlines = [MatchSideInline, BoardGameInline]

    def get_queryset(self, request):
        return super().get_queryset(request).with_sides()


@admin.register(BoardGame)
class BoardGameAdmin(ReadOnlyAdmin):
    list_display = ("match", "board", "result")
    list_filter = ("match__round__tournament", "result")
    list_select_related = ("match__round",)
    inlines = [SeatInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("match__sides__team")


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "tournament", "action", "target", "old_value", "new_value", "user", "source")
    list_filter = ("tournament", "action", "target_kind", "source")
    search_fields = ("target",)


@admin.register(Incident)
class IncidentAdmin(ReadOnlyAdmin):
    list_display = ("occurred_at", "match", "board", "side", "kind", "proposed_penalty", "decided_penalty", "rule")
    list_filter = ("match__round__tournament", "kind", "decided_penalty")
    list_select_related = ("match__round",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("match__sides__team")


@admin.register(StandingsCheck)
class StandingsCheckAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "after_round", "verdict", "engine", "checked_at")
    list_filter = ("verdict",)


@admin.register(RoundBundle)
class RoundBundleAdmin(ReadOnlyAdmin):
    list_display = ("round", "state", "forms_per_page", "updated_at", "file")
    list_filter = ("state",)


@admin.register(TournamentRole)
class TournamentRoleAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "user", "role", "created_at")
    list_filter = ("role", "tournament")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Shows who has which tokens; deleting one revokes it (through the service). Keys are never stored."""

    list_display = ("name", "user", "prefix", "created_at", "last_used_at")
    fields = ("name", "user", "prefix", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def delete_model(self, request, obj):
        token_revoke(token=obj)

    def delete_queryset(self, request, queryset):
        for token in queryset:
            token_revoke(token=token)


class UserAdmin(BaseUserAdmin):
    """Users are deactivated, not deleted: deleting one would drop their tournament roles
    (perhaps the last director's) with no audit entry."""

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserAdmin)
