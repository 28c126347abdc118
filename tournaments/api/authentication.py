"""Token authentication for scripts: ``Authorization: Token <key>`` (or ``Bearer <key>``).

Failed attempts are limited per address (tournaments/ratelimit.py), so keys cannot be guessed
quickly; a valid key is always accepted.
"""

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments.ratelimit import client_address, token_blocked, token_failed
from tournaments.services.tokens import token_user


def _blocked() -> exceptions.Throttled:
    return exceptions.Throttled(
        detail=gettext("Too many failed logins from your address; please wait a few minutes and try again.")
    )


class ApiTokenAuthentication(authentication.BaseAuthentication):
    keywords = ("token", "bearer")

    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].decode(errors="replace").lower() not in self.keywords:
            return None
        client = client_address(request)
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(gettext("Give exactly one token after “Token”."))
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            key = ""
        user = token_user(key) if key else None  # a valid token is never refused for others' wrong ones
        if user is None:
            if token_blocked(client):
                raise _blocked()
            # counted atomically: of simultaneous guesses only the limit learn that theirs is wrong
            raise (
                exceptions.AuthenticationFailed(gettext("Invalid or revoked token."))
                if token_failed(client)
                else _blocked()
            )
        return user, key

    def authenticate_header(self, request):
        return "Token"


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
