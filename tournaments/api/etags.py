"""Match versions as HTTP ETags, so a client can send ``If-Match`` instead of a version field."""

import re

from django.utils.translation import gettext
from rest_framework.exceptions import ValidationError

_ETAG = re.compile(r'^(?:W/)?"m([0-9]{1,19})v([0-9]{1,19})"$')


def match_etag(match) -> str:
    return match_etag_of(match.pk, match.version)


def match_etag_of(pk: int, version: int) -> str:
    return f'"m{pk}v{version}"'


def version_from(request, match, body_version) -> int | None:
    """The version the write is based on: the ``version`` field, else the ``If-Match`` header.

    An ETag of another match can never match, so it is treated as stale (version 0).
    """
    if body_version is not None:
        return body_version
    header = request.headers.get("If-Match")
    if not header:
        return None
    found = _ETAG.match(header.strip())
    if found is None:
        raise ValidationError({"If-Match": [gettext("Send the ETag of the match as returned by the API, e.g. \"m12v3\".")]})
    return int(found.group(2)) if int(found.group(1)) == match.pk else 0
