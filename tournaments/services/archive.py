import json
from collections import defaultdict
from datetime import date, datetime, time
from functools import cache

import jsonschema_rs
from django.db import transaction
from django.utils import timezone
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from tournaments.archive import DESK_KEYS, FORMAT, VERSIONS, validation_schema
from tournaments.archive.settings import given_settings
from tournaments.archive.upgrade import v1_to_v2
from tournaments.domain.colours import return_leg_pattern
from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.hall_screen import DEFAULT_PANELS, DEFAULT_SECONDS, checked_screen
from tournaments.domain.moments import moment_in_range
from tournaments.domain.seats import PlacedSeat, finishing_order_violation
from tournaments.domain.text import storable
from tournaments.layouts import layout_of
from tournaments.models import (
    AuditEntry,
    BoardGame,
    Incident,
    Match,
    MatchSide,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from tournaments.selectors.schedule import planned_rounds

from .archive_encounters import archive_team
from .audit import AuditTarget, Target, audit_record
from .encounters import encounters_create
from .incidents import side_seat
from .teams import teams_create
from .tournaments import tournament_create

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024


IMPORT_STAGES = ("checking", "teams", "rounds", "incidents")  # what ``progress`` is told, in order


def tournament_import(
    *, archive: dict | str | bytes, user=None, source: str = "import", progress=None, team_ids=None
) -> Tournament:
    """Create a new tournament from an archive (docs/archive.md), all or nothing.

    ``team_ids`` maps team names to the ids they keep (a mirror replaced by a newer push keeps its
    teams' pages at their addresses); the other teams get new ones.

    Every problem is reported with its place (``round 3, table 2, board 4: …``) and the rule,
    and nothing is written unless the whole archive is valid. ``progress(stage)``, if given, is
    called as each of IMPORT_STAGES begins (a queued import shows it: services/archive_jobs.py).
    """
    progress = progress or (lambda stage: None)
    progress("checking")
    data = archive_validated(archive_load(archive))
    with transaction.atomic():
        tournament = _create_tournament(data, user=user, source=source)
        progress("teams")
        teams = _create_teams(tournament, data["teams"], ids=team_ids or {}, user=user, source=source)
        progress("rounds")
        _create_rounds(tournament, teams, data.get("rounds", []))
        _create_rounds(tournament, teams, data.get("playoffs", []), playoff_after=len(data.get("rounds", [])))
        _set_withdrawals_and_lots(tournament, teams, data)
        progress("incidents")
        _create_incidents(tournament, data.get("incidents", []))
        status = data["tournament"].get("status") or (
            Tournament.Status.RUNNING if data.get("rounds") else Tournament.Status.REGISTRATION
        )
        Tournament.objects.filter(pk=tournament.pk).update(status=status, **_desk(data["tournament"].get("desk", {})))
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.REGISTRATION:
            tournament.planned_rounds = planned_rounds(tournament=tournament, teams=len(teams))
            tournament.save(update_fields=["planned_rounds"])
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.IMPORT,
            target=AuditTarget(Target.TOURNAMENT, tournament.name),
            value_type=AuditEntry.ValueType.IMPORT,
            new={"teams": len(teams), "rounds": len(data.get("rounds", []))},
            user=user,
            source=source,
        )
        return tournament


def archive_size_check(size: int) -> None:
    """Refuse an archive by its size alone, before anyone reads or parses it."""
    if size > MAX_ARCHIVE_BYTES:
        raise RuleViolation(
            gettext_noop("the file is larger than %(max)d MB."), field="archive", max=MAX_ARCHIVE_BYTES // 2**20
        )


def archive_load(archive) -> dict:
    """The archive's JSON as a dict (refused if too large or not JSON); not yet checked against the format."""
    if isinstance(archive, dict):
        return archive
    archive_size_check(len(archive))
    try:
        return json.loads(archive)
    except (ValueError, RecursionError) as error:
        raise RuleViolation(
            gettext_noop("not valid JSON: %(error)s"), field="archive", error=str(error)[:200]
        ) from None


def archive_validated(data) -> dict:
    """The archive as version 2, checked against its own version's schema first."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation(
            gettext_noop("not an Arbiter tournament archive (format “%(format)s”)."), field="format", format=FORMAT
        )
    version = data.get("version")
    if isinstance(version, bool) or version not in VERSIONS:
        raise RuleViolation(
            gettext_noop("archive version %(version)s is not supported."), field="version", version=version
        )
    _storable_strings(data)
    _validate_shape(data, version)
    return v1_to_v2(data) if version == 1 else data


def _validate_shape(data: dict, version: int) -> None:
    """A valid archive passes one compiled check (jsonschema_rs: 0.08 ms against jsonschema's
    5.7 ms of CPU for an archive of four teams); only one it refuses is judged again by
    jsonschema, whose best error names the field and the rule as before. What the compiled check
    passes, jsonschema passes too (tests/test_archive_validation_schema.py)."""
    if _compiled(version).is_valid(data):
        return
    try:
        error = best_match(Draft202012Validator(validation_schema(version)).iter_errors(data))
    except RecursionError:
        raise RuleViolation(gettext_noop("the archive is nested too deeply."), field="archive") from None
    if error is not None:
        raise RuleViolation(
            gettext_noop("%(problem)s"), field=_json_path(error.absolute_path), problem=error.message[:300]
        )


@cache
def _compiled(version: int) -> jsonschema_rs.Draft202012Validator:
    return jsonschema_rs.Draft202012Validator(validation_schema(version))


def _storable_strings(data) -> None:
    """Every string of the archive, keys included, must be storable (domain/text.py), named by its path."""
    stack = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            storable(value, field=_json_path(path))
        elif isinstance(value, dict):
            for key, item in value.items():
                storable(key, field=_json_path(path))
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))


def _json_path(parts) -> str:
    path = ""
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "archive"


def _create_tournament(data: dict, *, user, source) -> Tournament:
    fields = data["tournament"]
    preset = fields.get("preset", "blitz-frankenwald")
    try:
        overrides = given_settings(data)  # boards as the lineup size; before table byes, their old score
        return tournament_create(
            name=fields["name"], preset=preset, slug=fields.get("slug"), user=user, source=source, **overrides
        )
    except RuleViolation as error:
        error.field = f"tournament.{error.field}"
        raise


def _desk(desk: dict) -> dict:
    """The desk's workflow settings the archive gives (the rest keep their defaults), checked as
    the desk checks them."""
    values = {key: desk[key] for key in DESK_KEYS if key in desk}
    if "screen_panels" in values or "screen_seconds" in values:
        try:
            values["screen_panels"], values["screen_seconds"] = checked_screen(
                values.get("screen_panels", DEFAULT_PANELS), values.get("screen_seconds", DEFAULT_SECONDS)
            )
        except RuleViolations as error:
            for each in error.violations:
                each.field = f"tournament.desk.{each.field}"
            error.field = error.violations[0].field
            raise
    return values


def _create_teams(tournament: Tournament, teams: list[dict], *, ids: dict, user, source) -> dict:
    created = teams_create(
        tournament=tournament,
        teams=[
            {
                "name": team["name"],
                "short_name": team.get("short_name", ""),
                "seed": team.get("seed", index + 1),
                "players": team["players"],
                "pk": ids.get(team["name"]),
            }
            for index, team in enumerate(teams)
        ],
        user=user,
        source=source,
    )
    rosters = defaultdict(dict)
    for player in Player.objects.filter(team__tournament=tournament):
        rosters[player.team_id][player.name] = player
    return {data["name"]: (team, rosters[team.pk]) for data, team in zip(teams, created)}


def _create_rounds(
    tournament: Tournament, teams: dict, rounds: list[dict], *, playoff_after: int | None = None
) -> None:
    """Regular rounds are numbered 1, 2, 3 …; play-off rounds (Blitz §16) on after the last of them."""
    first = 1 if playoff_after is None else playoff_after + 1
    numbers = [r["number"] for r in rounds]
    if numbers != list(range(first, first + len(rounds))):
        if playoff_after is not None:
            raise RuleViolation(
                gettext_noop("play-off rounds must be numbered on from the last round: %(first)d, %(next)d …"),
                field="playoffs",
                first=first,
                next=first + 1,
            )
        raise RuleViolation(gettext_noop("rounds must be numbered 1, 2, 3 … in order, without gaps."), field="rounds")
    kind = Round.Kind.REGULAR if playoff_after is None else Round.Kind.PLAYOFF
    plans = []
    for round_data in rounds:
        published_at = _moment(round_data, "published_at")
        round_ = Round.objects.create(
            tournament=tournament,
            number=round_data["number"],
            published_at=published_at,
            pairings_published_at=_moment(round_data, "pairings_published_at") or published_at,
            kind=kind,
            **_schedule(round_data),
        )
        seen_tables, seen_teams = set(), set()
        first_named = {  # each table's first-named entrant in leg 1
            data["table"]: data["sides"][0]["entrant"]
            for data in round_data["encounters"]
            if data.get("leg", 1) == 1 and data["sides"]
        }
        for match_data in round_data["encounters"]:
            leg = match_data.get("leg", 1)
            place = f"round {round_.number}, table {match_data['table']}" + (f", leg {leg}" if leg != 1 else "")
            if leg != 1 and not tournament.double_rounds:
                raise RuleViolation(gettext_noop("only a tournament with double rounds has a second leg."), field=place)
            if leg != 1 and kind == Round.Kind.PLAYOFF:
                raise RuleViolation(
                    gettext_noop("a play-off match has one leg; Blitz §16 prescribes its matches itself."), field=place
                )
            if (match_data["table"], leg) in seen_tables:
                raise RuleViolation(gettext_noop("this table appears twice in the round."), field=place)
            seen_tables.add((match_data["table"], leg))
            _check_finishing_orders(match_data, place, tournament.discipline_rules)
            reader = layout_of(tournament.discipline_rules).archive_encounter
            pattern = tournament.colour_pattern
            if leg == 2 and match_data["sides"]:
                # An archive names the other team first in the return leg; one written before
                # (or a return leg without its first) names the same team, colours swapped.
                entrant = match_data["sides"][0]["entrant"]
                again = first_named.get(match_data["table"], entrant) == entrant
                pattern = return_leg_pattern(pattern, first_named_again=again)
            plans.append(
                reader(
                    tournament,
                    teams,
                    Match(round=round_, table=match_data["table"], leg=leg),
                    match_data,
                    place,
                    seen_teams,
                    pattern,
                )
            )
    encounters_create(plans=plans)


def _set_withdrawals_and_lots(tournament: Tournament, teams: dict, data: dict) -> None:
    for team_data in data["teams"]:
        if team_data.get("withdrawn_from_round") is not None:
            team, _ = teams[team_data["name"]]
            team.withdrawn_from_round = team_data["withdrawn_from_round"]
            team.save(update_fields=["withdrawn_from_round"])
    _create_requested_byes(tournament, teams, data["teams"])
    lots = data["tournament"].get("playoff_lots") or []
    if lots:
        tournament.playoff_lots = [archive_team(teams, name, "tournament.playoff_lots")[0].pk for name in lots]
        tournament.save(update_fields=["playoff_lots"])


def _create_requested_byes(tournament: Tournament, teams: dict, teams_data: list[dict]) -> None:
    """Each team's ``byes`` (TRF 240) as recorded; a round listed twice, or one in which the team
    has an encounter, is refused."""
    if not any(team_data.get("byes") for team_data in teams_data):
        return
    paired = set(
        MatchSide.objects.filter(
            match__round__tournament=tournament, match__round__kind=Round.Kind.REGULAR
        ).values_list("team_id", "match__round__number")
    )
    byes = []
    for index, team_data in enumerate(teams_data):
        team, seen = teams[team_data["name"]][0], set()
        for position, bye in enumerate(team_data.get("byes", ())):
            if bye["round"] in seen or (team.pk, bye["round"]) in paired:
                raise RuleViolation(
                    gettext_noop(
                        "round %(round)d: the team already has a bye or an encounter there; a team has one a round."
                    ),
                    field=f"teams[{index}].byes[{position}].round",
                    round=bye["round"],
                )
            seen.add(bye["round"])
            byes.append(
                RequestedBye(
                    tournament=tournament,
                    team=team,
                    round_number=bye["round"],
                    kind=bye["kind"],
                    late_entry=bye.get("late_entry", False),
                )
            )
    RequestedBye.objects.bulk_create(byes)


def _create_incidents(tournament: Tournament, incidents: list[dict]) -> None:
    """The incident log as recorded: proposals and decisions stay as they were made back then."""
    if not incidents:
        return
    boards = {
        (b.match.round.number, b.match.table, b.match.leg, b.board): b
        for b in BoardGame.objects.filter(match__round__tournament=tournament)
        .select_related("match__round")
        .prefetch_related("seats__side")
    }
    created = []
    for index, data in enumerate(incidents):
        place = f"incidents[{index}]"
        leg = data.get("leg", 1)
        board = boards.get((data["round"], data["table"], leg, data["board"]))
        if board is None:
            raise RuleViolation(
                gettext_noop("round %(round)d, table %(table)d has no board %(board)d.")
                if leg == 1
                else gettext_noop("round %(round)d, table %(table)d, leg %(leg)d has no board %(board)d."),
                field=place,
                round=data["round"],
                table=data["table"],
                leg=leg,
                board=data["board"],
            )
        created.append(
            Incident(
                match=board.match,
                board=board.board,
                side=data["side"],
                player_id=side_seat(board, data["side"]).player_id,
                kind=data["kind"],
                occurred_at=_occurred_at(data.get("occurred_at"), place),
                note=data.get("note", ""),
                opponent_flag_fell=data.get("opponent_flag_fell", False),
                claimed_in_time=data.get("claimed_in_time"),
                proposed_penalty=data.get("proposed_penalty") or "",
                rule=data.get("rule", ""),
                decided_penalty=data.get("decided_penalty") or "",
                override_reason=data.get("override_reason", ""),
            )
        )
    Incident.objects.bulk_create(created)


def _occurred_at(text, place: str):
    return _aware(text, f"{place}.occurred_at") if text else timezone.now()


def _check_finishing_orders(encounter: dict, place: str, discipline) -> None:
    """A game given as a finishing order (a table of several sides) must be a possible one.

    Checked before anything refuses the encounter for this tournament, so an archive of a
    table game learns what is wrong with it, seat by seat (``tournaments.domain.seats``). Where
    the table's form makes partners of entrants (Schach4 V2: seats 1 + 3 one side), the places
    are those of the form's sides, which the partners share.
    """
    for game in encounter.get("games", []):
        seats = game["seats"]
        if all(seat.get("place") is None for seat in seats):
            continue
        sides, side_of = len(encounter["sides"]), [seat["side"] for seat in seats]
        form = _table_form(discipline, len(seats))
        if form is not None and form.size == len(seats):
            sides, side_of = len(form.sides), [form.side_of(position) + 1 for position in range(1, len(seats) + 1)]
        placed = [PlacedSeat(side, seat["player"] is not None, seat.get("place")) for side, seat in zip(side_of, seats)]
        problem = finishing_order_violation(placed, sides=sides)
        if problem is not None:
            problem.field = f"{place}, board {game['board']}, {problem.field}"
            raise problem


def _table_form(discipline, players: int):
    """The form a table of ``players`` plays, or None (boards; no such form: refused later)."""
    try:
        return discipline.form(players)
    except RuleViolation:
        return None


def _schedule(round_data) -> dict:
    """A round's ``date`` (YYYY-MM-DD) and ``start_time`` (HH:MM), both optional (added
    compatibly to version 2: TRF-2026 record 132, the DWZ report)."""
    place = f"round {round_data['number']}"
    try:
        day = date.fromisoformat(round_data["date"]) if round_data.get("date") else None
    except ValueError:
        raise RuleViolation(gettext_noop("not a date (YYYY-MM-DD)."), field=f"{place}, date") from None
    try:
        start = time.fromisoformat(round_data["start_time"]) if round_data.get("start_time") else None
    except ValueError:
        raise RuleViolation(gettext_noop("not a time of day (HH:MM)."), field=f"{place}, start_time") from None
    if start is not None and day is None:
        raise RuleViolation(gettext_noop("a start time needs the round's date."), field=f"{place}, start_time")
    deadline = round_data.get("lineup_deadline")  # issue 30, added compatibly like the date
    return {
        "date": moment_in_range(day, field=f"{place}, date"),
        "start_time": start,
        "lineup_deadline": _aware(deadline, f"{place}, lineup_deadline") if deadline else None,
        # the lot that seated the tables (Schach4 "Der Spielbeginn"), so the seat cards still say so
        "first_mover_lot": round_data.get("seating_lot"),
    }


def _moment(round_data, key: str):
    text = round_data.get(key)
    return _aware(text, f"round {round_data['number']}, {key}") if text else None


def _aware(text: str, field: str) -> datetime:
    """An ISO 8601 date and time within the accepted range (domain/moments.py), local if naive."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise RuleViolation(gettext_noop("not a date and time (ISO 8601)."), field=field) from None
    moment = moment_in_range(moment, field=field)
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment
