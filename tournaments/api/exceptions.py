"""One shape for every API error: ``{"field": …, "detail": …}`` in the user's language.

Rule violations from the services become 400 with the field and rule they name; a stale match
write becomes 409 with the match's current state, so the client can show the conflict, and a
stale bye request or withdrawal 409 with the byes' current version. A write that lost a lock
conflict (``WriteConflict``: a deadlock twice, a lock waited for too long) is 409 with
``Retry-After`` and ``"retry": true`` and no ``current``: nothing was saved and nothing it read
changed, so sent again unchanged it succeeds. Never 503 "the database is not reachable": the
database answered. Errors Django answers itself (unknown URL, a refused request, a crash) keep the
shape under /api/; while the database is down every page answers 503 with ``Retry-After``, never 500.
"""

import sys

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from tournaments.domain.errors import RuleViolation
from tournaments.selectors.match_view import match_view
from tournaments.services.locks import WriteConflict, is_conflict
from tournaments.services.requested_byes import StaleByes
from tournaments.services.results import StaleMatch

from .etags import byes_etag_of, match_view_etag


def api_exception_handler(exc, context):
    if isinstance(exc, StaleMatch):
        view, match = context.get("view"), exc.current
        tournament = getattr(view, "tournament", None) or match.round.tournament
        current = match_view(match_id=match.pk, tournament=tournament, private=getattr(view, "private", True))
        data = {
            "field": "version",
            "detail": exc.text(gettext),
            "errors": [{"field": "version", "detail": exc.text(gettext)}],
            "current": current,
        }
        return Response(data, status=status.HTTP_409_CONFLICT, headers={"ETag": match_view_etag(current)})
    if isinstance(exc, StaleByes):
        tournament = context["view"].tournament
        tournament.byes_version = exc.current
        detail = exc.text(gettext)
        data = {
            "field": "version",
            "detail": detail,
            "errors": [{"field": "version", "detail": detail}],
            "current": {"version": exc.current},
        }
        return Response(data, status=status.HTTP_409_CONFLICT, headers={"ETag": byes_etag_of(tournament)})
    if isinstance(exc, WriteConflict):
        return _conflict(context["request"], exc.text(gettext))
    if isinstance(exc, RuleViolation):
        errors = [
            {"field": each.field or None, "detail": each.text(gettext), "rule": each.rule or None}
            for each in getattr(exc, "violations", [exc])
        ]
        return Response({**errors[0], "errors": errors}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()  # not Django's "No Team matches the given query.", which is never translated
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.ValidationError):
        errors = list(_flatten(exc.detail, ""))
        response.data = (
            {**errors[0], "errors": errors} if errors else {"field": None, "detail": gettext("Invalid input.")}
        )
    elif response is not None and isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"field": None, "detail": str(response.data["detail"]), "errors": []}
    return response


def _flatten(detail, path):
    """Nested serializer errors as ``[{"field": "players[2].name", "detail": "players[2].name: …"}]``."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = path if key == "non_field_errors" else (f"{path}.{key}" if path else str(key))
            yield from _flatten(value, name)
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            for item in detail:
                yield {"field": path or None, "detail": f"{path}: {item}" if path else str(item)}
        else:
            for index, item in enumerate(detail):
                yield from _flatten(item, f"{path}[{index}]")
    else:
        yield {"field": path or None, "detail": f"{path}: {detail}" if path else str(detail)}


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _error(detail: str, status: int) -> JsonResponse:
    return JsonResponse({"field": None, "detail": detail, "errors": []}, status=status)


def not_found(request, exception=None):
    """The site's 404 page; under /api/ the API's JSON error shape instead of HTML."""
    if _is_api(request):
        return _error(gettext("Not found."), 404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception=None):
    """A request Django refused on its own, e.g. a body over DATA_UPLOAD_MAX_MEMORY_SIZE (400, as
    the JSON parser answers an oversized body)."""
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _error(gettext("The request body is too large."), 400)
    return _error(gettext("The request could not be read."), 400)


def server_error(request):
    """A crash; under /api/ JSON. Where trying again helps, with Retry-After: 503 while the database
    is unreachable (a page too, rendered without touching the database: no session, no user), 409
    where it aborted a write to resolve a lock conflict (which is not "unreachable").

    Django calls this while handling the exception (after logging it), so it is still current. The
    language comes from the request alone: the locale middleware may not have run.
    """
    with translation.override(translation.get_language_from_request(request)):
        return _server_error(request, sys.exc_info()[1])


def _server_error(request, error):
    if isinstance(error, OperationalError) and is_conflict(error):
        return _conflict(request, WriteConflict().text(gettext))
    if isinstance(error, (OperationalError, InterfaceError)):
        detail = gettext("The database is not reachable right now; please try again in a moment.")
        return _unavailable(request, detail, retry_after=5)
    if _is_api(request):
        return _error(gettext("Server error: the request failed and has been logged."), 500)
    return defaults.server_error(request)


def _conflict(request, detail: str):
    """409 for a write that lost a lock conflict: ``retry`` tells a client (the desk's grid) to
    send the same write again after ``Retry-After``, unlike a stale write's 409 (``current``)."""
    if _is_api(request):
        response = JsonResponse({"field": None, "detail": detail, "errors": [], "retry": True}, status=409)
    else:
        response = HttpResponse(render_to_string("unavailable.html", {"detail": detail}), status=409)
    response["Retry-After"] = "1"
    return response


def _unavailable(request, detail: str, *, retry_after: int):
    """503: JSON under /api/, else a page rendered without the request (no session, no user: no
    query while the database is down)."""
    if _is_api(request):
        response = _error(detail, 503)
    else:
        response = HttpResponse(render_to_string("unavailable.html", {"detail": detail}), status=503)
    response["Retry-After"] = str(retry_after)
    return response
