"""The Django admin: a read-friendly fallback for the TD; writes belong to the desk and services."""

from django.contrib import admin

from .models import (
    ApiToken, AuditEntry, BoardGame, Incident, Match, Player, Round, RoundBundle, Team, Tournament, TournamentRole,
)


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    fields = ("seed", "name", "short_name")


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ("position", "name", "rating", "fide_id", "federation_id")


class BoardGameInline(admin.TabularInline):
    """Read-only: lineups and results change through the desk or API (versioned and audited)."""

    model = BoardGame
    extra = 0
    fields = ("board", "first_player", "second_player", "result")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "preset", "status", "boards", "colour_pattern", "pairing_system", "created_at")
    list_filter = ("status", "preset", "discipline")
    search_fields = ("name", "slug")
    inlines = [TeamInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "seed", "short_name")
    list_filter = ("tournament",)
    search_fields = ("name",)
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "position", "rating", "fide_id")
    list_filter = ("team__tournament",)
    search_fields = ("name", "fide_id")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "kind", "published_at")
    list_filter = ("tournament", "kind")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "leg", "first_team", "second_team", "result", "version")
    list_filter = ("round__tournament", "round__number")
    list_select_related = ("round__tournament", "first_team", "second_team")
    readonly_fields = ("version",)
    inlines = [BoardGameInline]


@admin.register(BoardGame)
class BoardGameAdmin(admin.ModelAdmin):
    list_display = ("match", "board", "first_player", "second_player", "result")
    list_filter = ("match__round__tournament", "result")
    list_select_related = ("match__round", "match__first_team", "match__second_team", "first_player", "second_player")

    def has_change_permission(self, request, obj=None):
        return False  # results change through the desk or the API: versioned and audited


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "tournament", "action", "target", "old_value", "new_value", "user", "source")
    list_filter = ("tournament", "action", "source")
    search_fields = ("target",)

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Incident)
class IncidentAdmin(admin.ModelAdmin):
    """Read-only: incidents are recorded and decided on the desk, where the penalty ladder applies."""

    list_display = ("occurred_at", "match", "board", "side", "kind", "proposed_penalty", "decided_penalty", "rule")
    list_filter = ("match__round__tournament", "kind", "decided_penalty")
    list_select_related = ("match__round", "match__first_team", "match__second_team")

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(RoundBundle)
class RoundBundleAdmin(admin.ModelAdmin):
    """Read-only: bundles are requested on the desk and built by the worker."""

    list_display = ("round", "state", "forms_per_page", "updated_at", "file")
    list_filter = ("state",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    """Read-only: roles are granted through the API or the desk, which records them."""

    list_display = ("tournament", "user", "role", "created_at")
    list_filter = ("role", "tournament")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Shows who has which tokens; deleting one revokes it. Keys are never stored."""

    list_display = ("name", "user", "prefix", "created_at", "last_used_at")
    fields = ("name", "user", "prefix", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False
