"""The ``folder`` transport: a mounted share (a club's web space as a network drive) or a local directory.

The publication is copied in the order that keeps it whole for readers of the folder: the new
version's tree under a hidden name, renamed into ``v/<version>/`` when complete; then the stable
entries; ``version.json`` and ``index.html`` last, each by one rename. A send cut off anywhere leaves
the previous publication readable, and the next send starts over. Files the folder's current version
already has are hard-linked where the share allows it, so only changed files travel.
"""

import errno
import filecmp
import json
import os
import shutil
from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.domain.errors import RuleViolation

from . import Transport, TransportError, TransportField, register

LAST = ("version.json", "index.html")  # the entry points, switched in this order after everything else


def send(*, local: Path, config: dict, secret: str) -> None:
    root = Path(config["path"])
    if not root.is_dir():
        raise TransportError(gettext_noop("the folder %(path)s does not exist or is not mounted"), path=str(root))
    version = _version(local)
    try:
        current = _version(root) if (root / "version.json").is_file() else None
        if current != version:
            _copy_version(local, root, version, current)
        for source in sorted(local.rglob("*")):
            name = source.relative_to(local).as_posix()
            if source.is_file() and not name.startswith("v/") and name not in LAST:
                _put(source, root / name)
        for name in LAST:
            _put(local / name, root / name)
        for folder in (root / "v").iterdir():
            if folder.name not in {version, current}:
                shutil.rmtree(folder)
    except OSError as error:
        raise _in_words(error, root) from error


def check(config: dict) -> None:
    if not Path(config["path"]).is_absolute():
        raise RuleViolation(gettext_noop("Give the whole path, starting at the drive or at /."), field="path")


def _version(folder: Path) -> str:
    return json.loads((folder / "version.json").read_text())["version"]


def _copy_version(local: Path, root: Path, version: str, current: str | None) -> None:
    """The version's tree beside the current one, visible under its name only once complete."""
    if (root / "v" / version / "manifest.json").is_file():
        return  # kept from before (a change undone): complete, as it was put there by one rename
    source, staging = local / "v" / version, root / "v" / f".{version}.tmp"
    old = _manifest(root / "v" / current) if current else {}
    new = _manifest(source)
    shutil.rmtree(staging, ignore_errors=True)  # a send cut off before
    for path, digest in new.items():
        destination = staging / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        if old.get(path) != digest or not _linked(root / "v" / current / path, destination):
            shutil.copyfile(source / path, destination)
    shutil.copyfile(source / "manifest.json", staging / "manifest.json")
    os.replace(staging, root / "v" / version)


def _manifest(folder: Path) -> dict:
    try:
        return json.loads((folder / "manifest.json").read_text())
    except FileNotFoundError:
        return {}


def _linked(existing: Path, destination: Path) -> bool:
    try:
        os.link(existing, destination)
    except OSError:  # a share without hard links, or the file is gone: copy it
        return False
    return True


def _put(source: Path, destination: Path) -> None:
    """One file replaced by a rename, if it changed: a reader gets the old one or the new one."""
    if destination.is_file() and filecmp.cmp(source, destination, shallow=False):
        return
    destination.parent.mkdir(parents=True, exist_ok=True)
    temporary = destination.with_name(f".{destination.name}.tmp")
    shutil.copyfile(source, temporary)
    os.replace(temporary, destination)


def _in_words(error: OSError, root: Path) -> TransportError:
    if isinstance(error, PermissionError):
        return TransportError(gettext_noop("Arbiter may not write into the folder %(path)s"), path=str(root))
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return TransportError(gettext_noop("the disk of the folder %(path)s is full"), path=str(root))
    return TransportError(
        gettext_noop("writing into the folder %(path)s failed: %(reason)s"),
        path=str(root),
        reason=error.strerror or str(error),
    )


register(
    Transport(
        kind="folder",
        label=_("Folder (a mounted share or a local directory)"),
        fields=(
            TransportField(
                name="path",
                label=_("Folder"),
                help=_("The whole path of the folder the public site is served from, e.g. /mnt/club-site/results."),
            ),
        ),
        send=send,
        check=check,
    )
)
