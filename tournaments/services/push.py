"""A public server receiving a hall's push (issue 31): the hall's public archive replaces the mirror.

The hall's ``arbiter`` transport PUTs the public archive of one tournament
(``selectors/archive.py: public_archive_for_tournament``) with the slug's push token. Here it is
data, never pages: it is checked against the archive's schema and imported by the archive importer,
and this server renders every page and PDF with its own templates, so nothing a hall sent is ever
served as it came. A push replaces the mirror whole, in one transaction: a spectator sees the old
copy or the new one. The same archive again changes nothing (no public-version bump, so the cache
keeps serving); one older than the copy held is refused, so a slow retry cannot roll the site back.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import PushToken, Tournament

from .archive import archive_load, archive_validated, tournament_import
from .locks import write_service
from .public import public_changed
from .tournaments import tournament_delete


class PushRefused(RuleViolation):
    """A valid archive this server will not take now (the API's 409): older than the copy held, or a
    slug that a tournament run on this server holds."""


@dataclass(frozen=True)
class Pushed:
    tournament: Tournament
    changed: bool  # False: the copy held is this archive already


@write_service
def push_receive(*, token: PushToken, archive: bytes) -> Pushed:
    """Replace the mirror of ``token``'s slug by ``archive`` (the hall's public archive, JSON)."""
    data = archive_validated(archive_load(archive))
    moment = _publication_moment(data)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    with transaction.atomic():
        PushToken.objects.select_for_update().filter(pk=token.pk).first()  # one push of a slug at a time
        PushToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        held = Tournament.objects.filter(slug=token.slug).first()
        if held is not None and held.mirror is None:
            raise PushRefused(
                gettext_noop("a tournament run on this server has the slug “%(slug)s”."), field="slug", slug=token.slug
            )
        if held is not None and held.mirror["digest"] == digest:
            return Pushed(held, changed=False)
        if held is not None and moment <= datetime.fromisoformat(held.mirror["changed_at"]):
            raise PushRefused(
                gettext_noop(
                    "this server holds a newer publication of the tournament (of %(held)s); an older one is not "
                    "taken back."
                ),
                field="publication.changed_at",
                held=held.mirror["changed_at"],
            )
        team_ids = {}
        if held is not None:
            team_ids = _kept_team_ids(held, data["teams"])
            tournament_delete(tournament=held)
        data["tournament"]["slug"] = token.slug
        tournament = tournament_import(archive=data, source="push", team_ids=team_ids)
        tournament.mirror = {**data["publication"], "digest": digest}
        tournament.save(update_fields=["mirror"])
        public_changed(tournament_id=tournament.pk)
        return Pushed(tournament, changed=True)


def _kept_team_ids(held: Tournament, teams: list[dict]) -> dict[str, int]:
    """The ids the pushed teams keep from the copy held, so a spectator's bookmarked team page
    (``/t/<slug>/teams/<id>/``) still shows that team: by name, else (a renamed team) by start
    number, each id once."""
    by_name, by_seed = {}, {}
    for pk, name, seed in held.teams.values_list("pk", "name", "seed"):
        by_name[name], by_seed[seed] = pk, pk
    kept = {team["name"]: by_name[team["name"]] for team in teams if team["name"] in by_name}
    taken = set(kept.values())
    for index, team in enumerate(teams):
        pk = by_seed.get(team.get("seed", index + 1))
        if team["name"] not in kept and pk is not None and pk not in taken:
            kept[team["name"]] = pk
            taken.add(pk)
    return kept


def _publication_moment(data: dict) -> datetime:
    """When the hall's public view changed to what the archive shows: only a public archive has it."""
    publication = data.get("publication")
    if publication is None:
        raise RuleViolation(
            gettext_noop("a push sends a public archive, which names its publication."), field="publication"
        )
    try:
        moment = datetime.fromisoformat(publication["changed_at"])
    except ValueError:
        raise RuleViolation(gettext_noop("not a date and time (ISO 8601)."), field="publication.changed_at") from None
    if timezone.is_naive(moment):
        raise RuleViolation(gettext_noop("a moment needs its offset from UTC."), field="publication.changed_at")
    return moment
