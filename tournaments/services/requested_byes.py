"""Byes requested in advance and late entries (issue 16; TRF-2026 record 240, C.04.6, C.07 Art. 16).

A team asks not to be paired in a future round of a Swiss and takes a half-point, full-point or
zero-point bye instead; it may withdraw the request until the round is paired. A late entry
joins from a round not yet paired; the rounds it missed are byes of the kind the competition
set (``late_entry_rounds``), and it takes the starting rank the competition's ``late_entry_seeding``
gives (FIDE C.04.2 art. 2.5 and 3; ``domain/requested_byes.py``). Each write is one transaction,
audited, and moves the public version and the tournament's ``byes_version``: a request or a
withdrawal based on an older one is refused (``StaleByes``, the API's 409), as a match's writes are.
"""

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.requested_byes import ByeKind, LateEntryRounds, LateEntrySeeding, late_entry_seed
from tournaments.models import AuditEntry, Player, RequestedBye, Round, StandingsCheck, Team, Tournament
from tournaments.selectors.schedule import planned_rounds, tournament_pairing_system

from .audit import audit_record, team_target
from .locks import EXCLUSIVE, UPDATE, Mode, lock_tournament, write_service
from .public import public_changed
from .teams import _new_team, _Registered
from .tournaments import entered_teams, refuse_when_finished


class StaleByes(RuleViolation):
    """The byes changed since the writer read them (another request, a withdrawal, a late entry):
    refuse rather than act on a list the writer has not seen, as ``results.StaleMatch`` does.
    The byes are read and shown as one list per tournament (the desk's page, the API's
    ``byes/``), so they carry one version."""

    def __init__(self, tournament: Tournament):
        self.current = tournament.byes_version
        super().__init__(
            gettext_noop(
                "the byes were changed by someone else in the meantime (now version %(version)d); reload and try again."
            ),
            field="version",
            version=tournament.byes_version,
        )


@write_service
def bye_request(
    *,
    team: Team,
    round_number: int,
    kind: str,
    expected_version: int | None = None,
    user=None,
    source: str = "command",
) -> RequestedBye:
    """Record that ``team`` is not to be paired in round ``round_number`` and takes a bye of ``kind``;
    ``expected_version``, the byes' version the writer read, refuses a stale write."""
    with transaction.atomic():
        tournament = _swiss(team.tournament_id, expected_version)
        team = Team.objects.get(pk=team.pk)
        _check_round(tournament, round_number)
        if kind not in ByeKind:
            raise RuleViolation(
                gettext_noop("the kind of bye is H (half point), F (full point) or Z (zero points)."),
                field="kind",
                rule="TRF-2026 record 240",
            )
        if team.withdrawn_from_round is not None and round_number >= team.withdrawn_from_round:
            raise RuleViolation(
                tournament.discipline_rules.words.bye_after_withdrawal, field="team", round=team.withdrawn_from_round
            )
        if RequestedBye.objects.filter(team=team, round_number=round_number).exists():
            raise RuleViolation(tournament.discipline_rules.words.bye_twice, field="round", round=round_number)
        bye = RequestedBye.objects.create(tournament=tournament, team=team, round_number=round_number, kind=kind)
        _audit(tournament, team, user, source, new={"round": round_number, "kind": kind})
        return bye


@write_service
def bye_withdraw(
    *, team: Team, round_number: int, expected_version: int | None = None, user=None, source: str = "command"
) -> None:
    """Take back a requested bye: the team is paired in that round after all (``expected_version``
    as for ``bye_request``)."""
    with transaction.atomic():
        tournament = _swiss(team.tournament_id, expected_version)
        _check_round(tournament, round_number)
        bye = RequestedBye.objects.filter(team=team, round_number=round_number, late_entry=False).first()
        if bye is None:
            raise RuleViolation(tournament.discipline_rules.words.bye_none, field="round", round=round_number)
        bye.delete()
        _audit(tournament, team, user, source, old={"round": round_number, "kind": bye.kind})


@write_service
def team_enter_late(
    *,
    tournament: Tournament,
    name: str,
    from_round: int,
    players: Sequence[dict] = (),
    short_name: str = "",
    user=None,
    source: str = "command",
) -> Team:
    """Register a team after the start, paired from round ``from_round`` on (a round not yet
    paired). Its seed is its place in the initial ranking or the next one (``late_entry_seeding``,
    C.04.2 art. 2.5 and 3); each round before is a bye of the competition's kind."""
    with transaction.atomic():
        tournament = _swiss(tournament.pk, mode=EXCLUSIVE)  # seeds move: every writer waits (services/locks.py)
        if not tournament.rosters_locked:
            raise RuleViolation(tournament.discipline_rules.words.late_not_started, field="from_round")
        _check_round(tournament, from_round, field="from_round")
        registered = _Registered(tournament)
        team, roster = _new_team(tournament, registered, name=name, short_name=short_name, players=players)
        team.save()
        Player.objects.bulk_create(roster)
        moved = _seed_late_entry(tournament, team)
        kind = LateEntryRounds(tournament.late_entry_rounds).bye
        RequestedBye.objects.bulk_create(
            RequestedBye(tournament=tournament, team=team, round_number=number, kind=kind, late_entry=True)
            for number in range(1, from_round)
        )
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.LATE_ENTRY,
            target=team_target(team),
            value_type=AuditEntry.ValueType.LATE_ENTRY,
            old={"seeds": {name: old for name, (old, _new) in moved.items()}} if moved else None,
            new={
                "from_round": from_round,
                "seed": team.seed,
                "players": [p.name for p in roster],
                "byes": kind.value,
                **({"seeds": {name: new for name, (_old, new) in moved.items()}} if moved else {}),
            },
            user=user,
            source=source,
        )
        _changed(tournament)
        return team


def _seed_late_entry(tournament: Tournament, team: Team) -> dict[str, tuple[int, int]]:
    """Give ``team``, entered with the next seed, the one ``late_entry_seeding`` asks for: its place
    in the competition's initial ranking (the pairing system's ``initial_order``, as at the start)
    while pairing numbers may be reassigned (C.04.2: until the fourth round is paired). The teams
    from that place on move down one; the stored checks follow them. A round paired before keeps
    the verdict stored then: re-paired under the new numbers its first colours would differ, as
    C.04.6 art. 4 gives them by TPN. Returns {name: (old, new)} of the teams moved."""
    teams = list(tournament.teams.prefetch_related("players").order_by("seed"))
    order = tournament_pairing_system(tournament).initial_order(entered_teams(teams), tournament.boards) or [
        t.pk for t in teams
    ]
    seed = late_entry_seed(
        rank=order.index(team.pk) + 1,
        entered=len(teams) - 1,
        paired_rounds=tournament.rounds.filter(kind=Round.Kind.REGULAR).count(),
        seeding=LateEntrySeeding(tournament.late_entry_seeding),
    )
    below = [t for t in teams if seed <= t.seed < team.seed]
    if not below:
        return {}
    last = team.seed
    Team.objects.filter(pk=team.pk).update(seed=0)  # no team has seed 0: the numbers below move through free ones
    Team.objects.filter(pk__in=[t.pk for t in below]).update(seed=F("seed") + last)
    Team.objects.filter(pk__in=[t.pk for t in below]).update(seed=F("seed") - last + 1)
    Team.objects.filter(pk=team.pk).update(seed=seed)
    team.seed = seed
    _renumber_checks(tournament, {t.seed: t.seed + 1 for t in below})
    return {t.name: (t.seed, t.seed + 1) for t in below}


def _renumber_checks(tournament: Tournament, renumbered: dict[int, int]) -> None:
    """The reference checks stored so far name teams by seed (``selectors/reference_checks.py``):
    they follow the teams to their new numbers, so the desk keeps naming the right teams."""
    for round_ in tournament.rounds.filter(pairing_check__isnull=False):
        check = round_.pairing_check
        if check.get("expected"):
            check["expected"] = [[renumbered.get(seed, seed) for seed in pair] for pair in check["expected"]]
            Round.objects.filter(pk=round_.pk).update(pairing_check=check)
    check = StandingsCheck.objects.filter(tournament=tournament).first()
    if check is not None and check.differences:
        check.differences = [{**d, "team": renumbered.get(d["team"], d["team"])} for d in check.differences]
        check.save(update_fields=["differences"])


def _swiss(pk: int, expected_version: int | None = None, *, mode: Mode = UPDATE) -> Tournament:
    """The tournament, locked; refused where the pairing system fixes the schedule in advance, or
    where the byes changed since the writer read version ``expected_version``."""
    tournament = lock_tournament(pk, mode=mode)
    refuse_when_finished(tournament)
    if refusal := tournament_pairing_system(tournament).requested_byes_refusal():
        raise refusal
    if expected_version is not None and expected_version != tournament.byes_version:
        raise StaleByes(tournament)
    return tournament


def _changed(tournament: Tournament) -> None:
    """The byes' version goes up (the row is locked: ``_swiss``) and the public pages are stale."""
    Tournament.objects.filter(pk=tournament.pk).update(byes_version=F("byes_version") + 1)
    tournament.byes_version += 1
    public_changed(tournament_id=tournament.pk)


def _check_round(tournament: Tournament, number, *, field: str = "round") -> None:
    """``number`` is a planned round not paired yet (C.04.6 pairs from what is known before)."""
    rounds = planned_rounds(tournament=tournament, teams=tournament.teams.count())
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= rounds:
        raise RuleViolation(
            gettext_noop("give the number of a round from 1 to %(rounds)d."), field=field, rounds=rounds
        )
    if tournament.rounds.filter(kind=Round.Kind.REGULAR, number__gte=number).exists():
        raise RuleViolation(
            gettext_noop("round %(round)d is already paired: a bye or a late entry is settled before the pairing."),
            field=field,
            round=number,
            rule="FIDE C.04.6 art. 3",
        )


def _audit(tournament, team, user, source, *, old=None, new=None) -> None:
    audit_record(
        tournament=tournament,
        action=AuditEntry.Action.BYE,
        target=team_target(team),
        value_type=AuditEntry.ValueType.BYE,
        old=old,
        new=new,
        user=user,
        source=source,
    )
    _changed(tournament)


@write_service
def check_in_set(
    *, tournament: Tournament, round_number: int, absent: Sequence[Team], user=None, source: str = "command"
) -> list[Team]:
    """The check-in before round ``round_number`` is paired (issue 28 item 3): the entrants
    ``absent`` are not seated and score a zero-point bye (TRF 240 Z), as an unpaired round; an
    entrant marked absent before and present now is paired again. Byes asked for in advance with
    points (H, F) and a late entry's missed rounds stay as they are. Returns the entrants whose
    presence changed, each with an audit entry."""
    with transaction.atomic():
        tournament = _swiss(tournament.pk)
        _check_round(tournament, round_number)
        away = {team.pk for team in absent}
        byes = {
            bye.team_id: bye for bye in RequestedBye.objects.filter(tournament=tournament, round_number=round_number)
        }
        changed = []
        for team in tournament.teams.filter(withdrawn_from_round=None).order_by("seed"):
            bye = byes.get(team.pk)
            if team.pk in away and bye is None:
                RequestedBye.objects.create(
                    tournament=tournament, team=team, round_number=round_number, kind=ByeKind.ZERO
                )
                _audit(tournament, team, user, source, new={"round": round_number, "kind": ByeKind.ZERO.value})
                changed.append(team)
            elif team.pk not in away and bye is not None and bye.kind == ByeKind.ZERO and not bye.late_entry:
                bye.delete()
                _audit(tournament, team, user, source, old={"round": round_number, "kind": bye.kind})
                changed.append(team)
        return changed
