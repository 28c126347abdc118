from collections.abc import Sequence

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, Player, Team, Tournament

from .audit import audit_entry, audit_record, team_target
from .public import public_changed


def team_create(
    *,
    tournament: Tournament,
    name: str,
    players: Sequence[dict] = (),
    short_name: str = "",
    seed: int | None = None,
    user=None,
    source: str = "command",
) -> Team:
    """Register a team with its roster: ``players`` in board order, then the substitutes."""
    with transaction.atomic():
        tournament = _open_tournament(tournament.pk)
        team, roster = _new_team(tournament, _Registered(tournament), name=name, short_name=short_name, seed=seed, players=players)
        team.save()
        Player.objects.bulk_create(roster)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(team),
            value_type=AuditEntry.ValueType.ROSTER,
            new=[p.name for p in roster],
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return team


def teams_create(*, tournament: Tournament, teams: Sequence[dict], user=None, source: str = "command") -> list[Team]:
    """Register many teams at once (an archive import) under the rules of ``team_create``.

    ``teams`` are dicts of ``team_create``'s arguments. A handful of statements whatever their
    number; a problem names its team (``team “SK Kronach”, players[5]``) and nothing is written.
    """
    with transaction.atomic():
        tournament = _open_tournament(tournament.pk)
        registered = _Registered(tournament)
        created = []
        for data in teams:
            try:
                created.append(_new_team(tournament, registered, **data))
            except RuleViolation as error:
                error.field = f"team “{data.get('name')}”, {error.field}"
                raise
        Team.objects.bulk_create([team for team, _ in created])
        Player.objects.bulk_create([player for _, roster in created for player in roster])
        AuditEntry.objects.bulk_create(
            audit_entry(
                tournament=tournament, action=AuditEntry.Action.ROSTER, target=team_target(team),
                value_type=AuditEntry.ValueType.ROSTER, new=[p.name for p in roster], user=user, source=source,
            )
            for team, roster in created
        )
        public_changed(tournament_id=tournament.pk)
        return [team for team, _ in created]


class _Registered:
    """Names and seeds already taken in a tournament, read once for a whole batch of teams."""

    def __init__(self, tournament: Tournament):
        taken = list(tournament.teams.values_list("name", "seed"))
        self.names = {name for name, _ in taken}
        self.seeds = {seed for _, seed in taken}


def _new_team(tournament, registered: _Registered, *, name, players=(), short_name="", seed=None) -> tuple[Team, list[Player]]:
    """An unsaved team and its roster, checked against the teams registered so far."""
    name = str(name or "").strip()
    if not name:
        raise RuleViolation(gettext_noop("a team needs a name."), field="name")
    if name in registered.names:
        raise RuleViolation(gettext_noop("a team named “%(value)s” is already registered."), field="name", value=name)
    if seed is None:
        seed = max(registered.seeds, default=0) + 1
    elif seed in registered.seeds:
        raise RuleViolation(gettext_noop("seed %(value)s is already taken."), field="seed", value=seed)
    team = Team(tournament=tournament, name=name[:120], short_name=short_name[:40], seed=seed)
    roster = _roster(tournament, team, players)
    registered.names.add(name)
    registered.seeds.add(seed)
    return team, roster


def team_roster_set(*, team: Team, players: Sequence[dict], user=None, source: str = "command") -> Team:
    """Replace a team's roster while registration is open; locked once the tournament starts."""
    with transaction.atomic():
        tournament = _open_tournament(team.tournament_id)
        old = list(team.players.values_list("name", flat=True))
        roster = _roster(tournament, team, players)
        team.players.all().delete()
        Player.objects.bulk_create(roster)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(team),
            value_type=AuditEntry.ValueType.ROSTER,
            old=old,
            new=[p.name for p in roster],
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return team


def _open_tournament(pk: int) -> Tournament:
    """The tournament, locked and re-read: a roster may change only before play starts."""
    tournament = Tournament.objects.select_for_update().get(pk=pk)
    if tournament.rosters_locked:
        raise RuleViolation(
            gettext_noop("rosters are locked since the tournament started; the board order is fixed."),
            field="roster",
            rule=tournament.lineup_rules.rule,
        )
    return tournament


def _roster(tournament: Tournament, team: Team, players: Sequence[dict]) -> list[Player]:
    """Validate a roster: names unique within the team, at most boards + substitutes players."""
    limit = tournament.boards + tournament.max_substitutes
    if len(players) > limit:
        raise RuleViolation(
            gettext_noop("at most %(max)d players (%(boards)d boards and %(subs)d substitute(s))."),
            field="players",
            max=limit,
            boards=tournament.boards,
            subs=tournament.max_substitutes,
        )
    roster, seen = [], set()
    for position, data in enumerate(players, start=1):
        field = f"players[{position}]"
        name = str(data.get("name") or "").strip()
        if not name:
            raise RuleViolation(gettext_noop("a player needs a name."), field=field)
        if name in seen:
            raise RuleViolation(gettext_noop("“%(value)s” is on the roster twice."), field=field, value=name)
        seen.add(name)
        rating = data.get("rating")
        if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating <= 3500):
            raise RuleViolation(gettext_noop("the rating must be a whole number from 0 to 3500."), field=f"{field}.rating")
        roster.append(
            Player(
                team=team,
                position=position,
                name=name[:120],
                rating=rating,
                fide_id=str(data.get("fide_id") or "")[:20],
                federation_id=str(data.get("federation_id") or "")[:20],
            )
        )
    return roster
