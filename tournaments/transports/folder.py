"""The ``folder`` transport: a mounted share (a club's web space as a network drive) or a local directory.

The publication goes through the same upload as every remote (``remote.py``), over the local filesystem:
a rename is ``os.replace`` (atomic for readers of the folder), and a file the folder's current version
already has is hard-linked where the share allows it, so only changed files travel.
"""

import errno
import os
import shutil
from pathlib import Path

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.domain.errors import RuleViolation

from . import Transport, TransportError, TransportField, register
from .remote import upload


def send(*, local: Path, config: dict, secret: str):
    root = Path(config["path"])
    if not root.is_dir():
        raise TransportError(gettext_noop("the folder %(path)s does not exist or is not mounted"), path=str(root))
    try:
        return upload(local=local, remote=FolderRemote(root))
    except OSError as error:
        raise _in_words(error, root) from error


def check(config: dict) -> None:
    if not Path(config["path"]).is_absolute():
        raise RuleViolation(gettext_noop("Give the whole path, starting at the drive or at /."), field="path")


class FolderRemote:
    """The ``Remote`` of ``remote.py`` in a folder of this machine; failures are ``OSError`` (``send`` words them)."""

    def __init__(self, root: Path):
        self.root = root

    def read(self, path: str) -> bytes | None:
        try:
            return (self.root / path).read_bytes()
        except FileNotFoundError:
            return None

    def write(self, path: str, data: bytes) -> None:
        (self.root / path).write_bytes(data)

    def mkdir(self, path: str) -> None:
        (self.root / path).mkdir(exist_ok=True)

    def rename(self, source: str, destination: str) -> None:
        os.replace(self.root / source.rstrip("/"), self.root / destination.rstrip("/"))

    def listdir(self, path: str) -> list[str]:
        try:
            return os.listdir(self.root / path)
        except FileNotFoundError:
            return []

    def remove_tree(self, path: str) -> None:
        if (self.root / path).exists():
            shutil.rmtree(self.root / path)

    def copy(self, source: str, destination: str) -> bool:
        try:
            os.link(self.root / source, self.root / destination)
        except OSError:  # a share without hard links, or the file is gone: it is written instead
            return False
        return True

    def close(self) -> None:
        pass


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
        on_this_machine=True,
    )
)
