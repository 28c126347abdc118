from collections.abc import Sequence

from django.db import transaction

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.models import AuditEntry, Player, Team, Tournament

from .audit import audit_record, team_target


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
        name = str(name or "").strip()
        if not name:
            raise RuleViolation(gettext_noop("a team needs a name."), field="name")
        if tournament.teams.filter(name=name).exists():
            raise RuleViolation(gettext_noop("a team named “%(value)s” is already registered."), field="name", value=name)
        if seed is None:
            seed = (max(tournament.teams.values_list("seed", flat=True), default=0)) + 1
        elif tournament.teams.filter(seed=seed).exists():
            raise RuleViolation(gettext_noop("seed %(value)s is already taken."), field="seed", value=seed)
        team = Team.objects.create(tournament=tournament, name=name[:120], short_name=short_name[:40], seed=seed)
        roster = _roster(tournament, team, players)
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
        return team


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
