"""The hall screen: a projector's full-screen page rotating the director's chosen panels."""

import segno
from django.shortcuts import render
from django.urls import reverse

from tournaments.layouts import layout_of
from tournaments.selectors.hall_screen import hall_screen_for

from .caching import public_page
from .common import page_context, tournament_or_404


@public_page
def hall_screen(request, slug: str):
    """Always live (the hall screen runs unattended, also before the first round and after the
    last); the live refresh gets only the data part, so a new choice of panels arrives with it."""
    tournament = tournament_or_404(slug)
    partial = request.headers.get("HX-Request") == "true"
    context = page_context(request, tournament)
    context.update(
        live=True,
        layout="public/_screen_live.html" if partial else "public/_screen.html",
        screen=hall_screen_for(tournament=tournament, rounds=context["rounds"]),
        encounters_template=layout_of(tournament.discipline_rules).round_page,
    )
    if not partial:  # the QR code sits outside the data part: it never changes
        home = request.build_absolute_uri(reverse("tournaments:home", args=[slug]))
        context["qr_code"] = segno.make(home, error="m").svg_inline(scale=6, border=2, omitsize=True)
    return render(request, "public/screen.html", context)
