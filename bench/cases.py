"""The six measurements of issue 7, one function each, returning table rows.

(3) and (4) are slots for the public pages and the API, which are built on other branches:
until their code is importable they report "n/a (not built yet)". When they land, fill in the
marked bodies; the table and the command need no other change.
"""

import json
from io import BytesIO
from dataclasses import dataclass

from pypdf import PdfReader

from tournaments.documents.round_bundle import RoundBundleDocument
from tournaments.domain.standings import compute_standings
from tournaments.models import RoundBundle, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.crosstable import crosstable_for_tournament
from tournaments.selectors.matches import match_records
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.documents import round_bundle_build

from .measure import Timing, peak_rss_mb, query_count, timed

NOT_BUILT = "n/a (not built yet)"


@dataclass
class Row:
    measurement: str
    event: str
    time: str
    cpu: str = ""
    queries: str = ""
    rss: str = ""
    target: str = ""
    met: str = ""


class NotBuilt(Exception):
    """The code a slot measures is not on this branch yet (ImportError, URL missing)."""


def _ms(value: float) -> str:
    return f"{value:,.1f} ms" if value < 10_000 else f"{value / 1000:,.1f} s"


def _mb(value: float | None) -> str:
    return "" if value is None else f"{value:,.0f} MB"


def _verdict(value: float, limit: float | None) -> str:
    return "" if limit is None else ("yes" if value < limit else "NO")


def _row(name: str, tournament: Tournament, timing: Timing, **fields) -> Row:
    return Row(name, _label(tournament), _ms(timing.wall_ms), _ms(timing.cpu_ms), **fields)


def _label(tournament: Tournament) -> str:
    return f"{tournament.teams.count():,} teams × {tournament.rounds.count()} rounds"


# (1) standings, domain layer only -------------------------------------------------------------

DOMAIN_TARGET_MS = {200: 50, 2000: 1000}


def domain_standings(tournament: Tournament, *, runs: int) -> Row:
    """compute_standings over records already in memory: the arithmetic, no database."""
    rules = tournament.ranking_rules
    teams = list(tournament.teams.order_by("seed").values_list("pk", flat=True))
    records = [match.record for match in match_records(tournament=tournament).regular]
    timing, _ = timed(lambda: compute_standings(teams, records, rules, final=False), runs=runs)
    limit = DOMAIN_TARGET_MS.get(len(teams))
    return _row(
        "1 standings, domain only", tournament, timing,
        target=f"< {_ms(limit)}" if limit else "", met=_verdict(timing.wall_ms, limit),
    )


# (2) standings and crosstable end to end from the database --------------------------------------


def db_standings(tournament: Tournament, *, runs: int) -> list[Row]:
    """Selector + domain from the database; the query count must not grow with the event."""
    rows = []
    for name, read in (
        ("2 standings, selector + domain", lambda: standings_for_tournament(tournament=tournament, published_only=True)),
        ("2 crosstable, selector + domain", lambda: crosstable_for_tournament(tournament=tournament, published_only=True)),
    ):
        timing, _ = timed(read, runs=runs)
        rows.append(
            _row(name, tournament, timing, queries=str(query_count(read)), rss=_mb(peak_rss_mb(read)),
                 target="constant queries")
        )
    return rows


# (3) SLOT: public standings and crosstable pages over HTTP ---------------------------------------


def public_pages(tournament: Tournament, *, runs: int) -> list[Row]:
    """SLOT for the web branch: GET the public standings and crosstable pages with the test client.

    Fill in the URL names when the pages exist; target: constant queries, 200 teams < 150 ms.
    """
    from django.test import Client
    from django.urls import NoReverseMatch, reverse

    client = Client()
    rows = []
    for name, url_name in (("3 public standings page", "public-standings"), ("3 public crosstable page", "public-crosstable")):
        try:
            url = reverse(url_name, kwargs={"slug": tournament.slug})
        except NoReverseMatch:
            raise NotBuilt from None

        def get():
            response = client.get(url)
            assert response.status_code == 200, response.status_code

        timing, _ = timed(get, runs=runs)
        limit = 150 if tournament.teams.count() == 200 and "standings" in name else None
        rows.append(_row(name, tournament, timing, queries=str(query_count(get)),
                         target="constant queries" + (", < 150 ms" if limit else ""), met=_verdict(timing.wall_ms, limit)))
    return rows


# (4) SLOT: one board result through the API ---------------------------------------------------


def api_result_writes(tournament: Tournament, *, writes: int = 500) -> Row:
    """SLOT for the api branch: write one board result ``writes`` times through the API.

    To fill in: an authenticated ``APIClient``, one request per board with ``expected_version``,
    each timed with ``time.perf_counter``; report ``percentile(times, 0.5)`` and ``0.95``.
    Target: p95 < 30 ms on PostgreSQL.
    """
    from django.urls import NoReverseMatch, reverse

    try:
        reverse("api:board-result", kwargs={"pk": 1})
    except NoReverseMatch:
        raise NotBuilt from None
    raise NotBuilt("the API exists; fill in this slot")


# (5) the round bundle PDF ---------------------------------------------------------------------

BUNDLE_TARGET_MS = 5000


def round_bundle_pdf(tournament: Tournament, *, runs: int) -> list[Row]:
    """The last round's pairing list and all its match report forms (two to a page), as the desk prints it.

    Rendering alone (selector + reportlab), then the ``round_bundle_build`` service the Celery
    task runs (selector, render, store the file under the bench's own ``MEDIA_ROOT``).
    Target for a round of 100 matches: < 5 s.
    """
    round_ = tournament.rounds.select_related("tournament").order_by("-number").first()
    matches = round_.matches.count()
    event = f"round {round_.number}: {matches} matches"

    def render() -> bytes:
        return RoundBundleDocument(pairings_for_round(round_=round_)).render()

    def build() -> RoundBundle:
        bundle = round_bundle_build(round_id=round_.pk)
        assert bundle.state == RoundBundle.State.READY, bundle.error
        return bundle

    rows = []
    for name, function in (("5 round bundle PDF, render", render), ("5 round bundle, round_bundle_build", build)):
        timing, result = timed(function, runs=runs)
        if isinstance(result, bytes):
            event += f", {len(PdfReader(BytesIO(result)).pages)} pages, {len(result) / 1024:,.0f} KiB"
        limit = BUNDLE_TARGET_MS if matches == 100 else None
        rows.append(
            Row(name, event, _ms(timing.wall_ms), _ms(timing.cpu_ms), queries=str(query_count(function)),
                rss=_mb(peak_rss_mb(function)), target=f"< {_ms(BUNDLE_TARGET_MS)} (100 matches)",
                met=_verdict(timing.wall_ms, limit))
        )
    return rows


# (6) archive export and import ----------------------------------------------------------------


def archive_round_trip(tournament: Tournament, *, runs: int) -> list[Row]:
    """Export as ``export_tournament`` does (selector + JSON), then import that text as a new event."""

    def export() -> str:
        return json.dumps(archive_for_tournament(tournament=tournament), ensure_ascii=False, indent=2)

    timing, text = timed(export, runs=runs)
    rss = peak_rss_mb(export)
    rows = [
        _row("6 archive export", tournament, timing, queries=str(query_count(export)), rss=_mb(rss),
             target="< 10 s, < 300 MB", met=_met(timing, rss))
    ]
    imported = []

    def import_() -> None:
        imported.append(tournament_import(archive=text, source="bench"))

    timing, _ = timed(import_, runs=runs)
    rss = peak_rss_mb(import_)
    assert archive_for_tournament(tournament=imported[-1])["rounds"] == json.loads(text)["rounds"]
    rows.append(_row("6 archive import", tournament, timing, rss=_mb(rss), target="< 10 s, < 300 MB", met=_met(timing, rss)))
    return rows


def _met(timing: Timing, rss: float | None) -> str:
    return "yes" if timing.wall_ms < 10_000 and (rss is None or rss < 300) else "NO"
