"""URLs of the tournaments app; the desk, public pages and API hang here."""

from django.urls import path

from .views import documents

app_name = "tournaments"
urlpatterns: list = []

# Printing (issue 4): public PDFs, the TD's PDFs and the round bundle built by Celery.
urlpatterns += [
    path("t/<slug:slug>/pdf/pairings/<int:number>.pdf", documents.pairings_pdf, name="pdf_pairings"),
    path("t/<slug:slug>/pdf/standings.pdf", documents.standings_pdf, name="pdf_standings"),
    path("t/<slug:slug>/pdf/crosstable.pdf", documents.crosstable_pdf, name="pdf_crosstable"),
    path("desk/<slug:slug>/pdf/rounds/<int:number>/reports.pdf", documents.match_reports_pdf, name="pdf_match_reports"),
    path("desk/<slug:slug>/pdf/rosters.pdf", documents.rosters_pdf, name="pdf_rosters"),
    path("desk/<slug:slug>/rounds/<int:number>/bundle/request", documents.round_bundle_request_view, name="round_bundle_request"),
    path("desk/<slug:slug>/rounds/<int:number>/bundle/", documents.round_bundle_status, name="round_bundle_status"),
    path("desk/<slug:slug>/rounds/<int:number>/bundle/status.json", documents.round_bundle_status_json, name="round_bundle_status_json"),
    path("desk/<slug:slug>/rounds/<int:number>/bundle/download.pdf", documents.round_bundle_download, name="round_bundle_download"),
]
