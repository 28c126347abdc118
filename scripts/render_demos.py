"""Render every page, PDF (as text) and API answer of the demo tournaments to a folder.

Run it before and after a change that should not alter what users see, then compare the two
folders (``diff -r before after``): every difference is either what the change meant to fix or a
regression. It loads the demos into a fresh SQLite file of its own (with its own media folder,
the per-process cache and tasks run inline), so nothing else is touched.

    .venv/bin/python scripts/render_demos.py /tmp/before

Layout: ``<lang>/<slug>/<name>`` for every page, PDF and API answer as a browser asking for German
(``de``) or English (``en``) gets it; ``cli/<slug>/<name>`` for the management commands' output
(standings, archive, TRF, the round bundle). Each file starts with its HTTP status. Moments that
differ between two runs (publication times, tokens, nonces) are replaced by placeholders, so two
runs of the same code give the same files.
"""

import os
import re
import subprocess
import sys
import tempfile
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("de", "en")
TIME = rb"(\d{1,2}(:\d\d)? [ap]\.m\.|\d{1,2}:\d\d( Uhr)?|midnight|noon|Mitternacht|Mittag)"
VOLATILE = [
    (re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"'), b'name="csrfmiddlewaretoken" value="~"'),
    (re.compile(rb'nonce="[^"]+"'), b'nonce="~"'),
    (re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?"), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\.\d{1,2}\.\d{4},? " + TIME), b"~moment~"),
    (re.compile(rb"\b\d{1,2}/\d{1,2}/\d{4},? " + TIME), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\. \w+ \d{4},? " + TIME), b"~moment~"),
    (re.compile(rb"[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4},? " + TIME), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\.\d{1,2}\.\d{4}\b"), b"~date~"),
    (re.compile(rb"\b\d{1,2}/\d{1,2}/\d{4}\b"), b"~date~"),
    (re.compile(rb"\b\d{4}-\d\d-\d\d\b"), b"~date~"),
    (re.compile(rb"\b\d{4}/\d\d/\d\d\b"), b"~date~"),
    (re.compile(rb"[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}"), b"~date~"),
    (re.compile(rb'"[0-9a-f]{20,40}"'), b'"~token~"'),
    (re.compile(rb"&quot;[0-9a-f]{20,40}&quot;"), b"&quot;~token~&quot;"),
    (re.compile(rb"/[0-9a-f]{32}/"), b"/~token~/"),
]


def main(out: Path) -> None:
    scratch = Path(tempfile.mkdtemp())
    for name in ("CACHE_URL", "CELERY_BROKER_URL"):
        os.environ.pop(name, None)
    os.environ.update(
        DATABASE_URL=f"sqlite:///{scratch / 'demos.sqlite3'}",
        MEDIA_ROOT=str(scratch / "media"),
        DEBUG="true",
        ALLOWED_HOSTS="testserver",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for flag in ([], ["--tandem"], ["--four-player"], ["--swiss"]):
        call_command("demo", *flag, stdout=StringIO())
    for language in LANGUAGES:
        render(out / language, language)
    commands(out / "cli", scratch)


def render(out: Path, language: str) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tournaments.models import Tournament

    staff = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    staff.force_login(get_user_model().objects.get(username="td"))
    public = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
    save(out / "index.html", public.get("/"))
    save(out / "desk.html", staff.get("/desk/"))
    save(out / "desk-new.html", staff.get("/desk/new/"))
    save(out / "api-tournaments.json", public.get("/api/v1/tournaments/"))
    save(out / "api-tokens.json", staff.get("/api/v1/tokens/"))
    for tournament in Tournament.objects.order_by("slug"):
        for name, client, url in urls(tournament, staff, public):
            save(out / tournament.slug / name, client.get(url))


def urls(tournament, staff, public):
    """(file name, client, URL) for every page, PDF and API answer of ``tournament``."""
    slug = tournament.slug
    rounds = list(tournament.rounds.order_by("number").values_list("number", flat=True))
    teams = list(tournament.teams.order_by("seed", "pk").values_list("pk", flat=True))
    api = f"/api/v1/tournaments/{slug}/"
    yield "home.html", public, f"/t/{slug}/"
    yield "standings.html", public, f"/t/{slug}/standings/"
    yield "crosstable.html", public, f"/t/{slug}/crosstable/"
    yield "standings.pdf", public, f"/t/{slug}/pdf/standings.pdf"
    yield "crosstable.pdf", public, f"/t/{slug}/pdf/crosstable.pdf"
    yield "trf.txt", public, f"/t/{slug}/trf/"
    for team in teams:
        yield f"team-{team}.html", public, f"/t/{slug}/teams/{team}/"
        yield f"desk-team-{team}.html", staff, f"/desk/{slug}/teams/{team}/"
        yield f"api-team-{team}.json", public, f"{api}teams/{team}/"
        yield f"api-team-{team}-roster.json", public, f"{api}teams/{team}/roster/"
    for number in rounds:
        yield f"pairings-{number}.html", public, f"/t/{slug}/pairings/{number}/"
        yield f"results-{number}.html", public, f"/t/{slug}/results/{number}/"
        yield f"pairings-{number}.pdf", public, f"/t/{slug}/pdf/pairings/{number}.pdf"
        yield f"pairings-boards-{number}.pdf", public, f"/t/{slug}/pdf/pairings/{number}.pdf?boards=1"
        yield f"desk-results-{number}.html", staff, f"/desk/{slug}/rounds/{number}/results/"
        yield f"desk-lineups-{number}.html", staff, f"/desk/{slug}/rounds/{number}/lineups/"
        yield f"desk-incidents-{number}.html", staff, f"/desk/{slug}/rounds/{number}/incidents/"
        yield f"desk-incidents-{number}.pdf", staff, f"/desk/{slug}/pdf/rounds/{number}/incidents.pdf"
        yield f"desk-reports-{number}.pdf", staff, f"/desk/{slug}/pdf/rounds/{number}/reports.pdf"
        yield f"desk-seat-cards-{number}.pdf", staff, f"/desk/{slug}/pdf/rounds/{number}/seat-cards.pdf"
        yield f"desk-bundle-{number}.html", staff, f"/desk/{slug}/rounds/{number}/bundle/"
        yield f"api-matches-{number}.json", staff, f"{api}matches/?round={number}&page_size=500"
        yield f"api-public-matches-{number}.json", public, f"{api}matches/?round={number}&page_size=500"
    for match in tournament_matches(tournament):
        yield f"desk-match-{match}-audit.html", staff, f"/desk/{slug}/matches/{match}/audit/"
        yield f"api-match-{match}.json", public, f"{api}matches/{match}/"
        yield f"api-match-{match}-audit.json", staff, f"{api}matches/{match}/audit/"
    for page in ("", "teams/", "teams/import/", "standings/", "byes/", "audit/", "roles/", "claim/"):
        yield f"desk-{page.strip('/').replace('/', '-') or 'overview'}.html", staff, f"/desk/{slug}/{page}"
    yield "desk-trf.txt", staff, f"/desk/{slug}/trf/"
    yield "desk-rosters.pdf", staff, f"/desk/{slug}/pdf/rosters.pdf"
    for page in ("", "standings/", "teams/", "players/", "rounds/", "byes/"):
        yield f"api-{page.strip('/') or 'tournament'}.json", public, f"{api}{page}"
    for page in ("audit/", "roles/", "incidents/", "claim/"):
        yield f"api-{page.strip('/')}.json", staff, f"{api}{page}"
    yield "api-archive.json", staff, f"{api}archive/"
    yield "api-trf.txt", staff, f"{api}trf/"


def tournament_matches(tournament):
    from tournaments.models import Match

    matches = Match.objects.filter(round__tournament=tournament).order_by("round__number", "pk")
    return matches.values_list("pk", flat=True)


def commands(out: Path, scratch: Path) -> None:
    """The management commands' output: what scripts and other programs read."""
    from django.core.management import call_command

    from tournaments.models import Tournament

    for tournament in Tournament.objects.order_by("slug"):
        folder = out / tournament.slug
        folder.mkdir(parents=True, exist_ok=True)
        for name, arguments in (
            ("standings.txt", ["standings", tournament.slug]),
            ("standings.json", ["standings", tournament.slug, "--json"]),
            ("archive.json", ["export_tournament", tournament.slug]),
            ("trf.txt", ["export_trf", tournament.slug]),
        ):
            text = StringIO()
            try:
                call_command(*arguments, stdout=text)
            except Exception as error:  # a command refusing this tournament is part of its output
                text.write(f"error: {error}\n")
            (folder / name).write_bytes(normalise(text.getvalue().encode()))
        for number in tournament.rounds.order_by("number").values_list("number", flat=True):
            pdf = scratch / f"{tournament.slug}-{number}.pdf"
            call_command("print_round", tournament.slug, str(number), "--out", str(pdf), stdout=StringIO())
            (folder / f"bundle-{number}.pdf").write_bytes(normalise(pdftotext(pdf.read_bytes())))


def save(path: Path, response) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = b"".join(response) if response.streaming else response.content
    if response.status_code >= 500:
        body = b""  # a debug page: its addresses and times differ from run to run
    if response.get("Content-Type", "").startswith("application/pdf"):
        body = pdftotext(body)
    path.write_bytes(f"HTTP {response.status_code}\n".encode() + normalise(body))


def pdftotext(pdf: bytes) -> bytes:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout


def normalise(body: bytes) -> bytes:
    for pattern, placeholder in VOLATILE:
        body = pattern.sub(placeholder, body)
    return body


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
