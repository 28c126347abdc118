from django.db import IntegrityError, transaction
from django.utils.text import slugify

from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.pairing_systems import EnteredTeam, pairing_system
from tournaments.domain.presets import get_preset
from tournaments.domain.rule_set import SETTINGS, locked_changes, preset_rules, resolve_rules, rule_values
from tournaments.domain.text import plain_name
from tournaments.models import AuditEntry, Tournament, TournamentRole
from tournaments.selectors.standings import standings_for_tournament

from .audit import AuditTarget, Target, audit_record, audit_value
from .locks import EXCLUSIVE, lock_tournament, write_service
from .public import public_changed, public_forget
from .teams import seeds_renumber


def tournament_create(
    *,
    name: str,
    preset: str = "blitz-frankenwald",
    slug: str | None = None,
    user=None,
    source: str = "command",
    **overrides,
) -> Tournament:
    """Create a tournament from a preset; ``overrides`` adjust the preset's values.

    Accepted overrides: the settings of ``tournaments.domain.rule_set.RULE_SET`` (match_points
    as a dict win/draw/loss). The creating ``user`` becomes the tournament's director.
    """
    with transaction.atomic():
        tournament = Tournament(name=_required_name(name), slug=_free_slug(slug or name, explicit=bool(slug)))
        rules = get_preset(preset)
        tournament.preset, tournament.discipline = rules.key, rules.discipline.value
        _apply_rules(tournament, preset_rules(rules), overrides)
        _save_new(tournament, slug or name, explicit=bool(slug))
        if user is not None and user.is_authenticated:
            TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.DIRECTOR)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.TOURNAMENT, tournament.name),
            value_type=AuditEntry.ValueType.CREATED,
            new={"preset": preset, **audit_value(overrides)},
            user=user,
            source=source,
        )
        return tournament


@write_service
def tournament_delete(*, tournament: Tournament) -> None:
    """Delete a tournament with everything it holds (its audit trail goes with it).

    Matches and boards protect the teams and players they name from deletion on their own, so the
    rounds go first, then the tournament (teams, players, roles and audit entries cascade).
    """
    with transaction.atomic():
        tournament_id = tournament.pk
        lock_tournament(tournament_id, mode=EXCLUSIVE)
        tournament.rounds.all().delete()
        tournament.delete()
        public_forget(tournament_id=tournament_id)  # its slug may be taken again: no cached version may stay


@write_service
def tournament_update(*, tournament: Tournament, user=None, source: str = "command", **changes) -> Tournament:
    """Adjust a tournament's name and rules; ``changes`` take the same keys as the overrides above.

    The preset is not read again: the stored values are the defaults, and every change is
    validated as at creation. Settings that shape the schedule or the boards are fixed once the
    tournament runs: refused together, each with its rule.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        before = rule_values(tournament)
        name = changes.pop("name", None)
        old_name = tournament.name
        if tournament.rosters_locked:
            refused = locked_changes(before, changes)
            if refused:
                raise RuleViolations(refused)
        _apply_rules(tournament, before, changes)
        if name is not None:
            tournament.name = _required_name(name)
        tournament.save()
        after = rule_values(tournament)
        changed = {k: (before[k], after[k]) for k in after if before[k] != after[k]}
        if tournament.name != old_name:
            changed["name"] = (old_name, tournament.name)
        if changed:
            audit_record(
                tournament=tournament,
                action=AuditEntry.Action.TOURNAMENT,
                target=AuditTarget(Target.SETTINGS, tournament.name),
                value_type=AuditEntry.ValueType.SETTINGS,
                old={k: audit_value(old) for k, (old, _) in changed.items()},
                new={k: audit_value(new) for k, (_, new) in changed.items()},
                user=user,
                source=source,
            )
            public_changed(tournament_id=tournament.pk)
        return tournament


def entered_teams(teams) -> list[EnteredTeam]:
    """Teams (players prefetched) as the pairing system ranks them: ratings in roster order."""
    return [
        EnteredTeam(team.pk, team.name, [p.rating for p in sorted(team.players.all(), key=lambda p: p.position)])
        for team in teams
    ]


def _seed_by_initial_order(tournament: Tournament, system, *, user, source) -> None:
    """Where the system fixes the starting ranks at the start (C.04.6 art. 1.1: the TPN follows
    the initial ranking), the seeds become that order; the audit keeps the seeds as entered."""
    teams = list(tournament.teams.prefetch_related("players").order_by("seed"))
    order = system.initial_order(entered_teams(teams), tournament.boards)
    if order is None:
        return
    new_seed = {key: seed for seed, key in enumerate(order, start=1)}
    old = {team.name: team.seed for team in teams}
    if all(new_seed[team.pk] == team.seed for team in teams):
        return
    seeds_renumber(sorted(teams, key=lambda team: new_seed[team.pk]))
    audit_record(
        tournament=tournament,
        action=AuditEntry.Action.TOURNAMENT,
        target=AuditTarget(Target.TOURNAMENT, "seed"),
        value_type=AuditEntry.ValueType.SETTINGS,
        old=old,
        new={team.name: team.seed for team in teams},
        user=user,
        source=source,
    )


@write_service
def tournament_start(*, tournament: Tournament, user=None, source: str = "command") -> Tournament:
    """Start play: from now on the rosters are locked (Blitz preamble: order handed in before).

    The pairing system's planned rounds are stored now, with the number of teams fixed, and the
    seeds may be renumbered: the tournament is locked ``EXCLUSIVE`` for that (services/locks.py).
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        if tournament.status != Tournament.Status.REGISTRATION:
            return tournament
        tournament = lock_tournament(tournament.pk, mode=EXCLUSIVE)
        teams = tournament.teams.count()
        if teams < 2:
            raise RuleViolation(tournament.discipline_rules.words.start_needs_two, field="teams")
        tournament.status = Tournament.Status.RUNNING
        system = pairing_system(tournament.pairing_system, tournament.discipline_rules.variant_key)
        if refusal := system.rounds_refusal(teams, tournament.round_count):
            raise refusal
        tournament.planned_rounds = system.planned_rounds(teams, tournament.round_count)
        tournament.save(update_fields=["status", "planned_rounds", "updated_at"])
        _seed_by_initial_order(tournament, system, user=user, source=source)
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.TOURNAMENT,
            target=AuditTarget(Target.TOURNAMENT, "status"),
            value_type=AuditEntry.ValueType.STATUS,
            old=Tournament.Status.REGISTRATION,
            new=Tournament.Status.RUNNING,
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        return tournament


def _required_name(name) -> str:
    name = plain_name(name, field="name", max_length=200)
    if not name:
        raise RuleViolation(gettext_noop("a tournament needs a name."), field="name")
    return name


def _save_new(tournament: Tournament, text: str, *, explicit: bool, attempts: int = 20) -> None:
    """Insert ``tournament``; if a simultaneous create took its slug meanwhile (the unique
    constraint, not the check above, decides), a derived slug moves on to the next free one and
    an explicit one is refused naming the field, never a 500."""
    for attempt in range(attempts):
        try:
            with transaction.atomic():
                tournament.save(force_insert=True)
            return
        except IntegrityError:
            if explicit or attempt == attempts - 1:
                raise RuleViolation(
                    gettext_noop("the slug “%(value)s” is already taken."), field="slug", value=tournament.slug
                ) from None
            tournament.slug = _free_slug(text, explicit=False)


def _free_slug(text: str, *, explicit: bool) -> str:
    base = slugify(text)[:70] or "tournament"
    if explicit and base != text:
        raise RuleViolation(
            gettext_noop("“%(value)s” is not a valid slug: use lower-case letters, digits and hyphens."),
            field="slug",
            value=text,
        )
    if explicit:  # exactly this slug or none: never numbered on, even if taken since this check
        if Tournament.objects.filter(slug=base).exists():
            raise RuleViolation(gettext_noop("the slug “%(value)s” is already taken."), field="slug", value=text)
        return base
    slug, counter = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, counter = f"{base}-{counter}", counter + 1
    return slug


def _apply_rules(tournament: Tournament, defaults: dict, given: dict) -> None:
    """Validate ``given`` over ``defaults`` and store every setting, naming the field on error."""
    for name, value in resolve_rules(defaults, given, discipline=tournament.discipline_rules).items():
        SETTINGS[name].store(tournament, value)


FINISHED = gettext_noop("the tournament is finished and its results are final; a director reopens it to change them.")


def refuse_when_finished(tournament: Tournament) -> None:
    """A finished tournament's results, pairings and entries stay as they are (issue 28 item 8):
    every writer asks this under its lock, and a director reopens the tournament first."""
    if tournament.status == Tournament.Status.FINISHED:
        raise RuleViolation(FINISHED, field="tournament")


def refuse_when_mirrored(tournament: Tournament) -> None:
    """A tournament a hall pushes to this public server (services/push.py) takes its results from the
    hall: one entered here would be overwritten by the next push."""
    if tournament.mirror is not None:
        raise RuleViolation(
            gettext_noop("this tournament is run in its hall and pushed here; enter its results there."),
            field="tournament",
        )


@write_service
def tournament_finish(*, tournament: Tournament, user=None, source: str = "command") -> Tournament:
    """Finish the tournament: its standings become the final ones, its results are locked.

    Only after the last planned round and, where the tie for first is played off, the play-off
    with any lots drawn (Blitz §16), and with every round published, so the public's final
    standings are the desk's. Locked ``EXCLUSIVE``: a result writer (``KEY_SHARE`` on the
    tournament) waits, then reads the new status and is refused.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk, mode=EXCLUSIVE)
        if tournament.status != Tournament.Status.RUNNING:
            raise RuleViolation(gettext_noop("only a running tournament can be finished."), field="status")
        standings = standings_for_tournament(tournament=tournament)
        refusal = None
        if not standings.final:
            refusal = gettext_noop("every planned round needs all its results before the tournament is finished.")
        elif standings.playoff_void:
            refusal = gettext_noop("the play-off is void: remove it and play off the tie the standings have now.")
        elif standings.playoff_required and not standings.playoff_decided:
            refusal = gettext_noop(
                "first place is still tied: pair and play the play-off, and record any lots drawn (Blitz §16)."
            )
        if refusal:
            raise RuleViolation(refusal, field="status")
        draft = tournament.rounds.filter(published_at=None).order_by("number").values_list("number", flat=True)
        if draft:
            raise RuleViolation(
                gettext_noop("publish round %(round)d first: the final standings are the public's too."),
                field="status",
                round=draft[0],
            )
        return _status_set(tournament, Tournament.Status.FINISHED, user=user, source=source)


@write_service
def tournament_reopen(*, tournament: Tournament, user=None, source: str = "command") -> Tournament:
    """Reopen a finished tournament (a director's audited action), e.g. to correct a result."""
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk, mode=EXCLUSIVE)
        if tournament.status != Tournament.Status.FINISHED:
            raise RuleViolation(gettext_noop("only a finished tournament can be reopened."), field="status")
        return _status_set(tournament, Tournament.Status.RUNNING, user=user, source=source)


def _status_set(tournament: Tournament, status: str, *, user, source) -> Tournament:
    old, tournament.status = tournament.status, status
    tournament.save(update_fields=["status", "updated_at"])
    audit_record(
        tournament=tournament,
        action=AuditEntry.Action.TOURNAMENT,
        target=AuditTarget(Target.TOURNAMENT, "status"),
        value_type=AuditEntry.ValueType.STATUS,
        old=old,
        new=status,
        user=user,
        source=source,
    )
    public_changed(tournament_id=tournament.pk)
    return tournament
