import secrets

from django.db import transaction
from django.utils import timezone

from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import default_lineup
from tournaments.domain.pairing_systems import Encounters, PairingStrategy, RoundToPair
from tournaments.domain.schedule import legs
from tournaments.domain.tables.seating import FirstMover
from tournaments.models import AuditEntry, Match, Round, Tournament
from tournaments.selectors.matches import match_records
from tournaments.selectors.pairing_input import round_to_pair
from tournaments.selectors.schedule import planned_rounds, tournament_pairing_system

from .audit import audit_record, round_target
from .encounters import EncounterPlan, encounters_create
from .locks import EXCLUSIVE, lock_tournament, write_service
from .pairing_check import round_pairing_check_later
from .public import public_changed
from .seating import planned_games
from .tournaments import refuse_when_finished, tournament_start


def round_pair_next(*, tournament: Tournament, user=None, source: str = "command") -> Round:
    """Pair the next round as the tournament's pairing system does (round robin: FIDE C.05 Annex 1)."""
    return _pair(tournament, remaining=False, user=user, source=source)[0]


def rounds_pair_all(*, tournament: Tournament, user=None, source: str = "command") -> list[Round]:
    """Pair every round not yet paired, so the whole schedule can be printed at the start.

    Only a system with a fixed schedule (``pairs_ahead``) allows it; Swiss pairs round by round.
    """
    return _pair(tournament, remaining=True, user=user, source=source)


def rounds_pair_due(*, tournament: Tournament, user=None, source: str = "command") -> list[Round]:
    """What the desk's one button pairs: the rest of a fixed schedule, else the next round."""
    return _pair(tournament, remaining=None, user=user, source=source)


@write_service
def _pair(tournament: Tournament, *, remaining: bool | None, user, source) -> list[Round]:
    """Pairing starts the tournament: from the first pairing on the rosters are locked.

    ``remaining``: every remaining round (True), the next one (False), or as the system allows (None).
    """
    lot = _lot(tournament)  # drawn once, so what was paired ahead is taken under the lock
    ahead = _paired_ahead(tournament, remaining=remaining, lot=lot)
    with transaction.atomic():
        tournament = lock_tournament(tournament.pk)
        refuse_when_finished(tournament)
        teams, system = _schedule(tournament)
        if remaining is None:
            remaining = system.pairs_ahead
        if remaining and not system.pairs_ahead:
            raise RuleViolation(gettext_noop("this pairing system pairs one round at a time."), field="round")
        count = planned_rounds(tournament=tournament, teams=teams)
        first = tournament.rounds.filter(kind=Round.Kind.REGULAR).count() + 1
        if first > count:
            raise system.all_paired_refusal(count)
        complete = {} if system.pairs_ahead else _complete_rounds(tournament)
        if refusal := system.pairing_refusal(first, complete):
            raise refusal
        tournament_start(tournament=tournament, user=user, source=source)
        last = count if remaining else first
        rounds = []
        for number in range(first, last + 1):
            if system.reads_history:  # a system pairing from the standings and the rounds so far
                to_pair = round_to_pair(tournament=tournament, number=number, lot=lot)
            else:
                to_pair = RoundToPair(number=number, teams=teams)
            paired = ahead[1] if ahead and ahead[0] == to_pair else system.pair_encounters(to_pair)
            round_ = _create_round(
                tournament,
                number,
                paired.encounters,
                user=user,
                source=source,
                engine=paired.engine,
                reviewed=system.pairings_reviewed,
                repeats=paired.repeats,
                lot=paired.lot,
            )
            if system.pairings_reviewed:
                round_pairing_check_later(round_=round_)
            rounds.append(round_)
        return rounds


def _lot(tournament: Tournament) -> int | None:
    """A lot for seating tables where the first mover is drawn by lot (Schach4 "Der Spielbeginn");
    a system that seats tables with it says so (``Encounters.lot``), and the round stores it, so
    the seating can be told and repeated."""
    return secrets.randbelow(2**31) if tournament.first_mover == FirstMover.LOT else None


def _paired_ahead(
    tournament: Tournament, *, remaining: bool | None, lot: int | None
) -> tuple[RoundToPair, Encounters] | None:
    """A system pairing from the standings (a Swiss) may take minutes at hundreds of teams: its
    engine runs here, before the tournament row is locked, so results, byes and every other write
    go on meanwhile (issue 27 item 8). Returns what it read and its answer; under the lock the
    pairing reads again and takes the answer only if what it reads is unchanged, else pairs anew.
    None where there is nothing to pair ahead (the pairing under the lock then says why)."""
    try:
        teams, system = _schedule(tournament)
        if remaining or system.pairs_ahead or not system.reads_history:
            return None
        number = tournament.rounds.filter(kind=Round.Kind.REGULAR).count() + 1
        if number > planned_rounds(tournament=tournament, teams=teams) or system.pairing_refusal(
            number, _complete_rounds(tournament)
        ):
            return None
        to_pair = round_to_pair(tournament=tournament, number=number, lot=lot)
        return to_pair, system.pair_encounters(to_pair)
    except RuleViolation:
        return None


def _complete_rounds(tournament: Tournament) -> dict[int, bool]:
    """Per regular round, whether every encounter has its result (what a system pairing from the
    standings waits for)."""
    return match_records(tournament=tournament).complete


def _schedule(tournament: Tournament) -> tuple[int, PairingStrategy]:
    """The number of teams and the system, once the seeds are checked to be starting ranks."""
    system = tournament_pairing_system(tournament)
    seeds = sorted(tournament.teams.values_list("seed", flat=True))
    if len(seeds) < 2:
        raise RuleViolation(gettext_noop("a round robin needs at least two teams."), field="teams")
    if seeds != list(range(1, len(seeds) + 1)):
        raise RuleViolation(
            gettext_noop("seeds must be 1 to %(count)d without gaps: they are the starting ranks."),
            field="seed",
            count=len(seeds),
        )
    return len(seeds), system


def _create_round(
    tournament: Tournament,
    number: int,
    encounters,
    *,
    user,
    source,
    kind=Round.Kind.REGULAR,
    engine: str = "",
    reviewed: bool = False,
    repeats: int | None = None,
    lot: int | None = None,
) -> Round:
    """Create the round with default lineups: each team's registered players on their boards.

    ``encounters``: seeds per encounter, first-named first (a pair, ``(seed, None)`` or a lone
    seed for a bye, or a table of entrants in seat order). The discipline plans who sits where
    (a board of two seats per rank, or one table of seats, issue 15). With double rounds every
    pair gets a second leg at the same table, the other team named first (so colours swapped,
    ``return_leg_pattern``); play-off rounds have one
    leg, as Blitz §16 prescribes its matches itself. An empty seat is a forfeit on that board,
    or of the whole match where a match has one result (Tandem §1.3). A team withdrawn before
    this round fields nobody. Pairings the director reviews first (a Swiss) stay off the public
    pages until published; the engine that paired the round is recorded with it, and where
    entrants are grouped into tables how many pairs share a table again (issue 15).
    """
    teams = {team.seed: team for team in tournament.teams.prefetch_related("players")}
    discipline = tournament.discipline_rules
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=kind,
        pairing_engine=engine,
        pairings_published_at=None if reviewed else timezone.now(),
        table_repeats=repeats,
        first_mover_lot=lot,
    )
    encounters = _byes_last([tuple(seed for seed in seeds if seed is not None) for seeds in encounters])
    plans = []
    for table, seeds in enumerate(encounters, start=1):
        for leg in legs(tournament.double_rounds and kind == Round.Kind.REGULAR):
            # The return leg names the other team first (return_leg_pattern): colours swapped.
            sides = tuple(teams[seed] for seed in (seeds if leg == 1 else seeds[::-1]))
            lineups = [_default_players(team, tournament.boards, number) for team in sides] if len(sides) > 1 else []
            implied = discipline.implied_results(_presence(lineups))
            plans.append(
                EncounterPlan(
                    match=Match(round=round_, table=table, leg=leg, result=implied.match),
                    teams=sides,
                    games=planned_games(
                        discipline, pattern=tournament.colour_pattern, lineups=lineups, results=implied.boards
                    ),
                )
            )
    encounters_create(plans=plans)
    audit_record(
        tournament=tournament,
        action=AuditEntry.Action.PAIRING,
        target=round_target(round_, str(round_)),
        value_type=AuditEntry.ValueType.PAIRING,
        new=[list(seeds) if len(seeds) > 1 else [seeds[0], None] for seeds in encounters],
        user=user,
        source=source,
    )
    public_changed(tournament_id=tournament.pk)
    return round_


def round_results(round_: Round) -> dict[str, str]:
    """Every result the round holds, by where it stands: a board's ("T1 B2"), a match's one result
    (Tandem §1.3, Vierer: "T1") and a table's finishing order (Schach4, places per side: "T1")."""
    results = {}
    for match in round_.matches.with_sides().prefetch_related("boards").order_by("table", "leg"):
        where = f"T{match.table}" + (f" L{match.leg}" if match.leg > 1 else "")
        results |= {f"{where} B{board.board}": board.result for board in match.boards.all() if board.result}
        places = [side.place for side in sorted(match.sides.all(), key=lambda side: side.position)]
        if match.result or any(place is not None for place in places):
            results[where] = match.result or " ".join("-" if place is None else str(place) for place in places)
    return results


def _byes_last(encounters: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Real encounters keep their order; a bye goes last, where TDs list it."""
    return [seeds for seeds in encounters if len(seeds) > 1] + [seeds for seeds in encounters if len(seeds) == 1]


def _presence(lineups) -> list[tuple[bool, ...]]:
    """Per rank, whether each side fields a player there: what empty seats imply."""
    return [tuple(player is not None for player in rank) for rank in zip(*lineups)] if len(lineups) == 2 else []


def _default_players(team, boards: int, round_number: int):
    if team.withdrawn_from_round is not None and round_number >= team.withdrawn_from_round:
        return [None] * boards
    by_position = {player.position: player for player in team.players.all()}
    return [by_position.get(position) if position else None for position in default_lineup(len(by_position), boards)]


@write_service
def round_unpair(*, round_: Round, delete_results: bool = False, user=None, source: str = "command") -> None:
    """Delete the last round's pairings so it can be paired again.

    Results are official records: a round that has any is refused unless the director explicitly
    asks to delete them, and then every deleted result is listed in the audit trail.
    """
    with transaction.atomic():
        tournament = lock_tournament(round_.tournament_id, mode=EXCLUSIVE)  # deletes a round: every writer waits
        round_ = Round.objects.get(pk=round_.pk)
        last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
        if round_.number != last:
            raise RuleViolation(
                gettext_noop("only the last paired round (round %(last)d) can be paired again."),
                field="round",
                last=last,
            )
        if round_.published_at is not None:
            raise RuleViolation(gettext_noop("unpublish the round before pairing it again."), field="round")
        results = round_results(round_)
        if results and not delete_results:
            raise RuleViolation(
                gettext_noop(
                    "round %(number)d already has %(count)d result; delete it explicitly to pair the round again."
                ),
                plural=gettext_noop(
                    "round %(number)d already has %(count)d results; delete them explicitly to pair it again."
                ),
                field="delete_results",
                number=round_.number,
                count=len(results),
            )
        pairs = [
            [m.first_team.seed, m.second_team.seed if m.second_team else None] for m in round_.matches.with_sides()
        ]
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.PAIRING,
            target=round_target(round_, str(round_)),
            value_type=AuditEntry.ValueType.UNPAIRING,
            old={"pairs": pairs, "results": results},
            new=None,
            user=user,
            source=source,
        )
        public_changed(tournament_id=tournament.pk)
        round_.delete()
