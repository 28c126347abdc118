"""URLs of the tournaments app; the desk, public pages and API hang here."""

from django.urls import path

from .documents.registry import DOCUMENTS, Audience
from .views import captain_report, documents, trf
from .views.desk import (
    byes,
    captains,
    hall_screen,
    incidents,
    overview,
    publication,
    publishing,
    push_tokens,
    records,
    results,
    rounds,
    standings,
    teams,
)
from .views.public import archive as public_archive
from .views.public import overview as public
from .views.public import rounds as public_rounds
from .views.public import screen, tables

app_name = "tournaments"
# Where a registered document is downloaded: the public's under t/<slug>/, the desk's under desk/<slug>/.
_PDF_VIEWS = {Audience.PUBLIC: ("t", documents.public_pdf), Audience.DESK: ("desk", documents.desk_pdf)}
urlpatterns: list = [
    # Public pages (no login)
    path("", public.tournament_list, name="list"),
    path("t/<slug:slug>/", public.tournament_home, name="home"),
    path("t/<slug:slug>/pairings/<int:number>/", public_rounds.round_pairings, name="pairings"),
    path("t/<slug:slug>/results/<int:number>/", public_rounds.round_results, name="results"),
    path("t/<slug:slug>/standings/", tables.standings, name="standings"),
    path("t/<slug:slug>/screen/", screen.hall_screen, name="screen"),
    path("t/<slug:slug>/crosstable/", tables.crosstable, name="crosstable"),
    path("t/<slug:slug>/teams/<int:team_id>/", tables.team, name="team"),
    path("t/<slug:slug>/report/<int:match_id>/", captain_report.match_report, name="match_report"),
    # The TD desk (login required)
    path("desk/", overview.desk_list, name="desk"),
    path("desk/new/", overview.desk_new, name="desk_new"),
    path("desk/push-tokens/", push_tokens.desk_push_tokens, name="desk_push_tokens"),
    path("desk/<slug:slug>/", overview.desk_overview, name="desk_overview"),
    path("desk/<slug:slug>/start/", rounds.desk_start, name="desk_start"),
    path("desk/<slug:slug>/pair/", rounds.desk_pair, name="desk_pair"),
    path("desk/<slug:slug>/finish/", rounds.desk_finish, name="desk_finish"),
    path("desk/<slug:slug>/teams/", teams.desk_teams, name="desk_teams"),
    path("desk/<slug:slug>/teams/seeds/", teams.desk_seeds, name="desk_seeds"),
    path("desk/<slug:slug>/teams/import/", teams.desk_import, name="desk_import"),
    path("desk/<slug:slug>/teams/<int:team_id>/", teams.desk_team, name="desk_team"),
    path(
        "desk/<slug:slug>/teams/<int:team_id>/players/<int:player_id>/details/",
        teams.desk_player_details,
        name="desk_player_details",
    ),
    path("desk/<slug:slug>/rounds/<int:number>/lineups/", rounds.desk_lineups, name="desk_lineups"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/lineup-deadline/",
        rounds.desk_lineup_deadline,
        name="desk_lineup_deadline",
    ),
    path("desk/<slug:slug>/rounds/<int:number>/date/", rounds.desk_round_date, name="desk_round_date"),
    path("desk/<slug:slug>/rounds/<int:number>/results/", results.desk_results, name="desk_results"),
    path("desk/<slug:slug>/rounds/<int:number>/publish/", publishing.desk_publish, name="desk_publish"),
    path("desk/<slug:slug>/rounds/<int:number>/unpublish/", publishing.desk_unpublish, name="desk_unpublish"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/publish-pairings/",
        publishing.desk_publish_pairings,
        name="desk_publish_pairings",
    ),
    path("desk/<slug:slug>/rounds/<int:number>/exchange/", publishing.desk_exchange_teams, name="desk_exchange_teams"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/pairing-check/", publishing.desk_pairing_check, name="desk_pairing_check"
    ),
    # Printing: every registered document (documents/registry.py), the round bundle built by Celery
    *(
        path(
            f"{_PDF_VIEWS[document.audience][0]}/<slug:slug>/{document.path}",
            _PDF_VIEWS[document.audience][1],
            {"document": document.id},
            name=document.url_name,
        )
        for document in DOCUMENTS.values()
    ),
    path("t/<slug:slug>/trf/", trf.public_trf, name="trf"),
    path("t/<slug:slug>/archive/", public_archive.public_archive, name="public_archive"),
    path("desk/<slug:slug>/trf/", trf.desk_trf, name="desk_trf"),
    path("desk/<slug:slug>/dwz.<str:format>", trf.desk_dwz, name="desk_dwz"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/bundle/request",
        documents.round_bundle_request_view,
        name="round_bundle_request",
    ),
    path("desk/<slug:slug>/rounds/<int:number>/bundle/", documents.round_bundle_status, name="round_bundle_status"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/bundle/status.json",
        documents.round_bundle_status_json,
        name="round_bundle_status_json",
    ),
    path(
        "desk/<slug:slug>/rounds/<int:number>/bundle/download.pdf",
        documents.round_bundle_download,
        name="round_bundle_download",
    ),
    # The arbiter's desk: play-off (Blitz §16), withdrawals, incidents and penalties, claims
    path("desk/<slug:slug>/standings/", standings.desk_standings, name="desk_standings"),
    path("desk/<slug:slug>/standings/check/", standings.desk_standings_check, name="desk_standings_check"),
    path("desk/<slug:slug>/playoff/", standings.desk_playoff_create, name="desk_playoff_create"),
    path("desk/<slug:slug>/playoff/lots/", standings.desk_playoff_lots, name="desk_playoff_lots"),
    path("desk/<slug:slug>/playoff/remove/", standings.desk_playoff_remove, name="desk_playoff_remove"),
    path("desk/<slug:slug>/withdraw/", standings.desk_withdraw, name="desk_withdraw"),
    path("desk/<slug:slug>/byes/", byes.desk_byes, name="desk_byes"),
    path("desk/<slug:slug>/byes/request/", byes.desk_bye_request, name="desk_bye_request"),
    path("desk/<slug:slug>/byes/check-in/", byes.desk_check_in, name="desk_check_in"),
    path(
        "desk/<slug:slug>/byes/<int:team_id>/<int:number>/withdraw/", byes.desk_bye_withdraw, name="desk_bye_withdraw"
    ),
    path("desk/<slug:slug>/captains/", captains.desk_captains, name="desk_captains"),
    path("desk/<slug:slug>/captains/<int:team_id>/", captains.desk_captain_code, name="desk_captain_code"),
    path("desk/<slug:slug>/captains/cards/", captains.desk_captain_cards, name="desk_captain_cards"),
    path(
        "desk/<slug:slug>/captains/accepting/", captains.desk_captain_reports_accepting, name="desk_captain_accepting"
    ),
    path("desk/<slug:slug>/rounds/<int:number>/reports/", captains.desk_captain_reports, name="desk_captain_reports"),
    path("desk/<slug:slug>/late-entry/", byes.desk_late_entry, name="desk_late_entry"),
    path("desk/<slug:slug>/claim/", incidents.desk_claim, name="desk_claim"),
    path("desk/<slug:slug>/rounds/<int:number>/incidents/", incidents.desk_incidents, name="desk_incidents"),
    path(
        "desk/<slug:slug>/rounds/<int:number>/incidents/<int:incident_id>/decide/",
        incidents.desk_incident_decide,
        name="desk_incident_decide",
    ),
    # The record: roles, the audit trail with reverts, unpairing the last round (API issue)
    path("desk/<slug:slug>/roles/", records.desk_roles, name="desk_roles"),
    path("desk/<slug:slug>/screen/", hall_screen.desk_hall_screen, name="desk_hall_screen"),
    # Where the publication goes (issue 31): targets and their outbox state
    path("desk/<slug:slug>/publication/", publication.desk_publication, name="desk_publication"),
    path(
        "desk/<slug:slug>/publication/new/<slug:kind>/",
        publication.desk_publication_target_new,
        name="desk_publication_new",
    ),
    path(
        "desk/<slug:slug>/publication/<int:target_id>/",
        publication.desk_publication_target,
        name="desk_publication_target",
    ),
    path(
        "desk/<slug:slug>/publication/<int:target_id>/send/",
        publication.desk_publication_target_send,
        name="desk_publication_send",
    ),
    path(
        "desk/<slug:slug>/publication/<int:target_id>/delete/",
        publication.desk_publication_target_delete,
        name="desk_publication_delete",
    ),
    path("desk/<slug:slug>/audit/", records.desk_audit, name="desk_audit"),
    path("desk/<slug:slug>/matches/<int:match_id>/audit/", records.desk_match_audit, name="desk_match_audit"),
    path("desk/<slug:slug>/rounds/<int:number>/unpair/", records.desk_unpair, name="desk_unpair"),
]
