"""Anonymous public pages answered from the cache before the rest of the middleware runs.

At the spectator peak nearly every request is a phone revalidating a page it has (304) or
fetching one that is cached. Neither needs a session, a CSRF token, a user or flash messages, yet
those middlewares cost about a quarter of such a request's CPU (docs/performance.md). This one
sits before them (after security, static files, X-Frame-Options and the CSP, whose headers every
answer keeps) and answers a GET of a ``public_page`` view when no rendering is needed, with the
same functions and headers the view's decorator uses (caching.py); anything else — a page to
render, a visitor with a session or message cookie, an unknown slug, HEAD — goes on to the full
stack unchanged. What the skipped middlewares would still have done is done here: the host is
checked against ``ALLOWED_HOSTS`` (CommonMiddleware), and the language is chosen, announced and
varied on as LocaleMiddleware does.
"""

from django.http import Http404
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import patch_vary_headers

from tournaments.selectors.public_version import public_stamp

from .caching import finished, is_personal, public_etag, unrendered_answer


class PublicPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self._early_answer(request) or self.get_response(request)

    def _early_answer(self, request):
        if request.method != "GET" or is_personal(request):
            return None
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return None
        if not getattr(match.func, "public_page", False):
            return None
        request.get_host()  # DisallowedHost (400) for a host ALLOWED_HOSTS does not name
        language = translation.get_language_from_request(request)  # no i18n_patterns: not from the path
        with translation.override(language):
            try:
                stamp = public_stamp(match.kwargs["slug"])
            except Http404:
                return None  # the full stack answers with the site's 404 page
            etag = public_etag(request, stamp)
            response = unrendered_answer(request, stamp, etag)
            if response is None:
                request.public_stamp = stamp  # the view renders with it: one read of the version per request
                return None
            response = finished(response, stamp, etag, personal=False)
            response.headers.setdefault("Content-Language", translation.get_language())
        patch_vary_headers(response, ("Accept-Language",))
        if not response.streaming and response.status_code == 200:
            response.headers["Content-Length"] = str(len(response.content))
        return response
