"""The measurements of issue 7 (and the reference check of issue 29), one function each, returning table rows.

Each is run by ``python -m bench`` (``make bench``) on events from ``generate.py``.
"""

import json
import statistics
import time
from dataclasses import dataclass
from io import BytesIO

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

from .measure import Timing, peak_rss_mb, percentile, query_count, timed


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
        "1 standings, domain only",
        tournament,
        timing,
        target=f"< {_ms(limit)}" if limit else "",
        met=_verdict(timing.wall_ms, limit),
    )


# (2) standings and crosstable end to end from the database --------------------------------------


def db_standings(tournament: Tournament, *, runs: int) -> list[Row]:
    """Selector + domain from the database; the query count must not grow with the event."""
    rows = []
    for name, read in (
        (
            "2 standings, selector + domain",
            lambda: standings_for_tournament(tournament=tournament, published_only=True),
        ),
        (
            "2 crosstable, selector + domain",
            lambda: crosstable_for_tournament(tournament=tournament, published_only=True),
        ),
    ):
        timing, _ = timed(read, runs=runs)
        rows.append(
            _row(
                name,
                tournament,
                timing,
                queries=str(query_count(read)),
                rss=_mb(peak_rss_mb(read)),
                target="constant queries",
            )
        )
    return rows


# (3) the public standings and crosstable pages over HTTP --------------------------------------

PAGE_TARGET_MS = 150  # the 200-team standings page


def public_pages(tournament: Tournament, *, runs: int) -> list[Row]:
    """GET the public standings and crosstable pages through the test client: URL routing,
    middleware, view, selector and template, as a visitor's browser asks for them."""
    from django.test import Client
    from django.urls import reverse

    # A host ALLOWED_HOSTS names; no setup_test_environment, whose instrumented templates cost time.
    client = Client(SERVER_NAME="localhost", HTTP_ACCEPT_LANGUAGE="de")
    teams = tournament.teams.count()
    rows = []
    for name, url_name in (
        ("3 public standings page", "tournaments:standings"),
        ("3 public crosstable page", "tournaments:crosstable"),
    ):
        url = reverse(url_name, kwargs={"slug": tournament.slug})
        sizes = []

        def get(url=url, sizes=sizes):
            response = client.get(url)
            assert response.status_code == 200, response.status_code
            sizes.append(len(response.content))

        timing, _ = timed(get, runs=runs)
        limit = PAGE_TARGET_MS if teams == 200 and "standings" in name else None
        rows.append(
            Row(
                name,
                f"{_label(tournament)}, {sizes[-1] / 1024:,.0f} KiB",
                _ms(timing.wall_ms),
                _ms(timing.cpu_ms),
                queries=str(query_count(get)),
                target="constant queries" + (f", < {limit} ms" if limit else ""),
                met=_verdict(timing.wall_ms, limit),
            )
        )
    return rows


# (4) one board result through the API ----------------------------------------------------------

API_WRITE_P95_MS = 30
API_WRITE_OVER_READ = 2.0  # issue 29: a write's p95 at most twice a trivial authenticated GET's, same run
API_RESULTS = ("1-0", "½-½", "0-1")


def api_result_writes(tournament: Tournament, *, writes: int = 500) -> list[Row]:
    """``writes`` board results through ``POST …/matches/<id>/result/`` as a director with a token.

    Each write names the version the client last saw (taken from the previous response), and
    changes the result, so every write is a real one: row lock, version check, update, audit.
    The boards of the last round are taken in turn, so consecutive writes hit different matches.
    """
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from tournaments.models import BoardGame
    from tournaments.services.publishing import round_unpublish
    from tournaments.services.roles import role_grant
    from tournaments.services.tokens import token_create

    director, _ = get_user_model().objects.get_or_create(username="bench-director")
    role_grant(tournament=tournament, member=director, role="director", source="bench")
    _, key = token_create(user=director, name="bench")
    client = APIClient(SERVER_NAME="localhost")
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

    last = tournament.rounds.order_by("-number").first()
    # the round being played is a draft on the desk (and stays one): a result in a published round
    # would also withdraw and rerun the reference check (issue 28), gacrux's seconds in a thread beside
    round_unpublish(round_=last, source="bench")
    boards = list(
        BoardGame.objects.filter(match__round=last)
        .exclude(seats__player__isnull=True)
        .order_by("match__table", "board")
        .values_list("match_id", "board", "result", "match__version")
    )
    versions = {match: version for match, _, _, version in boards}
    results = {(match, board): result for match, board, result, _ in boards}

    def write(index: int) -> None:
        match, board, _, _ = boards[index % len(boards)]
        result = next(value for value in API_RESULTS[index % 3 :] + API_RESULTS if value != results[match, board])
        response = client.post(
            f"/api/v1/tournaments/{tournament.slug}/matches/{match}/result/",
            {"board": board, "result": result, "version": versions[match]},
            format="json",
        )
        assert response.status_code == 200, (response.status_code, response.content[:300])
        versions[match], results[match, board] = response.json()["version"], result

    def read(_index: int) -> None:
        assert client.get(f"/api/v1/tournaments/{tournament.slug}/").status_code == 200

    walls, cpus, read_walls, read_cpus = [], [], [], []
    for index in range(writes):  # a write, then the trivial authenticated read: the anchor of the same moment
        for function, wall_times, cpu_times in ((write, walls, cpus), (read, read_walls, read_cpus)):
            wall, cpu = time.perf_counter(), time.process_time()
            function(index)
            wall_times.append((time.perf_counter() - wall) * 1000)
            cpu_times.append((time.process_time() - cpu) * 1000)
    p95, read_p95 = percentile(walls, 0.95), percentile(read_walls, 0.95)
    ratio = p95 / read_p95
    return [
        Row(
            f"4 API board result write, p50 / p95 of {writes}",
            _label(tournament),
            f"{_ms(percentile(walls, 0.5))} / {_ms(p95)}",
            f"{_ms(percentile(cpus, 0.5))} / {_ms(percentile(cpus, 0.95))}",
            queries=str(query_count(lambda: write(writes))),
            target=f"p95 < {API_WRITE_P95_MS} ms (PostgreSQL); ≤ {API_WRITE_OVER_READ} × the read ({ratio:.1f} ×)",
            met="yes" if p95 < API_WRITE_P95_MS and ratio <= API_WRITE_OVER_READ else "NO",
        ),
        Row(
            f"4 API GET of the tournament (token), p50 / p95 of {writes}",
            _label(tournament),
            f"{_ms(percentile(read_walls, 0.5))} / {_ms(read_p95)}",
            f"{_ms(percentile(read_cpus, 0.5))} / {_ms(percentile(read_cpus, 0.95))}",
            queries=str(query_count(lambda: read(0))),
        ),
    ]


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
            Row(
                name,
                event,
                _ms(timing.wall_ms),
                _ms(timing.cpu_ms),
                queries=str(query_count(function)),
                rss=_mb(peak_rss_mb(function)),
                target=f"< {_ms(BUNDLE_TARGET_MS)} (100 matches)",
                met=_verdict(timing.wall_ms, limit),
            )
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
        _row(
            "6 archive export",
            tournament,
            timing,
            queries=str(query_count(export)),
            rss=_mb(rss),
            target="< 10 s, < 300 MB",
            met=_met(timing, rss),
        )
    ]
    imported = []

    def import_() -> None:
        imported.append(tournament_import(archive=text, source="bench"))

    timing, _ = timed(import_, runs=runs)
    rss = peak_rss_mb(import_)
    assert archive_for_tournament(tournament=imported[-1])["rounds"] == json.loads(text)["rounds"]
    rows.append(
        _row("6 archive import", tournament, timing, rss=_mb(rss), target="< 10 s, < 300 MB", met=_met(timing, rss))
    )
    return rows


def _met(timing: Timing, rss: float | None) -> str:
    return "yes" if timing.wall_ms < 10_000 and (rss is None or rss < 300) else "NO"


# (7) the reference check a publish starts (issue 29) --------------------------------------------

CHECK_OVER_GACRUX = 1.25  # the check costs what gacrux costs, plus a linear export


def reference_check(tournament: Tournament, *, runs: int) -> list[Row]:
    """The verified-standings check (standings, TRF export, gacrux, the verdict stored) against
    gacrux alone on the same file, alternately, CPU time: what the check adds to gacrux's cost."""
    from tournaments.domain.trf import write_trf
    from tournaments.domain.trf.reference import checkable_codes, reference_standings
    from tournaments.selectors.trf import trf_event
    from tournaments.services.standings_check import standings_verify

    standings = standings_for_tournament(tournament=tournament, published_only=True)
    trf = write_trf(trf_event(tournament=tournament, published_only=True, standings=standings))
    codes = checkable_codes([*tournament.tiebreaks_first, *tournament.tiebreaks_other])
    check, alone = [], []
    for _ in range(runs):
        check.append(timed(lambda: standings_verify(tournament_id=tournament.pk), runs=1)[0])
        alone.append(timed(lambda: reference_standings(trf, codes, after_round=standings.after_round), runs=1)[0])
    ours = Timing(*(statistics.median(getattr(t, key) for t in check) for key in ("wall_ms", "cpu_ms")))
    theirs = Timing(*(statistics.median(getattr(t, key) for t in alone) for key in ("wall_ms", "cpu_ms")))
    ratio = ours.cpu_ms / max(theirs.cpu_ms, 1e-6)
    return [
        _row(
            "7 reference check after a publish",
            tournament,
            ours,
            queries=str(query_count(lambda: standings_verify(tournament_id=tournament.pk))),
            target=f"CPU ≤ {CHECK_OVER_GACRUX} × gacrux's ({ratio:.2f} ×)",
            met="yes" if ratio <= CHECK_OVER_GACRUX else "NO",
        ),
        _row("7 gacrux alone on the same TRF", tournament, theirs),
    ]


# (8) the desk's "pair next round" of a 200-team Swiss, round 11 (issue 29) ----------------------

DESK_OVER_GACRUX = 1.10  # at most 10 % over gacrux's own pairing of the same round


def desk_pairing(*, teams: int, runs: int) -> list[Row]:
    """The desk's pairing call (lock, read the rounds and standings, pair, write the round, audit)
    against gacrux's own engine, untouched, pairing the same round from the same games,
    alternately; the service's CPU is its own thread's (the pairing check it starts after the
    commit runs in a thread of its own and is waited for outside the timing).

    The event: ``bench.events.swiss`` over 10 rounds, imported from its TRF-2026 file, 11 planned.
    """
    import dataclasses

    from tournaments.domain.pairing_systems import pairing_system
    from tournaments.domain.pairing_systems.swiss_team import SwissTeam
    from tournaments.domain.swiss_team import pair_swiss_event
    from tournaments.selectors.pairing_input import round_to_pair
    from tournaments.services.background import wait_for_background
    from tournaments.services.pairing import round_pair_next, round_unpair
    from tournaments.services.trf_import import tournament_import_trf

    from .events import swiss

    event = dataclasses.replace(swiss(teams, 10), rounds=11)
    tournament = tournament_import_trf(data=event.trf().encode(), preset="fide-team-swiss", source="bench")
    to_pair = round_to_pair(tournament=tournament, number=11)
    swiss_event = SwissTeam._event(to_pair)
    ours_engine = pairing_system(tournament.pairing_system)
    desk, gacrux, engine, pairs = [], [], [], None
    for _ in range(runs):
        start = time.thread_time()
        round_ = round_pair_next(tournament=tournament, source="bench")
        desk.append((time.thread_time() - start) * 1000)
        wait_for_background()
        pairs = sorted(round_.matches.values_list("table", flat=True))
        round_unpair(round_=round_, source="bench")
        start = time.thread_time()
        pair_swiss_event(swiss_event, pristine=True)
        gacrux.append((time.thread_time() - start) * 1000)
        start = time.thread_time()
        ours_engine.pair(to_pair)
        engine.append((time.thread_time() - start) * 1000)
    ratio = statistics.median(desk) / statistics.median(gacrux)
    label = f"{teams:,} teams, round 11"
    return [
        Row(
            "8 pair next round at the desk (service)",
            label,
            "",
            _ms(statistics.median(desk)),
            target=f"CPU ≤ {DESK_OVER_GACRUX} × gacrux's ({ratio:.2f} ×)",
            met="yes" if ratio <= DESK_OVER_GACRUX else "NO",
        ),
        Row("8 gacrux's engine, untouched, same round", label, "", _ms(statistics.median(gacrux))),
        Row(f"8 the engine as we run it ({len(pairs)} tables)", label, "", _ms(statistics.median(engine))),
    ]
