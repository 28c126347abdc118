"""The ``arbiter`` transport: a public Arbiter server that many halls push to (issue 31).

It sends data, never pages: the public archive the publication holds for its tournament
(``api/v1/tournaments/<slug>/archive.json``, ``services/publication.py``), PUT to the server's
``/api/v1/push/<slug>/`` with the push token the server's director issued for that slug
(``api/views/push.py``). The server checks it, keeps it if it is newer than what it holds and
renders the pages itself. Sending the same publication again changes nothing there, so a retry is
always safe.
"""

import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from tournaments.domain.errors import RuleViolation

from . import Transport, TransportError, TransportField, register
from .network import unreachable

TIMEOUT = 60  # seconds: a large event's archive over a hall's mobile connection
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# What the server's answer means for the TD, by status; others are "refused" with the server's words.
_REFUSALS = {
    401: gettext_noop("the server refused the push token (wrong, or revoked there)"),
    403: gettext_noop("the push token belongs to another tournament on the server"),
    413: gettext_noop("the server takes no archive this large: %(detail)s"),
    429: gettext_noop("the server takes no more pushes with this token for now; it is tried again later"),
}


def send(*, local: Path, config: dict, secret: str) -> None:
    archive = _archive(local)
    server = config["server"].rstrip("/")
    request = urllib.request.Request(
        f"{server}/api/v1/push/{config['slug']}/",
        data=archive.read_bytes(),
        method="PUT",
        headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT):
            return
    except urllib.error.HTTPError as error:
        detail = _detail(error)
        if error.code in _REFUSALS:
            raise TransportError(_REFUSALS[error.code], detail=detail) from error
        raise TransportError(
            gettext_noop("the server refused the publication (%(status)d): %(detail)s"),
            status=error.code,
            detail=detail,
        ) from error
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        if isinstance(reason, OSError):  # refused, unknown name, no answer: in words, not as an errno
            address = urlsplit(server)
            port = address.port or (443 if address.scheme == "https" else 80)
            raise unreachable(address.hostname, port, reason) from error
        raise TransportError(
            gettext_noop("the server %(server)s cannot be reached: %(reason)s"), server=server, reason=str(reason)
        ) from error


def check(config: dict) -> None:
    parts = urlsplit(config.get("server", ""))
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise RuleViolation(
            gettext_noop("Give the server's address with http:// or https://, e.g. https://results.example.org."),
            field="server",
        )
    if not _SLUG.match(config.get("slug", "")):
        raise RuleViolation(
            gettext_noop(
                "The slug is lower-case letters, digits and single hyphens, as the server's director gave it."
            ),
            field="slug",
        )


def _archive(local: Path) -> Path:
    """The one tournament's public archive in the publication's current version."""
    version = json.loads((local / "version.json").read_text())["version"]
    found = sorted((local / "v" / version / "api" / "v1" / "tournaments").glob("*/archive.json"))
    if len(found) != 1:
        raise TransportError(
            gettext_noop("an Arbiter server takes one tournament per target; this publication holds %(count)d"),
            count=len(found),
        )
    return found[0]


def _detail(error: urllib.error.HTTPError) -> str:
    """The server's own words (the API's ``detail``), or its status line where it sent none."""
    try:
        return str(json.loads(error.read(64 * 1024))["detail"])[:300]
    except (ValueError, KeyError, TypeError, OSError):
        return f"{error.code} {error.reason}"


register(
    Transport(
        kind="arbiter",
        label=_("Arbiter server (a public server for many halls)"),
        fields=(
            TransportField(
                name="server",
                label=_("Server address"),
                help=_("Where the public server answers, e.g. https://results.example.org."),
            ),
            TransportField(
                name="slug",
                label=_("Slug on the server"),
                help=_("The tournament's address there (/t/slug/), as the server's director issued the token for."),
            ),
            TransportField(
                name="token",
                label=_("Push token"),
                secret=True,
                help=_("The push token the server's director issued for this slug."),
            ),
        ),
        send=send,
        check=check,
    )
)
