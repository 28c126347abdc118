"""Token authentication for scripts: ``Authorization: Token <key>`` (or ``Bearer <key>``), and for a
hall pushing to a public server: ``Authorization: Bearer <push token>``.

Failed attempts are limited per address (tournaments/ratelimit.py), so keys cannot be guessed
quickly; a valid key is always accepted.
"""

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments.ratelimit import client_address, token_blocked, token_failed
from tournaments.services.push_tokens import push_token_of
from tournaments.services.tokens import token_user


def _blocked() -> exceptions.Throttled:
    return exceptions.Throttled(
        detail=gettext("Too many failed logins from your address; please wait a few minutes and try again.")
    )


def _key_holder(request, keywords: tuple[str, ...], look_up, kind: str):
    """What ``look_up`` finds for the key after one of ``keywords``, or None where the header names no
    such key; a wrong key is refused (401), and 429 once its address is over the limit."""
    parts = authentication.get_authorization_header(request).split()
    if not parts or parts[0].decode(errors="replace").lower() not in keywords:
        return None
    client = client_address(request)
    if len(parts) != 2:
        raise exceptions.AuthenticationFailed(gettext("Give exactly one token after “Token”."))
    try:
        key = parts[1].decode("ascii")
    except UnicodeDecodeError:
        key = ""
    found = look_up(key) if key else None  # a valid token is never refused for others' wrong ones
    if found is None:
        if token_blocked(client, kind=kind):
            raise _blocked()
        # counted atomically: of simultaneous guesses only the limit learn that theirs is wrong
        raise (
            exceptions.AuthenticationFailed(gettext("Invalid or revoked token."))
            if token_failed(client, kind=kind)
            else _blocked()
        )
    return found, key


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keywords = ("token", "bearer")

    def authenticate(self, request):
        return _key_holder(request, self.keywords, token_user, "token")

    def authenticate_header(self, request):
        return "Token"


class PushTokenAuthentication(authentication.BaseAuthentication):
    """A hall's push token (``Authorization: Bearer <key>``, services/push_tokens.py): ``request.auth``
    is the token; nobody is logged in."""

    def authenticate(self, request):
        found = _key_holder(request, ("bearer",), push_token_of, "push-token")
        return None if found is None else (AnonymousUser(), found[0])

    def authenticate_header(self, request):
        return "Bearer"


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """Documents the token scheme in the OpenAPI schema (Swagger UI's “Authorize”)."""

    target_class = ApiTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "“Token <key>”; create keys at /api/v1/tokens/.",
        }


class PushTokenScheme(OpenApiAuthenticationExtension):
    """Documents the push token (``PUT /api/v1/push/<slug>/``) in the OpenAPI schema."""

    target_class = PushTokenAuthentication
    name = "pushTokenAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "description": "A push token issued on this server for the slug."}
