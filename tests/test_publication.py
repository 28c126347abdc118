"""The publication (tournaments/services/publication.py): the public view as static files, complete, nothing
unpublished in it, incremental and switched atomically for readers (issue 31)."""

import io
import json
import posixpath
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from tests.builders import make_paired
from tournaments.models import Tournament
from tournaments.services.publication import publication_build
from tournaments.services.publishing import round_publish

SLUG = "frankenwaldpokal-demo"
LINKS = re.compile(r'(?:href|src)="([^"]*)"')


@pytest.fixture
def demo(db):
    call_command("demo", stdout=io.StringIO())  # rounds 1-5 published, round 6 has results but is a draft
    return Tournament.objects.get(slug=SLUG)


def _version(target):
    return target / "v" / json.loads((target / "version.json").read_text())["version"]


def _without_links(html: str) -> str:
    """A page without its links and the publication's pointer to version.json (which the publication adds)."""
    return re.sub(r' data-publication="[^"]*"', "", LINKS.sub("", html))


def test_the_publication_is_what_an_anonymous_client_sees_and_nothing_unpublished(demo, tmp_path):
    publication_build(target=tmp_path)
    tree = _version(tmp_path)
    anonymous = Client()
    pages = sorted(tree.rglob("index.html"))
    for page in pages:
        language, _, path = str(page.parent.relative_to(tree)).partition("/")
        seen = anonymous.get(f"/{path}/" if path else "/", HTTP_ACCEPT_LANGUAGE=language)
        assert _without_links(page.read_text()) == _without_links(seen.content.decode()), page
    for language, heading in (("de", "Tabelle"), ("en", "Standings")):
        assert heading in (tree / language / "t" / SLUG / "standings" / "index.html").read_text()
        assert (tree / language / "t" / SLUG / "results" / "5" / "index.html").is_file()
        assert (tree / language / "t" / SLUG / "pdf" / "standings.pdf").read_bytes().startswith(b"%PDF")
        # round 6's results are entered but not published: the public page says so and nothing links it
        assert not (tree / language / "t" / SLUG / "results" / "6").exists()
    assert len(pages) == 2 * (1 + 1 + 2 + 9 + 5 + 10)  # list, home, standings+crosstable, pairings, results, teams
    api = json.loads((tree / "api" / "v1" / "tournaments" / SLUG / "standings" / "index.json").read_text())
    assert api == anonymous.get(f"/api/v1/tournaments/{SLUG}/standings/").json()
    assert f"v/{tree.name}/en/" in (tmp_path / "index.html").read_text()  # LANGUAGE_CODE (tests: en)
    # the desk has round 6's results; the publication's JSON shows its pairings without them
    desk = Client()
    desk.force_login(User.objects.get(username="td"))
    entered = desk.get(f"/api/v1/tournaments/{SLUG}/matches/", {"round": 6}).json()["results"]
    assert {board["result"] for match in entered for board in match["boards"]} - {""}
    matches = json.loads((tree / "api" / "v1" / "tournaments" / SLUG / "matches" / "index.json").read_text())
    assert [m["round"] for m in matches["results"]].count(6) == 5
    assert {b["result"] for m in matches["results"] if m["round"] == 6 for b in m["boards"]} == {""}


def test_every_link_of_every_page_resolves_inside_its_version(demo, tmp_path):
    publication_build(target=tmp_path)
    tree = _version(tmp_path)
    pages = list(tree.rglob("index.html"))
    assert len(pages) > 40
    for page in pages:
        for link in LINKS.findall(page.read_text()):
            if link.startswith(("/", "?", "#", "http")):
                continue  # the desk, login and language switch of a running Arbiter; page 2 of the list
            goal = tree / posixpath.normpath(posixpath.join(str(page.parent.relative_to(tree)), link))
            assert (goal / "index.html" if link.endswith("/") else goal).is_file(), (page, link)
            assert goal.resolve().is_relative_to(tree)


def test_publications_are_incremental_and_switched_last(demo, tmp_path):
    first = publication_build(target=tmp_path)
    stamp = (tmp_path / "version.json").stat().st_mtime_ns
    assert publication_build(target=tmp_path) == first  # nothing changed: nothing written
    assert (tmp_path / "version.json").stat().st_mtime_ns == stamp

    entry_stamp = (tmp_path / f"de/t/{SLUG}/standings/index.html").stat().st_mtime_ns
    round_publish(round_=demo.rounds.get(number=6))
    second = publication_build(target=tmp_path)
    assert second != first
    old, new = tmp_path / "v" / first, tmp_path / "v" / second
    results = f"de/t/{SLUG}/results/6/index.html"
    assert (new / results).is_file() and not (old / results).exists()
    # the previous version stays whole for readers inside it; unchanged files are the same file, not rewritten
    pdf = f"de/t/{SLUG}/pdf/pairings/1.pdf"
    assert (new / pdf).samefile(old / pdf)
    standings = f"de/t/{SLUG}/standings/index.html"
    assert not (new / standings).samefile(old / standings)
    changed = json.loads((new / "manifest.json").read_text())
    assert changed[standings] != json.loads((old / "manifest.json").read_text())[standings]
    assert f"v/{second}/" in (tmp_path / "index.html").read_text()
    assert json.loads((tmp_path / "version.json").read_text())["version"] == second

    # the page's stable address is the same file as before and leads into the current version
    entry = tmp_path / standings
    assert entry.stat().st_mtime_ns == entry_stamp and "v/" + second not in entry.read_text()
    top, page = re.search(r'location.replace\("([./]*)v/" \+ v.version \+ "/([^"]*)"', entry.read_text()).groups()
    assert (entry.parent / top / "v" / second / page / "index.html").resolve() == (new / standings).resolve()

    round_publish(round_=demo.rounds.get(number=7))
    third = publication_build(target=tmp_path)
    assert sorted(p.name for p in (tmp_path / "v").iterdir()) == sorted([second, third])


def test_the_command_writes_the_publication_and_prints_its_version(demo, tmp_path):
    out = io.StringIO()
    call_command("publish_static", tmp_path / "site", stdout=out)
    version = out.getvalue().strip()
    assert json.loads((tmp_path / "site" / "version.json").read_text())["version"] == version
    assert (tmp_path / "site" / "v" / version / "de" / "t" / SLUG / "trf.txt").read_text().startswith("012 ")


def test_a_tournaments_own_publication_holds_its_pages_only_and_leads_to_its_home(db, tmp_path):
    ours, other = make_paired(teams=4, name="Kreispokal"), make_paired(teams=4, name="Bezirkspokal")
    round_publish(round_=ours.rounds.get(number=1))
    round_publish(round_=other.rounds.get(number=1))
    version = publication_build(target=tmp_path, tournaments=[ours.slug])
    tree = tmp_path / "v" / version
    pages = {str(page.parent.relative_to(tree)) for page in tree.rglob("index.html")}
    assert pages and all(page.startswith((f"de/t/{ours.slug}", f"en/t/{ours.slug}", "api/")) for page in pages)
    assert not any(other.slug in str(path) for path in tree.rglob("*"))
    assert f'url=v/{version}/en/t/{ours.slug}/"' in (tmp_path / "index.html").read_text()
    for page in tree.rglob("index.html"):
        for link in LINKS.findall(page.read_text()):
            if link == "/" or link.startswith(("?", "#", "http")):
                assert link != "/", (page, "the public list is not in a tournament's own publication")
                continue
            if link.startswith("/"):
                continue  # the desk, login and language switch of a running Arbiter
            goal = tree / posixpath.normpath(posixpath.join(str(page.parent.relative_to(tree)), link))
            assert (goal / "index.html" if link.endswith("/") else goal).is_file(), (page, link)
