"""The desk's publication page (issue 31): where the tournament's publication goes and whether it got there.

Every arbiter sees each target's state; the director adds, changes, removes and sends. The forms are
generated from the transport's fields; the secret is never sent back to the browser, and the views hide
every POST parameter from error reports.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST

from tournaments.domain.errors import RuleViolation
from tournaments.forms.errors import add_violation
from tournaments.forms.publication_target import PublicationTargetForm
from tournaments.models import PublicationTarget
from tournaments.selectors.publication_targets import publication_targets_for_desk
from tournaments.services.publication_outbox import publication_outbox_start
from tournaments.services.publication_targets import (
    publication_target_create,
    publication_target_delete,
    publication_target_send_now,
    publication_target_update,
)
from tournaments.transports import TRANSPORTS

from .access import DIRECTOR, desk_required
from .common import flash_violation

PAGE = "tournaments:desk_publication"


@desk_required(writes=DIRECTOR)
def desk_publication(request, tournament):
    targets = publication_targets_for_desk(tournament)
    waiting = any(each.state == "waiting" for each in targets)
    if waiting:
        publication_outbox_start()  # a server started since: what waited goes now, not at the next change
    transports = [transport for transport in TRANSPORTS.values() if transport.allowed(request.user)]
    context = {
        "tournament": tournament,
        "targets": targets,
        "transports": transports,
        "editable": {transport.kind for transport in transports},
        "waiting": waiting,
    }
    return render(request, "desk/publication.html", context)


@sensitive_post_parameters()
@desk_required(reads=DIRECTOR)
def desk_publication_target_new(request, tournament, kind):
    if kind not in TRANSPORTS or not TRANSPORTS[kind].allowed(request.user):
        raise Http404
    form = PublicationTargetForm(TRANSPORTS[kind], request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            publication_target_create(
                tournament=tournament, kind=kind, user=request.user, source="desk", **form.service_arguments
            )
        except RuleViolation as error:
            add_violation(form, error)
        else:
            messages.success(request, gettext("Target saved; the publication is on its way."))
            return redirect(PAGE, slug=tournament.slug)
    return _form_page(request, tournament, form, None)


@sensitive_post_parameters()
@desk_required(reads=DIRECTOR)
def desk_publication_target(request, tournament, target_id):
    target = get_object_or_404(PublicationTarget, pk=target_id, tournament=tournament)
    if target.kind not in TRANSPORTS or not TRANSPORTS[target.kind].allowed(request.user):
        raise Http404
    form = PublicationTargetForm(TRANSPORTS[target.kind], request.POST or None, target=target)
    if request.method == "POST" and form.is_valid():
        try:
            publication_target_update(target=target, user=request.user, source="desk", **form.service_arguments)
        except RuleViolation as error:
            add_violation(form, error)
        else:
            messages.success(request, gettext("Target saved."))
            return redirect(PAGE, slug=tournament.slug)
    return _form_page(request, tournament, form, target)


@require_POST
@desk_required(reads=DIRECTOR)
def desk_publication_target_send(request, tournament, target_id):
    target = get_object_or_404(PublicationTarget, pk=target_id, tournament=tournament)
    try:
        publication_target_send_now(target=target, user=request.user, source="desk")
    except RuleViolation as error:
        flash_violation(request, error)
    return redirect(PAGE, slug=tournament.slug)


@require_POST
@desk_required(reads=DIRECTOR)
def desk_publication_target_delete(request, tournament, target_id):
    target = get_object_or_404(PublicationTarget, pk=target_id, tournament=tournament)
    publication_target_delete(target=target, user=request.user, source="desk")
    messages.success(request, gettext("Target removed; what it published stays there."))
    return redirect(PAGE, slug=tournament.slug)


def _form_page(request, tournament, form, target):
    context = {"tournament": tournament, "form": form, "target": target, "transport": form.transport}
    return render(request, "desk/publication_target.html", context, status=400 if form.errors else 200)
