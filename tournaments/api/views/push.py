"""The receiving end of a hall's push (issue 31): ``PUT /api/v1/push/<slug>/`` on a public server.

The body is the hall's public archive of the tournament, read raw up to ``PUSH_MAX_BYTES`` (413
beyond it, before anything is parsed); the service checks it against the archive's schema (400
naming the field) and replaces the mirror (``services/push.py``: 409 for an older publication than
the one held). A wrong or revoked token is 401 and counts against its address like a wrong API
token; the token of another slug is 403; a token pushing too often is 429.
"""

from django.conf import settings
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.domain.numbers import whole_number
from tournaments.ratelimit import push_allowed
from tournaments.services.push import PushRefused, push_receive

from ..authentication import PushTokenAuthentication


class HoldsPushToken(BasePermission):
    def has_permission(self, request, view):
        return request.auth is not None


def _refusal(code: int, field: str | None, detail: str, headers=None) -> Response:
    error = {"field": field, "detail": detail}
    return Response({**error, "errors": [error]}, status=code, headers=headers)


class Push(APIView):
    authentication_classes = [PushTokenAuthentication]
    permission_classes = [HoldsPushToken]

    @extend_schema(request={"application/json": OpenApiTypes.OBJECT}, responses={200: OpenApiTypes.OBJECT})
    def put(self, request, slug):
        """Replace this server's copy of ``slug`` by the hall's public archive (docs/archive.md)."""
        token = request.auth
        if token.slug != slug:
            return _refusal(403, "slug", gettext("This push token is for another tournament."))
        if not push_allowed(token.pk):
            return _refusal(
                429,
                None,
                gettext("Too many pushes with this token in a short time; wait a minute."),
                {"Retry-After": "60"},
            )
        limit = settings.PUSH_MAX_BYTES
        declared = whole_number(request.META.get("CONTENT_LENGTH") or "") or 0
        body = request._request.read(limit + 1) if declared <= limit else b""
        if declared > limit or len(body) > limit:
            too_large = gettext("The archive is larger than this server takes (%(max)d KB).") % {"max": limit // 1024}
            return _refusal(status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, "archive", too_large)
        try:
            pushed = push_receive(token=token, archive=body)
        except PushRefused as refused:
            return _refusal(status.HTTP_409_CONFLICT, refused.field, refused.text(gettext))
        return Response({"slug": slug, "changed": pushed.changed, "publication": pushed.tournament.mirror})
