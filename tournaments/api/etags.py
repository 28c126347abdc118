"""Match versions, and a tournament's byes version, as HTTP ETags, so a client can send
``If-Match`` instead of a version field."""

import json
import re
import zlib

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError

_ETAG = re.compile(r'^(?:W/)?"m([0-9]{1,19})v([0-9]{1,19})"$')


def match_view_etag(view: dict) -> str:
    """The ETag of a match as ``selectors.match_view`` shows it. The public's view of a match in
    an unpublished round has no version (issue 18 item 9): its weak ETag follows what the public
    sees (lineups), never the results typed meanwhile."""
    if view["version"]:
        return match_etag_of(view["id"], view["version"])
    digest = zlib.crc32(json.dumps(view, sort_keys=True, default=str).encode())
    return f'W/"m{view["id"]}p{digest}"'


def match_etag_of(pk: int, version: int) -> str:
    return f'"m{pk}v{version}"'


def version_from(request, match, body_version) -> int | None:
    """The version the write is based on: the ``version`` field, else the ``If-Match`` header.

    An ETag of another match can never match, so it is treated as stale (version 0).
    """
    return _version_from(
        request,
        body_version,
        _ETAG,
        match.pk,
        lambda: gettext('Send the ETag of the match as returned by the API, e.g. "m12v3".'),
    )


_BYES_ETAG = re.compile(r'^"b([0-9]{1,19})v([0-9]{1,19})"$')


def byes_etag_of(tournament) -> str:
    """The ETag of a tournament's byes (``Tournament.byes_version``): one list, one version."""
    return f'"b{tournament.pk}v{tournament.byes_version}"'


def byes_version_from(request, tournament, body_version) -> int | None:
    """The byes' version a write is based on: the ``version`` field (or query parameter), else
    ``If-Match``; none: the write is not checked (clients from before the version, issue 16)."""
    return _version_from(
        request,
        body_version,
        _BYES_ETAG,
        tournament.pk,
        lambda: gettext('Send the ETag of the byes as returned by the API, e.g. "b12v3".'),
    )


def _version_from(request, body_version, pattern, pk: int, refusal) -> int | None:
    """``body_version``, else the version in ``If-Match``: an ETag of another object is stale (0)."""
    if body_version is not None:
        return body_version
    header = request.headers.get("If-Match")
    if not header:
        return None
    found = pattern.match(header.strip())
    if found is None:
        raise ValidationError({"If-Match": [refusal()]})
    return int(found.group(2)) if int(found.group(1)) == pk else 0
