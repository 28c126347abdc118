"""Push tokens (issue 31): on a public server, a hall's key for pushing one tournament's data.

The server's director issues a token for a slug (the desk's push-token page or ``manage.py
push_token``) and tells the hall's TD; the hall's ``arbiter`` transport sends it with every push.
A token is shown once; only its digest is kept, as for API tokens (``services/tokens.py``). A slug
has at most one token in force: issuing a new one revokes the old one, so a leaked token is
replaced in one step. A slug held by a tournament run on this server gets none, so no push can
overwrite it.
"""

import re
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import PushToken, Tournament

from .tokens import token_digest

KEY_PREFIX = "arbpush_"
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def push_token_issue(*, slug: str, user=None) -> tuple[PushToken, str]:
    """A new token for ``slug``, revoking the one in force; returns it and its key (not stored, not shown again)."""
    slug = str(slug or "").strip()
    if not _SLUG.match(slug) or len(slug) > 80:
        raise RuleViolation(
            gettext_noop("a slug is lower-case letters, digits and single hyphens, at most 80 characters."),
            field="slug",
        )
    if Tournament.objects.filter(slug=slug, mirror__isnull=True).exists():
        raise RuleViolation(
            gettext_noop("a tournament run on this server has the slug “%(slug)s”; pushes go to a slug of their own."),
            field="slug",
            slug=slug,
        )
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    fields = dict(slug=slug, prefix=key[:12], digest=token_digest(key), created_by=user)
    with transaction.atomic():
        _revoke(slug)
        try:
            with transaction.atomic():
                token = PushToken.objects.create(**fields)
        except IntegrityError:
            # Another issue for this slug committed between our revoke and insert (the partial unique
            # index made us wait for it): revoke that one too, the latest issue wins.
            _revoke(slug)
            token = PushToken.objects.create(**fields)
    return token, key


def push_token_revoke(*, slug: str) -> None:
    """Revoke ``slug``'s token in force: the next push with it is refused (the pushed data stays)."""
    if not _revoke(slug):
        raise RuleViolation(gettext_noop("“%(slug)s” has no push token in force."), field="slug", slug=slug)


def push_token_of(key: str) -> PushToken | None:
    """The token in force whose key this is, or ``None``."""
    return PushToken.objects.filter(digest=token_digest(key), revoked_at__isnull=True).first()


def _revoke(slug: str) -> int:
    return PushToken.objects.filter(slug=slug, revoked_at__isnull=True).update(revoked_at=timezone.now())
