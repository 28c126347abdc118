"""The upload of a publication to a file-based remote (SFTP, FTPS, WebDAV), the same steps over every protocol.

A publication (``services/publication.py``) is a tree: ``v/<version>/…`` with its ``manifest.json`` (path →
sha256), a stable entry page per page outside ``v/``, and ``version.json`` and ``index.html`` at the top.
The remote gets the same tree in an order that keeps it readable at every moment:

1. the new version's files go into ``v/.<version>.tmp/``; only files that changed since the remote's current
   version travel, unchanged ones are copied on the server where the protocol can (WebDAV ``COPY``, SFTP
   ``hardlink@openssh.com``, FTP ``SITE CPFR/CPTO`` on servers with it; vsftpd has none, so over FTPS
   unchanged files are sent again from the local copy);
2. the folder is renamed to ``v/<version>/`` (a reader never finds half a version under its name);
3. the entry pages the remote does not have yet, then ``version.json``, then ``index.html``, each written
   under a temporary name and renamed over the old one (a reader gets the old or the new, never half);
4. versions older than the one before go (readers may still be inside that one).

A transfer broken off anywhere leaves the previous publication whole, as it was: nothing it uses is touched
before step 3, and step 3's renames are atomic. The next try starts again from the remote's ``version.json``
and replaces a leftover ``.tmp`` folder (*our decision*: replaced, not resumed; only changed files travel
again, and a half-written file in it could not be told from a whole one without reading it back).
"""

import json
import posixpath
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from tournaments.services.publication import LANGUAGES


class Remote(Protocol):
    """A folder on a server, paths relative to it with ``/`` (a folder's may end in ``/``, as WebDAV needs);
    a failure raises ``TransportError`` in words."""

    def read(self, path: str) -> bytes | None:
        """The file's bytes, or None when it does not exist."""

    def write(self, path: str, data: bytes) -> None: ...

    def mkdir(self, path: str) -> None:
        """One folder (its parent exists); nothing when it exists already."""

    def rename(self, source: str, destination: str) -> None:
        """A file or folder moved, a file replacing one at ``destination``."""

    def listdir(self, path: str) -> list[str]:
        """The names in a folder; empty when it does not exist."""

    def remove_tree(self, path: str) -> None:
        """A folder and everything in it; nothing when it does not exist."""

    def copy(self, source: str, destination: str) -> bool:
        """A file copied on the server; False where the protocol or server has no copy."""

    def close(self) -> None: ...


@dataclass
class Sent:
    """What one upload did: the version now current on the remote, files written and files copied there
    (the transports' ``send`` returns it; the outbox needs nothing back, the tests count with it)."""

    version: str
    written: int = 0
    copied: int = 0


def upload(*, local: Path, remote: Remote) -> Sent:
    """Bring the remote to the publication in ``local`` (see the module's docstring for the order)."""
    version = json.loads((local / "version.json").read_bytes())["version"]
    manifest = json.loads((local / "v" / version / "manifest.json").read_bytes())
    current = _version(remote.read("version.json"))
    old = _manifest(remote, current) or {}
    sent = Sent(version)
    if current != version and _manifest(remote, version) is None:
        _send_version(local, remote, version, manifest, current, old, sent)
    folders = _Folders(remote)
    for path in manifest:
        if _is_entry(path) and path not in old:
            folders.make(posixpath.dirname(path))
            _switch(remote, path, (local / path).read_bytes(), sent)
    if current != version:
        _switch(remote, "version.json", (local / "version.json").read_bytes(), sent)
    index = (local / "index.html").read_bytes()
    if remote.read("index.html") != index:  # a transfer broken off after version.json, or a new language
        _switch(remote, "index.html", index, sent)
    if current != version:  # a retry that only finishes a switch keeps the version before (not known here)
        for name in remote.listdir("v"):
            if name not in {version, current}:
                remote.remove_tree(f"v/{name}")
    return sent


def _send_version(local, remote, version, manifest, current, old, sent) -> None:
    staging = f"v/.{version}.tmp"
    remote.mkdir("v")
    remote.remove_tree(staging)  # left by a transfer broken off: replaced
    folders = _Folders(remote)
    folders.make(staging)
    for path, digest in manifest.items():
        folders.make(posixpath.dirname(f"{staging}/{path}"))
        if old.get(path) == digest and remote.copy(f"v/{current}/{path}", f"{staging}/{path}"):
            sent.copied += 1
        else:
            remote.write(f"{staging}/{path}", (local / "v" / version / path).read_bytes())
            sent.written += 1
    # the manifest last: the folder is renamed only after it, and the next upload trusts it
    remote.write(f"{staging}/manifest.json", (local / "v" / version / "manifest.json").read_bytes())
    sent.written += 1
    remote.remove_tree(f"v/{version}")  # a remainder of a removal broken off, never a whole version
    remote.rename(f"{staging}/", f"v/{version}/")


def _switch(remote: Remote, path: str, data: bytes, sent: Sent) -> None:
    """An entry point replaced by one rename: a reader gets the old file or the new one, never half of one."""
    folder, name = posixpath.split(path)
    temporary = posixpath.join(folder, f".{name}.tmp")
    remote.write(temporary, data)
    remote.rename(temporary, path)
    sent.written += 1


def _is_entry(path: str) -> bool:
    """A page of a language's tree, which has a stable address outside ``v/`` (publication's ``_write_entries``)."""
    return path.endswith("/index.html") and path.split("/", 1)[0] in LANGUAGES


def _version(data: bytes | None) -> str | None:
    try:
        return json.loads(data)["version"] if data else None
    except (ValueError, KeyError, TypeError):
        return None  # not a publication's: replaced like a missing one


def _manifest(remote: Remote, version: str | None) -> dict | None:
    data = remote.read(f"v/{version}/manifest.json") if version else None
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


class _Folders:
    """Folders made on the remote once each, parents first (every protocol here makes one level at a time)."""

    def __init__(self, remote: Remote):
        self.remote, self.made = remote, {"", "."}

    def make(self, path: str) -> None:
        if path in self.made:
            return
        self.make(posixpath.dirname(path))
        self.remote.mkdir(path)
        self.made.add(path)
