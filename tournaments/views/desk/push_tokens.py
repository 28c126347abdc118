"""Push tokens on a public server's desk (issue 31): the staff issue a token for a tournament's slug
(shown once, on the answer to the POST that issued it) and revoke it; a hall's TD enters it in the
hall's "Arbiter server" target, and that hall's pushes fill the tournament here."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.models import PushToken
from tournaments.permissions import may_create_tournaments
from tournaments.services.push_tokens import push_token_issue, push_token_revoke

from .access import desk_required
from .common import flash_violation


@desk_required
def desk_push_tokens(request):
    """GET: every slug's tokens; POST ``action`` = issue (``slug``) or revoke (``slug``)."""
    if not may_create_tournaments(request.user):
        raise PermissionDenied
    issued = None
    if request.method == "POST":
        slug = request.POST.get("slug", "").strip()
        try:
            if request.POST.get("action") == "revoke":
                push_token_revoke(slug=slug)
                messages.success(request, gettext("The push token of %(slug)s is revoked.") % {"slug": slug})
                return redirect("tournaments:desk_push_tokens")
            issued = {"slug": slug, "key": push_token_issue(slug=slug, user=request.user)[1]}
        except RuleViolation as error:
            flash_violation(request, error)
            return redirect("tournaments:desk_push_tokens")
    tokens = PushToken.objects.select_related("created_by")
    return render(request, "desk/push_tokens.html", {"tokens": tokens, "issued": issued})
