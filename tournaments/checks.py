"""System checks of a deployment (``manage.py check --deploy``, which ``make serve`` runs first)."""

from django.conf import settings
from django.core.checks import Error, Tags, register

# deploy/arbiter.env ships a SECRET_KEY that says to replace it: a copied file would otherwise run
# with a key anyone can read (sessions and password-reset links forged)
PLACEHOLDER = "change-me"


@register(Tags.security, deploy=True)
def secret_key_replaced(app_configs, **kwargs):
    if PLACEHOLDER in settings.SECRET_KEY.lower():
        return [
            Error(
                "SECRET_KEY is still the placeholder of deploy/arbiter.env.",
                hint="Set a random key: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'.",
                id="arbiter.E001",
            )
        ]
    return []
