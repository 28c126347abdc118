"""The public archive as a download: everything a spectator may see, as data (issue 31).

A script, a club's own site or a public Arbiter server (``api/views/push.py``) reads it; cached
under the public version like every public page.
"""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from tournaments.models import Tournament
from tournaments.selectors.archive import public_archive_for_tournament

from .caching import public_page


@public_page
@require_GET
def public_archive(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    response = JsonResponse(
        public_archive_for_tournament(tournament=tournament), json_dumps_params={"ensure_ascii": False}
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response
