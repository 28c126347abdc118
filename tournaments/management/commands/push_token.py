from django.core.management.base import CommandError
from django.utils import timezone

from tournaments.models import PushToken
from tournaments.services.push_tokens import push_token_issue, push_token_revoke

from ._base import ArbiterCommand


class Command(ArbiterCommand):
    help = (
        "On a public server: issue a push token for a tournament slug (printed once; a new one revokes the old), "
        "revoke it, or list the slug's tokens (every slug's without one). The hall's TD enters the token in its "
        "“Arbiter server” target."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["issue", "revoke", "list"])
        parser.add_argument("slug", nargs="?", help="the tournament's slug on this server (for list: optional)")

    def handle(self, *args, action, slug, **options):
        if action != "list" and not slug:
            raise CommandError(f"{action}: give the tournament's slug")
        if action == "issue":
            self.stdout.write(push_token_issue(slug=slug)[1])
        elif action == "revoke":
            push_token_revoke(slug=slug)
            self.stdout.write(f"revoked the push token of {slug}")
        else:
            tokens = PushToken.objects.filter(**({"slug": slug} if slug else {}))
            for token in tokens:
                state = f"revoked {token.revoked_at:%Y-%m-%d %H:%M}" if token.revoked_at else "in force"
                used = (
                    f"last used {timezone.localtime(token.last_used_at):%Y-%m-%d %H:%M}"
                    if token.last_used_at
                    else "never used"
                )
                self.stdout.write(f"{token.slug}\t{token.prefix}…\t{state}\t{used}")
