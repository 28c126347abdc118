"""URLs of the API, included at /api/v1/ (see README, section API)."""

from django.urls import path, register_converter

from .views import arbiter, archives, byes, matches, push, records, rounds, teams, tournaments


class IdConverter:
    """A primary key of at most 18 digits: longer numbers cannot exist and would overflow the database."""

    regex = "[0-9]{1,18}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


class RoundNumberConverter(IdConverter):
    regex = "[0-9]{1,4}"


register_converter(IdConverter, "id")
register_converter(RoundNumberConverter, "round")

T = "tournaments/<slug:slug>/"

urlpatterns = [
    path("tournaments/", tournaments.TournamentList.as_view(), name="api-tournaments"),
    path("archives/", tournaments.ArchiveImport.as_view(), name="api-archive-import"),
    path("archives/<id:pk>/", archives.ArchiveImportStatus.as_view(), name="api-archive-import-status"),
    path(T, tournaments.TournamentDetail.as_view(), name="api-tournament"),
    path(T + "standings/", tournaments.Standings.as_view(), name="api-standings"),
    path(T + "status/", tournaments.TournamentStatus.as_view(), name="api-tournament-status"),
    path(T + "archive/", tournaments.ArchiveExport.as_view(), name="api-archive"),
    path(T + "trf/", tournaments.TrfExport.as_view(), name="api-trf"),
    path(T + "teams/", teams.TeamList.as_view(), name="api-teams"),
    path(T + "teams/seeds/", teams.TeamSeeds.as_view(), name="api-team-seeds"),
    path(T + "teams/<id:pk>/", teams.TeamDetail.as_view(), name="api-team"),
    path(T + "teams/<id:pk>/roster/", teams.TeamRoster.as_view(), name="api-team-roster"),
    path(T + "players/", teams.PlayerList.as_view(), name="api-players"),
    path(T + "rounds/", rounds.RoundList.as_view(), name="api-rounds"),
    path(T + "rounds/pair/", rounds.RoundPair.as_view(), name="api-rounds-pair"),
    path(T + "rounds/<round:number>/publish/", rounds.RoundPublish.as_view(), name="api-round-publish"),
    path(T + "rounds/<round:number>/unpublish/", rounds.RoundUnpublish.as_view(), name="api-round-unpublish"),
    path(T + "rounds/<round:number>/unpair/", rounds.RoundUnpair.as_view(), name="api-round-unpair"),
    path(T + "matches/", matches.MatchList.as_view(), name="api-matches"),
    path(T + "matches/<id:pk>/", matches.MatchDetail.as_view(), name="api-match"),
    path(T + "matches/<id:pk>/result/", matches.MatchResult.as_view(), name="api-match-result"),
    path(T + "matches/<id:pk>/lineup/", matches.MatchLineup.as_view(), name="api-match-lineup"),
    path(T + "matches/<id:pk>/audit/", matches.MatchAudit.as_view(), name="api-match-audit"),
    path(T + "audit/", records.TournamentAudit.as_view(), name="api-audit"),
    path(T + "audit/<id:pk>/revert/", records.AuditRevert.as_view(), name="api-audit-revert"),
    path(T + "roles/", records.RoleList.as_view(), name="api-roles"),
    path(T + "roles/<str:username>/", records.RoleDetail.as_view(), name="api-role"),
    path(T + "incidents/", arbiter.IncidentList.as_view(), name="api-incidents"),
    path(T + "incidents/<id:pk>/decide/", arbiter.IncidentDecide.as_view(), name="api-incident-decide"),
    path(T + "claim/", arbiter.Claim.as_view(), name="api-claim"),
    path(T + "playoff/", arbiter.PlayoffCreate.as_view(), name="api-playoff"),
    path(T + "playoff/lots/", arbiter.PlayoffLots.as_view(), name="api-playoff-lots"),
    path(T + "teams/<id:pk>/withdraw/", arbiter.TeamWithdraw.as_view(), name="api-team-withdraw"),
    path(T + "byes/", byes.RequestedByeList.as_view(), name="api-byes"),
    path(T + "byes/<id:team>/<round:number>/", byes.RequestedByeDetail.as_view(), name="api-bye"),
    path(T + "late-entries/", byes.LateEntry.as_view(), name="api-late-entries"),
    path("push/<slug:slug>/", push.Push.as_view(), name="api-push"),
    path("tokens/", records.TokenList.as_view(), name="api-tokens"),
    path("tokens/<id:pk>/", records.TokenDetail.as_view(), name="api-token"),
]
