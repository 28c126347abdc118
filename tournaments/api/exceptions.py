"""One shape for every API error: ``{"field": …, "detail": …}`` in the user's language.

Rule violations from the services become 400 with the field and rule they name; a stale match
write becomes 409 with the match's current state, so the client can show the conflict.
"""

from django.http import JsonResponse
from django.utils.translation import gettext
from django.views.defaults import page_not_found
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from tournaments.domain.errors import RuleViolation
from tournaments.selectors.match_view import match_view
from tournaments.services.results import StaleMatch

from .etags import match_view_etag


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
    if isinstance(exc, RuleViolation):
        error = {"field": exc.field or None, "detail": exc.text(gettext)}
        return Response({**error, "rule": exc.rule or None, "errors": [error]}, status=status.HTTP_400_BAD_REQUEST)
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.ValidationError):
        errors = list(_flatten(exc.detail, ""))
        response.data = {**errors[0], "errors": errors} if errors else {"field": None, "detail": gettext("Invalid input.")}
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


def not_found(request, exception=None):
    """The site's 404 page; under /api/ the API's JSON error shape instead of HTML."""
    if request.path.startswith("/api/"):
        return JsonResponse({"field": None, "detail": gettext("Not found."), "errors": []}, status=404)
    return page_not_found(request, exception)
