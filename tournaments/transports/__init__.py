"""Where a publication goes: the transports, registered by kind (``folder``, ``sftp``, ``arbiter``, …).

A ``Transport`` says what the desk asks for (``fields``: a form is generated from them; a secret
field is write-only, never shown, exported, audited or logged) and how a publication travels
(``send``). The outbox (``services/publication_targets.py``) calls

    send(*, local: Path, config: dict, secret: str) -> None

where ``local`` is a complete publication folder built by ``publication_build`` (its ``version.json``
names the current version, whose files and ``manifest.json`` are in ``v/<version>/``), ``config``
holds the target's non-secret fields by name and ``secret`` its secret field ("" if it has none).
``send`` makes the remote equal to ``local``'s current version, atomic for readers: the new version's
folder complete first, then the stable entries, ``version.json`` and ``index.html`` last; files the
remote already has for an earlier version need not travel again. It fails by raising
``TransportError`` with a message in words a tournament director understands ("the server refused
the user name or password"), marked with ``gettext_noop`` and translated where it is shown: the
outbox stores the message and its parameters, the desk shows them in the reader's language.

``check(config)``, if a transport has one, refuses a configuration before it is stored by raising
``RuleViolation`` naming the field (a folder path must be absolute; a port a whole number). A transport
that writes on the machine Arbiter runs on (``on_this_machine``: a folder) is configured by the
server's administrators only (superusers; the TD on a hall laptop is one), never by a tournament's
director on a shared server.

Each transport lives in a module of this package that calls ``register`` at import; the modules are
imported at the bottom of this file.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext

__all__ = ["TRANSPORTS", "Transport", "TransportError", "TransportField", "register", "transport_get"]


class TransportError(Exception):
    """A send that failed, in words: ``TransportError(gettext_noop("the folder %(path)s does not exist"), path=…)``."""

    def __init__(self, message: str, **params):
        self.message = message
        self.params = params
        super().__init__(message)

    def text(self, translate=gettext) -> str:
        return translate(self.message) % self.params if self.params else translate(self.message)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class TransportField:
    """One setting of a target, as the desk's form asks for it."""

    name: str
    label: Promise | str
    secret: bool = False  # write-only: stored apart from the configuration, never shown again
    required: bool = True
    help: Promise | str = ""


@dataclass(frozen=True, slots=True)
class Transport:
    kind: str
    label: Promise | str
    fields: tuple[TransportField, ...]
    send: Callable[..., None]
    check: Callable[[dict], None] | None = None
    on_this_machine: bool = False

    def allowed(self, user) -> bool:
        """Whether ``user`` may configure a target of this kind (``None``: a command, run by the administrator)."""
        return not self.on_this_machine or user is None or user.is_superuser

    @property
    def secret_field(self) -> TransportField | None:
        return next((field for field in self.fields if field.secret), None)


TRANSPORTS: dict[str, Transport] = {}


def register(transport: Transport) -> Transport:
    if transport.kind in TRANSPORTS:
        raise ValueError(f"transport {transport.kind!r} registered twice")
    if sum(field.secret for field in transport.fields) > 1:
        raise ValueError(f"transport {transport.kind!r}: a target keeps one secret")
    TRANSPORTS[transport.kind] = transport
    return transport


def transport_get(kind: str) -> Transport:
    """The transport of ``kind``; KeyError for a kind no module registered."""
    return TRANSPORTS[kind]


from . import folder, ftps, sftp, webdav  # noqa: E402, F401
