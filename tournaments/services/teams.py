import random
from collections.abc import Sequence
from enum import StrEnum

from django.db import transaction

from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.identifiers import birth_date, federation_code, fide_id
from tournaments.domain.roster_warnings import roster_warnings
from tournaments.domain.text import plain_name
from tournaments.models import AuditEntry, Player, Team, Tournament

from .audit import AuditTarget, Target, audit_entry, audit_record, team_target
from .locks import EXCLUSIVE, UPDATE, Mode, lock_tournament, write_service
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

    ``teams`` are dicts of ``team_create``'s arguments, and ``pk`` where a team keeps the id of an
    earlier copy (a public server's mirror: services/push.py). A handful of statements whatever
    their number; a problem names its team (``team “SK Kronach”, players[5]``) and nothing is written.
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
    tournament, registered: _Registered, *, name, players=(), short_name="", seed=None, pk=None
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
    team = Team(pk=pk, tournament=tournament, name=name, short_name=short_name, seed=seed)
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


def _open_tournament(pk: int, *, mode: Mode = UPDATE) -> Tournament:
    """The tournament, locked and re-read: a roster may change only before play starts."""
    tournament = lock_tournament(pk, mode=mode)
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


@write_service
def team_rename(
    *, team: Team, name: str | None = None, short_name: str | None = None, user=None, source: str = "command"
) -> Team:
    """Correct a team's name or short name at any time (a typo found on the pairing list).

    Results, pairings and the audit trail refer to the team, not its name, so nothing else
    changes; the old and new names are recorded. ``None`` keeps a value as it is.
    """
    with transaction.atomic():
        tournament = lock_tournament(team.tournament_id)
        team = Team.objects.get(pk=team.pk)
        old = {"name": team.name, "short_name": team.short_name}
        if name is not None:
            team.name = plain_name(name, field="name", max_length=120)
            if not team.name:
                raise RuleViolation(tournament.discipline_rules.words.needs_name, field="name")
            if tournament.teams.exclude(pk=team.pk).filter(name=team.name).exists():
                raise RuleViolation(tournament.discipline_rules.words.duplicate_name, field="name", value=team.name)
        if short_name is not None:
            team.short_name = plain_name(short_name, field="short_name", max_length=40)
        new = {"name": team.name, "short_name": team.short_name}
        if new == old:
            return team
        team.save(update_fields=["name", "short_name"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(team),
            value_type=AuditEntry.ValueType.SETTINGS,
            old={key: value for key, value in old.items() if new[key] != value},
            new={key: value for key, value in new.items() if old[key] != value},
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return team


@write_service
def player_rename(*, player: Player, name: str, user=None, source: str = "command") -> Player:
    """Correct a player's name at any time; the board order stays as registered."""
    with transaction.atomic():
        tournament = lock_tournament(player.team.tournament_id)
        player = Player.objects.select_related("team").get(pk=player.pk)
        old, new = player.name, plain_name(name, field="name", max_length=120)
        if not new:
            raise RuleViolation(gettext_noop("a player needs a name."), field="name")
        if player.team.players.exclude(pk=player.pk).filter(name=new).exists():
            raise RuleViolation(gettext_noop("“%(value)s” is on the roster twice."), field="name", value=new)
        if new == old:
            return player
        player.name = new
        player.save(update_fields=["name"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(player.team),
            value_type=AuditEntry.ValueType.ROSTER,
            old=[old],
            new=[new],
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return player


@write_service
def team_delete(*, team: Team, user=None, source: str = "command") -> None:
    """Remove a team registered by mistake, before the tournament starts; the teams seeded below
    it move up one place, so the seeds stay the starting ranks 1..n."""
    with transaction.atomic():
        tournament = _open_tournament(team.tournament_id, mode=EXCLUSIVE)  # seeds move: every writer waits
        team = Team.objects.get(pk=team.pk)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(team),
            value_type=AuditEntry.ValueType.ROSTER,
            old=list(team.players.order_by("position").values_list("name", flat=True)),
            new=None,
            user=user,
            source=source,
        )
        team.delete()
        seeds_renumber(list(tournament.teams.order_by("seed")))
        public_changed(tournament_id=tournament.pk)


class SeedOrder(StrEnum):
    """How the director orders the seeds before the first pairing."""

    RATING = "rating"  # the strongest team first: the mean rating of its board players (unrated: 0)
    LOTS = "lots"  # a drawing of lots, as for a round robin's Berger numbers (FIDE C.05 Annex 1)
    GIVEN = "given"  # the order the director names


@write_service
def teams_seed(
    *, tournament: Tournament, order: str, teams: Sequence[Team] = (), user=None, source: str = "command"
) -> list[Team]:
    """Number the teams 1..n before the first pairing: by rating, by lots, or as ``teams`` lists
    them (``order="given"``). The seeds before and after are recorded, the lots drawn with them."""
    with transaction.atomic():
        tournament = _open_tournament(tournament.pk, mode=EXCLUSIVE)  # seeds move: every writer waits
        current = list(tournament.teams.prefetch_related("players").order_by("seed"))
        if order not in SeedOrder:
            raise RuleViolation(
                gettext_noop("the seed order is “rating”, “lots” or “given”."), field="order", value=order
            )
        if order == SeedOrder.RATING:
            ordered = sorted(current, key=lambda team: (-_strength(team, tournament.boards), team.seed))
        elif order == SeedOrder.LOTS:
            ordered = random.SystemRandom().sample(current, len(current))
        else:
            ids = [team.pk for team in teams]
            if len(ids) != len(set(ids)) or set(ids) != {team.pk for team in current}:
                raise RuleViolation(
                    gettext_noop("list each registered team exactly once: %(teams)s."),
                    field="teams",
                    teams=", ".join(team.name for team in current),
                )
            by_id = {team.pk: team for team in current}
            ordered = [by_id[pk] for pk in ids]
        old = {team.name: team.seed for team in current}
        seeds_renumber(ordered)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.TOURNAMENT, "seed"),
            value_type=AuditEntry.ValueType.SETTINGS,
            old=old,
            new={"order": order, **{team.name: team.seed for team in ordered}},
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return ordered


def seeds_renumber(ordered: list[Team]) -> None:
    """Seeds 1..n in the order given, through free numbers first: seeds are unique per tournament."""
    offset = max((team.seed for team in ordered), default=0) + len(ordered)
    for team in ordered:
        team.seed += offset
    Team.objects.bulk_update(ordered, ["seed"])
    for seed, team in enumerate(ordered, start=1):
        team.seed = seed
    Team.objects.bulk_update(ordered, ["seed"])


def _strength(team: Team, boards: int) -> float:
    """The mean rating of the players on the boards (roster order), unrated counted as 0."""
    ratings = [player.rating or 0 for player in sorted(team.players.all(), key=lambda p: p.position)[:boards]]
    return sum(ratings) / len(ratings) if ratings else 0.0
