"""The publication: the public view of every tournament as static files, for a web space without Arbiter (issue 31).

What goes in is exactly what an anonymous spectator can reach: the public pages, their PDFs and
the TRF, found by following the links of the public list and of each tournament's home page as an
anonymous client (through the whole middleware stack, so nothing the public cannot see leaks in),
in German and in English, plus the API's public JSON and the public archive of each tournament
(``api/v1/tournaments/<slug>/archive.json``) and a ``version.json``.

A publication is a complete tree under ``v/<id>/``, whose id is the hash of its contents:
nothing changed, nothing is written. Links inside it are relative, so a reader who opened one
version's page only ever reaches pages of that version: never new standings with old pairings.
Files unchanged since the previous version are hard links to it, not written again (and its
``manifest.json`` tells an uploader which files changed). The entry points, ``index.html`` and
``version.json`` at the top, are switched last, each by an atomic rename; the version before the
current one stays for readers still inside it, older ones are removed. Each page also has a stable
address outside ``v/`` that never changes and leads to the current version's copy.
"""

import hashlib
import json
import os
import posixpath
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client
from django.utils import timezone

from tournaments.models import Tournament

LANGUAGES = ("de", "en")
# The API's public JSON of a tournament, below /api/v1/tournaments/<slug>/ (tournaments/api/urls.py).
API_PARTS = ("", "standings/", "teams/", "rounds/", "matches/")
_SUFFIXES = {"text/plain": ".txt", "application/json": ".json"}
_LINK = re.compile(r'(href|src)="(/[^"]*)"')


def publication_build(*, target: Path, tournaments: list[str] | None = None) -> str:
    """Write the current publication into ``target`` and return its id (unchanged: nothing written).

    ``tournaments`` (slugs) limits it to those tournaments' public view, for a web space of their own:
    the public list is left out, its links and the entry index lead to the first one's home.
    """
    target = Path(target)
    slugs = list(Tournament.objects.values_list("slug", flat=True)) if tournaments is None else list(tournaments)
    home = "" if tournaments is None else f"t/{slugs[0]}/"
    files = _collect(slugs, whole=tournaments is None)
    manifest = {path: hashlib.sha256(content).hexdigest() for path, content in sorted(files.items())}
    version = hashlib.sha256(json.dumps(manifest, sort_keys=True).encode()).hexdigest()[:16]
    if _current(target) == version:
        return version
    previous = _current(target)
    _write_version(target, version, files, manifest, previous)
    _write_entries(target, files)
    _switch(target, "version.json", json.dumps({"version": version, "built_at": timezone.now().isoformat()}))
    _switch(target, "index.html", _redirect(f"v/{version}/{settings.LANGUAGE_CODE}/{home}"))
    _prune(target, keep={version, previous})
    return version


def _collect(slugs: list[str], *, whole: bool) -> dict[str, bytes]:
    """Every public file of the tournaments ``slugs`` (``whole``: and the public list), by its path inside the
    version (pages as ``<lang>/…/index.html``)."""
    files: dict[str, bytes] = {}
    static: set[str] = set()
    client = Client(HTTP_HOST=_host())
    scope = ("/",) if whole else tuple(f"/t/{slug}/" for slug in slugs)
    for language in LANGUAGES:
        queue = (["/"] if whole else []) + [f"/t/{slug}/" for slug in slugs]
        names: dict[str, str] = {}  # a URL's place in the language's tree
        pages: dict[str, str] = {}
        while queue:
            url = queue.pop()
            if url in names:
                continue
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            if response.status_code != 200:
                raise RuntimeError(f"the public page {url} answered {response.status_code}")
            names[url] = _file_name(url, response["Content-Type"])
            if not response["Content-Type"].startswith("text/html"):
                files[f"{language}/{names[url]}"] = response.getvalue()  # the PDFs, the TRF
                continue
            pages[url] = response.content.decode()
            for _, link in _LINK.findall(pages[url]):
                queue.extend(_followed(link, scope))
                if link.startswith(settings.STATIC_URL):
                    static.add(link)
        if not whole:
            names["/"] = names[f"/t/{slugs[0]}/"]  # the list's links lead home: the first tournament's
        for url, html in pages.items():
            files[f"{language}/{names[url]}index.html"] = _relative(html, language, names[url], names).encode()
    for url in static:
        files[url.lstrip("/")] = _static_file(url)
    for slug in slugs:
        for part in API_PARTS:
            url = f"/api/v1/tournaments/{slug}/{part}"
            response = client.get(url, {"page_size": 200} if part.endswith("s/") else {})
            if response.status_code != 200:
                raise RuntimeError(f"the public API {url} answered {response.status_code}")
            files[f"{url.lstrip('/')}index.json"] = response.content
        # the public archive where a transport to a public Arbiter server finds it (transports/arbiter.py)
        files[f"api/v1/tournaments/{slug}/archive.json"] = client.get(f"/t/{slug}/archive/").content
    return files


def _host() -> str:
    """A host name the settings accept, as the anonymous client must name one."""
    return next((h for h in settings.ALLOWED_HOSTS if h and h[0] not in ".*"), "localhost")


def _followed(url: str, scope: tuple[str, ...]) -> list[str]:
    """Links to public pages and documents inside ``scope`` (``/``: the list and every tournament; else the
    tournaments' own prefixes); not the desk, login, language switch."""
    parts = urlsplit(url)
    inside = parts.path == "/" or parts.path.startswith("/t/") if scope == ("/",) else parts.path.startswith(scope)
    if parts.query or not inside:
        return []
    return [parts.path]


def _static_file(url: str) -> bytes:
    """A static file under the name the page links (hashed in production, where collectstatic put it)."""
    name = url.removeprefix(settings.STATIC_URL)
    if settings.STATIC_ROOT and staticfiles_storage.exists(name):
        return staticfiles_storage.open(name).read()
    return Path(finders.find(name)).read_bytes()


def _file_name(url: str, content_type: str) -> str:
    """A page is a folder (its index.html, so links keep their shape); a document named by a folder
    (the TRF at ``…/trf/``) becomes a file with its type's suffix."""
    if content_type.startswith("text/html") or not url.endswith("/"):
        return url.lstrip("/")
    return url.strip("/") + _SUFFIXES.get(content_type.split(";")[0], "")


def _relative(html: str, language: str, name: str, names: dict[str, str]) -> str:
    """Root-relative links made relative to the page: pages into its language's tree, static files shared."""
    here = f"{language}/{name}"

    def rewrite(match: re.Match) -> str:
        url = match.group(2)
        if url.startswith(settings.STATIC_URL):
            goal = url.lstrip("/")
        elif url in names:
            goal = f"{language}/{names[url]}"
        else:
            return match.group(0)  # the desk, login, language switch: not part of a static site
        return f'{match.group(1)}="{posixpath.relpath(goal, here) + ("/" if goal.endswith("/") else "")}"'

    # the live update (static/live.js) follows version.json at the top, two folders above the language's
    version_json = "../" * (here.count("/") + 2) + "version.json"
    return _LINK.sub(rewrite, html).replace('id="live"', f'id="live" data-publication="{version_json}"', 1)


def _write_version(target: Path, version: str, files: dict[str, bytes], manifest: dict, previous: str | None):
    """The new tree beside the old; unchanged files linked from the previous version, not written again."""
    if (target / "v" / version).is_dir():
        return  # kept from before (a change undone): complete, as it was put there by one rename
    old = _manifest(target, previous)
    staging = target / "v" / f".{version}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    for path, content in files.items():
        destination = staging / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        if old.get(path) == manifest[path]:
            os.link(target / "v" / previous / path, destination)
        else:
            destination.write_bytes(content)
    (staging / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True))
    os.replace(staging, target / "v" / version)


def _write_entries(target: Path, files: dict[str, bytes]) -> None:
    """A stable address for every page (``de/t/<slug>/standings/``, for bookmarks and links from the club's
    site): the same few bytes in every publication, written once; it asks ``version.json`` for the current
    version and goes to its copy of the page."""
    for path in files:
        if path.endswith("/index.html") and path.split("/", 1)[0] in LANGUAGES:
            entry, text = target / path, _entry(path)
            if not entry.is_file() or entry.read_text() != text:
                entry.parent.mkdir(parents=True, exist_ok=True)
                _switch(entry.parent, entry.name, text)


def _entry(path: str) -> str:
    top = "../" * path.count("/")
    page = path.removesuffix("index.html")
    return (
        '<!doctype html><meta charset="utf-8"><title>Arbiter</title>'
        f'<script>fetch("{top}version.json", {{cache: "no-cache"}}).then((r) => r.json())'
        f'.then((v) => location.replace("{top}v/" + v.version + "/{page}" + location.hash))</script>'
        f'<noscript><a href="{top}index.html">Arbiter</a></noscript>\n'
    )


def _manifest(target: Path, version: str | None) -> dict:
    if version is None or not (target / "v" / version / "manifest.json").is_file():
        return {}
    return json.loads((target / "v" / version / "manifest.json").read_text())


def _current(target: Path) -> str | None:
    try:
        return json.loads((target / "version.json").read_text())["version"]
    except FileNotFoundError:
        return None


def _switch(target: Path, name: str, text: str) -> None:
    """An entry point replaced in one rename: a reader gets the old one or the new one, never half of one."""
    temporary = target / f".{name}.tmp"
    temporary.write_text(text)
    os.replace(temporary, target / name)


def _redirect(url: str) -> str:
    return (
        f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={url}">'
        f'<a href="{url}">{url}</a>\n'
    )


def _prune(target: Path, *, keep: set) -> None:
    """Every version but the current and the one before it (readers may still be inside it) goes."""
    for folder in (target / "v").iterdir():
        if folder.name not in keep:
            shutil.rmtree(folder)
