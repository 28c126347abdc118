"""Public pages and PDFs for the spectator peak: cached, revalidated with 304, never stale.

A page is cached under the tournament's public version (``PublicVersion``, bumped by every
service whose change the public can see), so a change is visible to the very next request: the
new version misses the cache and renders afresh. The version also makes the ETag, and a
conditional GET with the current one answers 304 without rendering. The version itself is read
from the cache (selectors/public_version.py), so neither a 304 nor a cached page costs a query.

Only visitors without a session (or flash message) cookie get the shared page: it must hold
nothing personal (the header of a logged-in TD links to the desk, a message is for one reader).
Their request never touches the session or the CSRF token, so the answer sets no cookie and does
not vary on one; a proxy or CDN may keep it.
"""

from functools import wraps
from hashlib import sha256

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import get_language

from tournaments.selectors.public_version import PublicStamp, public_stamp

# Seconds a browser or proxy may reuse a page without asking; live pages poll every 15 s anyway.
PUBLIC_MAX_AGE = 10
# Seconds a rendered page stays in the cache; a new version needs no expiry, this only frees memory.
CACHE_SECONDS = 600
# Response headers kept with a cached page.
_KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")


def public_page(view):
    """Serve ``view`` (a GET of a tournament's public page or PDF) cached, with ETag and 304.

    The view finds the version as ``request.public_stamp`` and the ETag of the page's data part
    (what the live refresh asks for) as ``request.live_etag``. Anonymous requests that need no
    rendering (a 304, a cached page) are usually answered before the view by
    ``PublicPageMiddleware`` (tournaments/middleware.py), from the same functions as here.
    """

    @wraps(view)
    def wrapper(request, slug, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return view(request, slug=slug, **kwargs)
        # read once per request: PublicPageMiddleware leaves the version it read for the render
        stamp = getattr(request, "public_stamp", None) or public_stamp(slug)
        personal = is_personal(request)
        if not personal:
            request.user = AnonymousUser()  # without a session cookie nobody is logged in; no session read
        request.public_stamp = stamp
        request.live_etag = _etag(stamp, personal, "part")
        etag = _etag(stamp, personal, _partial(request))
        if personal:
            response = get_conditional_response(request, etag=etag, last_modified=_last_modified(stamp))
        else:
            response = unrendered_answer(request, stamp, etag)
        if response is None:
            response = view(request, slug=slug, **kwargs)
            if not personal and response.status_code == 200 and not response.streaming:
                headers = {name: response[name] for name in _KEPT_HEADERS if name in response}
                cache.set(_page_key(request, etag), (response.content, headers), CACHE_SECONDS)
        return finished(response, stamp, etag, personal)

    wrapper.public_page = True  # PublicPageMiddleware answers for it early
    return wrapper


def is_personal(request) -> bool:
    """A session or a flash message: the page may hold something for this visitor alone."""
    return any(name in request.COOKIES for name in (settings.SESSION_COOKIE_NAME, CookieStorage.cookie_name))


def public_etag(request, stamp: PublicStamp) -> str:
    """The ETag of an anonymous visitor's page (whole page or live part) in the active language."""
    return _etag(stamp, False, _partial(request))


def unrendered_answer(request, stamp: PublicStamp, etag: str) -> HttpResponse | None:
    """An anonymous visitor's answer without rendering: 304 for a current ETag or date, else the
    cached page; ``None`` when the page must be rendered. Headers are added by ``finished``."""
    response = get_conditional_response(request, etag=etag, last_modified=_last_modified(stamp))
    if response is not None:
        return response
    hit = cache.get(_page_key(request, etag))
    if hit is None:
        return None
    content, headers = hit
    response = HttpResponse(content)
    for name, value in headers.items():
        response[name] = value
    return response


def finished(response: HttpResponse, stamp: PublicStamp, etag: str, personal: bool) -> HttpResponse:
    """The validators and caching headers of a public page's answer."""
    if response.status_code in (200, 304):
        response["ETag"] = etag
        response["Last-Modified"] = http_date(_last_modified(stamp))
        if personal:  # the header of a logged-in visitor is theirs alone
            patch_cache_control(response, private=True, no_cache=True)
        else:
            patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE)
    patch_vary_headers(response, ("HX-Request",))  # the live refresh gets only the data part
    return response


def _etag(stamp: PublicStamp, personal: bool, part: str) -> str:
    variant = f"{stamp.tournament_id}.{stamp.token}.{get_language()}.{personal}.{part}"
    return f'"{sha256(variant.encode()).hexdigest()[:24]}"'


def _partial(request) -> str:
    return "part" if request.headers.get("HX-Request") == "true" else "page"


def _last_modified(stamp: PublicStamp) -> int:
    return int(stamp.changed_at.timestamp())


def _page_key(request, etag: str) -> str:
    path = sha256(request.get_full_path().encode()).hexdigest()[:32]
    return f"public:{etag.strip('"')}:{path}"
