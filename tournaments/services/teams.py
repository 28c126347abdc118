from collections.abc import Sequence

from django.db import transaction

from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.identifiers import birth_date, federation_code, fide_id
from tournaments.domain.roster_warnings import roster_warnings
from tournaments.domain.text import plain_name
from tournaments.models import AuditEntry, Player, Team, Tournament

from .audit import audit_entry, audit_record, team_target
from .locks import lock_tournament, write_service
from .public import public_changed


class UnconfirmedRoster(Exception):
    """A valid team not saved because it needs the director's confirmation (``warnings``)."""

    def __init__(self, warnings: list[RuleViolation]):
        super().__init__(warnings)
        self.warnings = warnings


@write_service
def team_create(
    *,
    tournament: Tournament,
    name: str,
    players: Sequence[dict] = (),
    short_name: str = "",
    seed: int | None = None,
    user=None,
    source: str = "command",
    confirmed: bool = True,
) -> Team:
    """Register a team with its roster: ``players`` in board order, then the substitutes.

    With ``confirmed=False`` a valid team that ``roster_warnings`` finds suspicious is not saved;
    ``UnconfirmedRoster`` carries the warnings so the desk can ask first.
    """
    with transaction.atomic():
        tournament = _open_tournament(tournament.pk)
        registered = _Registered(tournament)
        already = sorted(registered.names)
        team, roster = _new_team(tournament, registered, name=name, short_name=short_name, seed=seed, players=players)
        warnings = roster_warnings(name=team.name, players=len(roster), boards=tournament.boards, registered=already)
        if warnings and not confirmed:
            raise UnconfirmedRoster(warnings)
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


@write_service
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
                tournament=tournament,
                action=AuditEntry.Action.ROSTER,
                target=team_target(team),
                value_type=AuditEntry.ValueType.ROSTER,
                new=[p.name for p in roster],
                user=user,
                source=source,
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


def _new_team(
    tournament, registered: _Registered, *, name, players=(), short_name="", seed=None
) -> tuple[Team, list[Player]]:
    """An unsaved team and its roster, checked against the teams registered so far."""
    name = plain_name(name, field="name", max_length=120)
    if not name:
        raise RuleViolation(tournament.discipline_rules.words.needs_name, field="name")
    if name in registered.names:
        raise RuleViolation(tournament.discipline_rules.words.duplicate_name, field="name", value=name)
    if seed is None:
        seed = max(registered.seeds, default=0) + 1
    elif seed in registered.seeds:
        raise RuleViolation(gettext_noop("seed %(value)s is already taken."), field="seed", value=seed)
    short_name = plain_name(short_name, field="short_name", max_length=40)
    team = Team(tournament=tournament, name=name, short_name=short_name, seed=seed)
    roster = _roster(tournament, team, players)
    registered.names.add(name)
    registered.seeds.add(seed)
    return team, roster


@write_service
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
    tournament = lock_tournament(pk)
    if tournament.rosters_locked:
        raise RuleViolation(
            gettext_noop("rosters are locked since the tournament started; the board order is fixed."),
            field="roster",
            rule=tournament.lineup_rules.rule,
        )
    return tournament


def _roster(tournament: Tournament, team: Team, players: Sequence[dict]) -> list[Player]:
    """Validate a roster: names unique within the team, at most boards + substitutes players.

    Every problem is reported at once (``RuleViolations``), as the CSV preview does.
    """
    problems, roster, seen = [], [], set()
    limit = tournament.boards + tournament.max_substitutes
    if len(players) > limit:
        problems.append(
            RuleViolation(
                gettext_noop("at most %(max)d players (%(boards)d boards and %(count)d substitute)."),
                plural=gettext_noop("at most %(max)d players (%(boards)d boards and %(count)d substitutes)."),
                field="players",
                max=limit,
                boards=tournament.boards,
                count=tournament.max_substitutes,
            )
        )
    for position, data in enumerate(players, start=1):
        field = f"players[{position}]"
        name = plain_name(data.get("name"), field=f"{field}.name", max_length=120)
        if not name:
            problems.append(RuleViolation(gettext_noop("a player needs a name."), field=field))
        elif name in seen:
            problems.append(RuleViolation(gettext_noop("“%(value)s” is on the roster twice."), field=field, value=name))
        seen.add(name)
        rating = data.get("rating")
        if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating <= 3500):
            problems.append(
                RuleViolation(
                    gettext_noop("the rating must be a whole number from 0 to 3500."), field=f"{field}.rating"
                )
            )
        roster.append(
            Player(
                team=team,
                position=position,
                name=name,
                rating=rating,
                fide_id=fide_id(data.get("fide_id"), field=f"{field}.fide_id"),
                federation_id=plain_name(data.get("federation_id"), field=f"{field}.federation_id", max_length=20),
                federation=federation_code(data.get("federation"), field=f"{field}.federation"),
                birth_date=birth_date(data.get("birth_date"), field=f"{field}.birth_date"),
            )
        )
    if problems:
        raise RuleViolations(problems)
    return roster
