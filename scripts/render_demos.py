"""Render every page, PDF (as text) and API answer of the demo tournaments to a folder.

Run it before and after a change that should not alter what users see, then compare the two
folders (``diff -r before after``): every difference is either what the change meant to fix or a
regression. It loads the demos into a fresh SQLite file of its own, so nothing else is touched.

    .venv/bin/python scripts/render_demos.py /tmp/before

Moments that differ between two runs (publication times, tokens, nonces) are replaced by
placeholders, so two runs of the same code give the same files.
"""

import os
import re
import subprocess
import sys
import tempfile
from io import StringIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOLATILE = [
    (re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"'), b'name="csrfmiddlewaretoken" value="~"'),
    (re.compile(rb'nonce="[^"]+"'), b'nonce="~"'),
    (re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?"), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\.\d{1,2}\.\d{4},? \d{1,2}:\d\d( Uhr)?"), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\. \w+ \d{4},? \d{1,2}:\d\d"), b"~moment~"),
    (re.compile(rb"\b\d{1,2}\.\d{1,2}\.\d{4}\b"), b"~date~"),
    (re.compile(rb"\b\d{4}-\d\d-\d\d\b"), b"~date~"),
    (re.compile(rb"[A-Z][a-z]{2,8}\.? \d{1,2}, \d{4}(, \d{1,2}:\d\d [ap]\.m\.)?"), b"~moment~"),
    (re.compile(rb'"[0-9a-f]{20,40}"'), b'"~token~"'),
    (re.compile(rb"&quot;[0-9a-f]{20,40}&quot;"), b"&quot;~token~&quot;"),
    (re.compile(rb"/[0-9a-f]{32}/"), b"/~token~/"),
]


def main(out: Path) -> None:
    database = Path(tempfile.mkdtemp()) / "demos.sqlite3"
    os.environ.update(DATABASE_URL=f"sqlite:///{database}", DEBUG="true", ALLOWED_HOSTS="testserver")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    for flag in ([], ["--tandem"], ["--four-player"], ["--swiss"]):
        call_command("demo", *flag, stdout=open(os.devnull, "w"))
    render(out)


def render(out: Path) -> None:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client

    from tournaments.models import Tournament

    staff = Client(HTTP_ACCEPT_LANGUAGE="de", raise_request_exception=False)
    staff.force_login(get_user_model().objects.get(username="td"))
    public = Client(HTTP_ACCEPT_LANGUAGE="de", raise_request_exception=False)
    save(out / "index.html", public.get("/"))
    for tournament in Tournament.objects.order_by("slug"):
        for name, client, url in urls(tournament, staff, public):
            save(out / tournament.slug / name, client.get(url))
        for name, arguments in (("standings.txt", []), ("standings.json", ["--json"])):
            text = StringIO()
            call_command("standings", tournament.slug, *arguments, stdout=text)
            (out / tournament.slug / name).write_text(text.getvalue())


def urls(tournament, staff, public):
    """(file name, client, URL) for every page, PDF and API answer of ``tournament``."""
    slug = tournament.slug
    rounds = list(tournament.rounds.order_by("number").values_list("number", flat=True))
    teams = list(tournament.teams.order_by("seed").values_list("pk", flat=True))
    api = f"/api/v1/tournaments/{slug}/"
    yield "home.html", public, f"/t/{slug}/"
    yield "standings.html", public, f"/t/{slug}/standings/"
    yield "crosstable.html", public, f"/t/{slug}/crosstable/"
    yield "standings.pdf", public, f"/t/{slug}/pdf/standings.pdf"
    yield "crosstable.pdf", public, f"/t/{slug}/pdf/crosstable.pdf"
    yield "trf.txt", public, f"/t/{slug}/trf/"
    for team in teams:
        yield f"team-{team}.html", public, f"/t/{slug}/teams/{team}/"
    for number in rounds:
        yield f"pairings-{number}.html", public, f"/t/{slug}/pairings/{number}/"
        yield f"results-{number}.html", public, f"/t/{slug}/results/{number}/"
        yield f"pairings-{number}.pdf", public, f"/t/{slug}/pdf/pairings/{number}.pdf"
        yield f"pairings-boards-{number}.pdf", public, f"/t/{slug}/pdf/pairings/{number}.pdf?boards=1"
        yield f"desk-results-{number}.html", staff, f"/desk/{slug}/rounds/{number}/results/"
        yield f"desk-lineups-{number}.html", staff, f"/desk/{slug}/rounds/{number}/lineups/"
        yield f"desk-incidents-{number}.html", staff, f"/desk/{slug}/rounds/{number}/incidents/"
        yield f"desk-reports-{number}.pdf", staff, f"/desk/{slug}/pdf/rounds/{number}/reports.pdf"
        yield f"desk-seat-cards-{number}.pdf", staff, f"/desk/{slug}/pdf/rounds/{number}/seat-cards.pdf"
        yield f"api-matches-{number}.json", staff, f"{api}matches/?round={number}&page_size=500"
        yield f"api-public-matches-{number}.json", public, f"{api}matches/?round={number}&page_size=500"
    for page in ("", "teams/", "standings/", "byes/", "audit/", "roles/"):
        yield f"desk-{page.strip('/') or 'overview'}.html", staff, f"/desk/{slug}/{page}"
    yield "desk-trf.txt", staff, f"/desk/{slug}/trf/"
    yield "desk-rosters.pdf", staff, f"/desk/{slug}/pdf/rosters.pdf"
    for page in ("", "standings/", "teams/", "rounds/", "byes/"):
        yield f"api-{page.strip('/') or 'tournament'}.json", public, f"{api}{page}"
    yield "api-archive.json", staff, f"{api}archive/"
    yield "api-trf.txt", staff, f"{api}trf/"


def save(path: Path, response) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = b"".join(response) if response.streaming else response.content
    if response.status_code >= 500:
        body = b""  # a debug page: its addresses and times differ from run to run
    if response.get("Content-Type", "").startswith("application/pdf"):
        body = subprocess.run(["pdftotext", "-layout", "-", "-"], input=body, capture_output=True).stdout
    for pattern, placeholder in VOLATILE:
        body = pattern.sub(placeholder, body)
    path.write_bytes(f"HTTP {response.status_code}\n".encode() + body)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
