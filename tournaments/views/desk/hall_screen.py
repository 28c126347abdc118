"""The desk's page for the hall screen: the link to open on the projector and its panels."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from tournaments.domain.errors import RuleViolation
from tournaments.forms.errors import add_violation
from tournaments.forms.hall_screen import HallScreenForm
from tournaments.services.hall_screen import hall_screen_set

from .access import DIRECTOR, desk_required


@desk_required(writes=DIRECTOR)
def desk_hall_screen(request, tournament):
    """GET shows the choice; POST (the director) saves it, and open screens follow at their next poll."""
    form = HallScreenForm(request.POST or None, initial=HallScreenForm.initial_for(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            hall_screen_set(
                tournament=tournament,
                panels=form.cleaned_data["screen_panels"],
                seconds=form.cleaned_data["screen_seconds"],
                user=request.user,
                source="desk",
            )
        except RuleViolation as error:
            add_violation(form, error)
        else:
            messages.success(request, gettext("Hall screen saved."))
            return redirect("tournaments:desk_hall_screen", slug=tournament.slug)
    context = {
        "tournament": tournament,
        "form": form,
        "screen_url": request.build_absolute_uri(reverse("tournaments:screen", args=[tournament.slug])),
    }
    return render(request, "desk/hall_screen.html", context, status=400 if form.errors else 200)
