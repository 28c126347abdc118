"""Public pages and PDFs for the spectator peak: cached, revalidated with 304, never stale.

A page is cached under the tournament's public version (``PublicVersion``, bumped by every
service whose change the public can see), so a change is visible to the very next request: the
new version misses the cache and renders afresh. The version also makes the ETag, and a
conditional GET with the current one answers 304 after one query and without rendering.

Only visitors without a session (or flash message) cookie get the shared page: it must hold
nothing personal (the header of a logged-in TD links to the desk, a message is for one reader). Their request never touches the session or the CSRF
token, so the answer sets no cookie and does not vary on one; a proxy or CDN may keep it.
"""

from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from hashlib import sha256

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import get_language

from tournaments.models import Tournament

# Seconds a browser or proxy may reuse a page without asking; live pages poll every 15 s anyway.
PUBLIC_MAX_AGE = 10
# Seconds a rendered page stays in the cache; a new version needs no expiry, this only frees memory.
CACHE_SECONDS = 600
# Response headers kept with a cached page.
_KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")


@dataclass(frozen=True)
class PublicStamp:
    tournament_id: int
    token: str
    changed_at: datetime


def public_stamp(slug: str) -> PublicStamp:
    """The tournament's public version in one query; 404 for an unknown slug."""
    row = (
        Tournament.objects.filter(slug=slug)
        .values_list("pk", "created_at", "public_version__token", "public_version__changed_at")
        .first()
    )
    if row is None:
        raise Http404("No such tournament.")
    pk, created_at, token, changed_at = row
    if token is None:  # nothing the public sees changed since the tournament was created
        token, changed_at = f"c{created_at.timestamp():.6f}", created_at
    return PublicStamp(pk, token, changed_at)


def public_page(view):
    """Serve ``view`` (a GET of a tournament's public page or PDF) cached, with ETag and 304.

    The view finds the version as ``request.public_stamp`` and the ETag of the page's data part
    (what the live refresh asks for) as ``request.live_etag``.
    """

    @wraps(view)
    def wrapper(request, slug, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug=slug, **kwargs)
        stamp = public_stamp(slug)
        personal = any(name in request.COOKIES for name in (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name))
        if not personal:
            request.user = AnonymousUser()  # without a session cookie nobody is logged in; no session read
        request.public_stamp = stamp
        request.live_etag = _etag(stamp, personal, "part")
        etag = _etag(stamp, personal, _partial(request))
        last_modified = int(stamp.changed_at.timestamp())
        response = get_conditional_response(request, etag=etag, last_modified=last_modified)
        if response is None:
            if personal:
                response = view(request, slug=slug, **kwargs)
            else:
                path = sha256(request.get_full_path().encode()).hexdigest()[:32]
                response = _cached_render(request, view, slug, kwargs, key=f"public:{etag.strip('"')}:{path}")
        if response.status_code in (200, 304):
            response["ETag"] = etag
            response["Last-Modified"] = http_date(last_modified)
            if personal:  # the header of a logged-in visitor is theirs alone
                patch_cache_control(response, private=True, no_cache=True)
            else:
                patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE)
        patch_vary_headers(response, ("HX-Request",))  # the live refresh gets only the data part
        return response

    return wrapper


def _etag(stamp: PublicStamp, personal: bool, part: str) -> str:
    variant = f"{stamp.tournament_id}.{stamp.token}.{get_language()}.{personal}.{part}"
    return f'"{sha256(variant.encode()).hexdigest()[:24]}"'


def _partial(request) -> str:
    return "part" if request.headers.get("HX-Request") == "true" else "page"


def _cached_render(request, view, slug, kwargs, *, key: str) -> HttpResponse:
    hit = cache.get(key)
    if hit is not None:
        content, headers = hit
        response = HttpResponse(content)
        for name, value in headers.items():
            response[name] = value
        return response
    response = view(request, slug=slug, **kwargs)
    if response.status_code == 200 and not response.streaming:
        headers = {name: response[name] for name in _KEPT_HEADERS if name in response}
        cache.set(key, (response.content, headers), CACHE_SECONDS)
    return response
