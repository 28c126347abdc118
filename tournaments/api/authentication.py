"""Token authentication for scripts: ``Authorization: Token <key>`` (or ``Bearer <key>``).

Failed attempts are limited per address (tournaments/ratelimit.py), so keys cannot be guessed
quickly.
"""

from django.utils.translation import gettext
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from tournaments.ratelimit import TokenAttempt, client_address
from tournaments.services.tokens import token_user

class ApiTokenAuthentication(authentication.BaseAuthentication):
    keywords = ("token", "bearer")

    def authenticate(self, request):
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].decode(errors="replace").lower() not in self.keywords:
            return None
        attempt = TokenAttempt(client_address(request))
        if not attempt.allowed:
            raise exceptions.Throttled(detail=gettext("Too many failed logins from your address; please wait a few minutes and try again."))
        if len(parts) != 2:
            attempt.succeeded()  # no token to check: not a guess
            raise exceptions.AuthenticationFailed(gettext("Give exactly one token after “Token”."))
        try:
            key = parts[1].decode("ascii")
        except UnicodeDecodeError:
            key = ""
        user = token_user(key) if key else None
        if user is None:
            raise exceptions.AuthenticationFailed(gettext("Invalid or revoked token."))
        attempt.succeeded()
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
