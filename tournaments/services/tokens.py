"""API tokens: a key is shown once at creation; only its SHA-256 digest is kept."""

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import ApiToken

KEY_PREFIX = "arb_"
MAX_TOKENS_PER_USER = 20
LAST_USED_PRECISION = timedelta(minutes=1)  # not a write on every request


def token_digest(key: str) -> str:
    """Keys are 256 random bits, so a plain SHA-256 is enough (no slow hash needed)."""
    return hashlib.sha256(key.encode()).hexdigest()


def token_create(*, user, name: str) -> tuple[ApiToken, str]:
    """A new token for ``user``; returns the token and its key (not stored, not shown again)."""
    name = str(name or "").strip()
    if not name:
        raise RuleViolation(gettext_noop("a token needs a name."), field="name")
    with transaction.atomic():
        if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
            raise RuleViolation(
                gettext_noop("at most %(max)d tokens per user; revoke one first."),
                field="name",
                max=MAX_TOKENS_PER_USER,
            )
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        token = ApiToken.objects.create(user=user, name=name[:80], prefix=key[:12], digest=token_digest(key))
        return token, key


def token_revoke(*, token: ApiToken) -> None:
    token.delete()


def token_user(key: str):
    """The active user a key belongs to, or ``None``; notes the last use (to the minute)."""
    token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user
