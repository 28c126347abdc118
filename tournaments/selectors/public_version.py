"""A tournament's public version, read from the cache at the spectator peak, never stale.

Every public page and PDF asks for the version first (tournaments/views/public/caching.py): it
keys the cached page and makes the ETag. Reading it from the database cost a query (and the
connection's health check) per request: most of a 304. So the version row is kept in the cache
too, under a *generation*: a random value that the services delete whenever the version changes
(``forget``, from ``services/public.py``, at the change and again once its transaction has
committed). A cached version counts only while the generation it was read under is still there:

- a reader takes the generation first (adding a fresh one if there is none), then reads the
  database, then stores the version together with that generation;
- a writer's deletion after its commit therefore outdates every version read before the commit,
  even one stored afterwards by a slow reader: that entry names a generation that is gone. Any
  generation found after the deletion was added later, by a reader who read the database later.

So after a change has committed and its deletion returned, the next request reads the new
version. Both entries also expire after ``STAMP_SECONDS``: a bound for anything that changes the
row without the services, or a deletion lost because the cache was unreachable. Only a cache that
all server processes share (Redis) holds the version (``settings.PUBLIC_VERSION_CACHED``); with
each process's own memory every request reads it from the database, as a deletion in one process
could not reach the others.
"""

import logging
import uuid
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.http import Http404

from tournaments.models import Tournament

logger = logging.getLogger(__name__)

# Seconds a version stays cached without a change; a change removes it at once (see above).
STAMP_SECONDS = 60
# Slugs whose tournament id this process remembers (slugs never change; ids are never reused).
_KNOWN_SLUGS = 10_000
_ids: dict[str, int] = {}


@dataclass(frozen=True)
class PublicStamp:
    tournament_id: int
    token: str
    changed_at: datetime


def public_stamp(slug: str) -> PublicStamp:
    """The tournament's public version: one cache read, or one query when it changed; 404 for an unknown slug."""
    if not settings.PUBLIC_VERSION_CACHED:
        return _stamp_from_database(slug)
    pk = _ids.get(slug)
    generation = None
    if pk is not None:
        found = cache.get_many([_generation_key(pk), _stamp_key(pk)])
        generation, entry = found.get(_generation_key(pk)), found.get(_stamp_key(pk))
        if generation is not None and entry is not None and entry[0] == generation:
            return entry[1]
        if generation is None:
            cache.add(_generation_key(pk), uuid.uuid4().hex, STAMP_SECONDS)
            generation = cache.get(_generation_key(pk))
    stamp = _stamp_from_database(slug)
    if len(_ids) >= _KNOWN_SLUGS:
        _ids.clear()
    _ids[slug] = stamp.tournament_id
    # The generation must have been read before the database; a process seeing the slug for the
    # first time had no id to read it by, so its first answer is not stored.
    if generation is not None and stamp.tournament_id == pk:
        cache.set(_stamp_key(pk), (generation, stamp), STAMP_SECONDS)
    return stamp


def forget(tournament_id: int) -> None:
    """Outdate the cached version of the tournament (its generation goes); never fails a write."""
    try:
        cache.delete(_generation_key(tournament_id))
    except Exception:  # each cache backend raises its own errors; the entry expires anyway
        logger.exception("could not outdate the cached public version of tournament %s", tournament_id)


def _stamp_from_database(slug: str) -> PublicStamp:
    row = (
        Tournament.objects.filter(slug=slug)
        .values_list("pk", "created_at", "public_version__token", "public_version__changed_at")
        .first()
    )
    if row is None:
        _ids.pop(slug, None)
        raise Http404("No such tournament.")
    pk, created_at, token, changed_at = row
    if token is None:  # nothing the public sees changed since the tournament was created
        token, changed_at = f"c{created_at.timestamp():.6f}", created_at
    return PublicStamp(pk, token, changed_at)


def _generation_key(pk: int) -> str:
    return f"public-generation:{pk}"


def _stamp_key(pk: int) -> str:
    return f"public-stamp:{pk}"
