import json
from collections import defaultdict
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from tournaments.archive import FORMAT, VERSIONS, validation_schema
from tournaments.archive.upgrade import v1_to_v2
from tournaments.domain.colours import board_colours, return_leg_pattern
from tournaments.domain.encounter import EncounterState, GameState, ResultEntry, SeatState
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import lineup_violations
from tournaments.domain.moments import moment_in_range
from tournaments.domain.rule_set import SETTINGS
from tournaments.domain.seats import PlacedSeat, finishing_order_violation, result_of_seats
from tournaments.domain.text import storable
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

from .audit import AuditTarget, Target, audit_record
from .encounters import EncounterPlan, GamePlan, encounters_create, two_seat_games
from .incidents import side_seat
from .teams import teams_create
from .tournaments import tournament_create

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024


IMPORT_STAGES = ("checking", "teams", "rounds", "incidents")  # what ``progress`` is told, in order


def tournament_import(*, archive: dict | str | bytes, user=None, source: str = "import", progress=None) -> Tournament:
    """Create a new tournament from an archive (docs/archive.md), all or nothing.

    Every problem is reported with its place (``round 3, table 2, board 4: …``) and the rule,
    and nothing is written unless the whole archive is valid. ``progress(stage)``, if given, is
    called as each of IMPORT_STAGES begins (a queued import shows it: services/archive_jobs.py).
    """
    progress = progress or (lambda stage: None)
    progress("checking")
    data = _validated(archive_load(archive))
    with transaction.atomic():
        tournament = _create_tournament(data["tournament"], user=user, source=source)
        progress("teams")
        teams = _create_teams(tournament, data["teams"], user=user, source=source)
        progress("rounds")
        _create_rounds(tournament, teams, data.get("rounds", []))
        _create_rounds(tournament, teams, data.get("playoffs", []), playoff_after=len(data.get("rounds", [])))
        _set_withdrawals_and_lots(tournament, teams, data)
        progress("incidents")
        _create_incidents(tournament, data.get("incidents", []))
        status = data["tournament"].get("status") or (
            Tournament.Status.RUNNING if data.get("rounds") else Tournament.Status.REGISTRATION
        )
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
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


def _validated(data) -> dict:
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
    try:
        error = best_match(Draft202012Validator(validation_schema(version)).iter_errors(data))
    except RecursionError:
        raise RuleViolation(gettext_noop("the archive is nested too deeply."), field="archive") from None
    if error is not None:
        raise RuleViolation(
            gettext_noop("%(problem)s"), field=_json_path(error.absolute_path), problem=error.message[:300]
        )


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


def _create_tournament(fields: dict, *, user, source) -> Tournament:
    overrides = {key: fields[key] for key in SETTINGS if key in fields}
    try:
        return tournament_create(
            name=fields["name"],
            preset=fields.get("preset", "blitz-frankenwald"),
            slug=fields.get("slug"),
            user=user,
            source=source,
            **overrides,
        )
    except RuleViolation as error:
        error.field = f"tournament.{error.field}"
        raise


def _create_teams(tournament: Tournament, teams: list[dict], *, user, source) -> dict:
    created = teams_create(
        tournament=tournament,
        teams=[
            {
                "name": team["name"],
                "short_name": team.get("short_name", ""),
                "seed": team.get("seed", index + 1),
                "players": team["players"],
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
        round_ = Round.objects.create(
            tournament=tournament, number=round_data["number"], published_at=_moment(round_data), kind=kind
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
            _check_finishing_orders(match_data, place)
            reader = _ENCOUNTER_READERS[tournament.discipline_rules.layout]
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


def _sides(teams: dict, match_data: dict, leg: int, place: str, seen_teams: set) -> list:
    """The encounter's teams with their rosters, each at most once per round (and leg)."""
    found = []
    for index, side in enumerate(match_data["sides"]):
        label = ("first", "second")[index] if index < 2 else f"side {index + 1}"
        team, roster = _team(teams, side["entrant"], f"{place}, {label}")
        if (team.pk, leg) in seen_teams:
            raise RuleViolation(gettext_noop("“%(team)s” plays twice in this round."), field=place, team=team.name)
        seen_teams.add((team.pk, leg))
        found.append((team, roster))
    return found


def _board_encounter(tournament, teams, match, match_data, place, seen_teams, pattern) -> EncounterPlan:
    """A match of two teams on boards of two seats (or a bye), the first team's colours by ``pattern``."""
    sides = match_data["sides"]
    if len(sides) > 2:
        raise RuleViolation(
            gettext_noop("an encounter of this tournament is a match of two teams, not of %(sides)d sides."),
            field=f"{place}, sides",
            sides=len(sides),
        )
    found = _sides(teams, match_data, match.leg, place, seen_teams)
    if len(found) == 1:
        if match_data.get("games"):
            raise RuleViolation(gettext_noop("a bye has no boards."), field=place)
        return EncounterPlan(match=match, teams=(found[0][0],))
    (first, first_roster), (second, second_roster) = found
    games = _games(
        match_data.get("games", []), first_roster, second_roster, tournament.lineup_rules, place, tournament, pattern
    )
    _match_result(match, match_data, games, tournament, place)
    return EncounterPlan(match=match, teams=(first, second), games=games)


def _table_encounter(tournament, teams, match, match_data, place, seen_teams, pattern) -> EncounterPlan:
    """One game at one table (four-player chess, issue 15): its seats as the discipline plans them
    for this many sides (Vierer §1, §4: colours and sides; Schach4: the table's form), each seat's
    player from its side's roster or null, and the finishing order's places on the sides."""
    found = _sides(teams, match_data, match.leg, place, seen_teams)
    if len(found) == 1:
        if match_data.get("games"):
            raise RuleViolation(gettext_noop("a bye has no boards."), field=place)
        return EncounterPlan(match=match, teams=(found[0][0],))
    discipline = tournament.discipline_rules
    try:
        (planned,) = discipline.games(pattern, sides=len(found))
    except RuleViolation as error:
        error.field = f"{place}, sides"
        raise
    games = match_data.get("games", [])
    if len(games) > 1 or (games and games[0]["board"] != 1):
        raise RuleViolation(
            gettext_noop("an encounter here is one game at one table: board 1."), field=f"{place}, games"
        )
    seats = games[0]["seats"] if games else []
    if seats and [seat["side"] for seat in seats] != [s.side + 1 for s in planned.seats]:
        raise RuleViolation(
            gettext_noop("the seats here belong to sides %(sides)s, in seat order."),
            field=f"{place}, board 1, seats",
            rule=discipline.seat_rule,
            sides=", ".join(str(s.side + 1) for s in planned.seats),
        )
    players, places = [], {}
    for index, plan in enumerate(planned.seats):
        team, roster = found[plan.side]
        by_position = {p.position: p for p in roster.values()}
        data = seats[index] if seats else {}
        if data.get("colour", plan.colour) != plan.colour:
            raise RuleViolation(
                gettext_noop("this seat plays %(colour)s here (the tournament's colour pattern), not %(given)s."),
                field=f"{place}, board 1, seats[{index}].colour",
                colour=plan.colour or "–",
                given=data["colour"],
            )
        if "player" not in data:
            players.append(by_position.get(plan.rank))
        elif data["player"] is None:
            players.append(None)
        elif data["player"] in roster:
            players.append(roster[data["player"]])
        else:
            raise RuleViolation(
                gettext_noop("“%(player)s” is not on this team's roster."),
                field=f"{place}, board 1, seats[{index}].player",
                player=data["player"],
            )
        if data.get("place") is not None:
            places[plan.side] = 0 if data["player"] is None else data["place"]
    _table_lineups_check(tournament, found, planned.seats, players, place)
    if places and (refusal := discipline.places_entry_refusal(field=f"{place}, board 1, seats")):
        raise refusal
    game = GamePlan(
        board=1,
        players=tuple(players),
        colours=tuple(s.colour for s in planned.seats),
        sides=tuple(s.side + 1 for s in planned.seats),
    )
    if places:  # checked as the desk's places are, against the form the table plays
        typed = " ".join(
            "-" if player is None else str(places[plan.side]) for player, plan in zip(players, planned.seats)
        )
        try:
            discipline.written(ResultEntry(places=typed), planned_encounter((game,), sides=len(found)))
        except RuleViolation as error:
            error.field = f"{place}, board 1, {error.field}"
            raise
    if not places and len(found) == 2:  # a match with one result (Viererschach); a table's result is its places
        _match_result(match, match_data, (game,), tournament, place)
    return EncounterPlan(
        match=match,
        teams=tuple(team for team, _ in found),
        games=(game,),
        places=tuple(places.get(index) for index in range(len(found))),
    )


def _table_lineups_check(tournament, found, planned_seats, players, place) -> None:
    """Each side's seats at the table, by rank, as a lineup the lineup service would accept (one
    player on one seat, Vierer §1): never one player twice with the partner dropped."""
    for side, (_team, roster) in enumerate(found):
        ranked = sorted((plan.rank, player) for plan, player in zip(planned_seats, players) if plan.side == side)
        lineup = [player.position if player else None for _rank, player in ranked]
        problems = lineup_violations(lineup, roster_size=len(roster), rules=tournament.lineup_rules)
        if problems:
            problems[0].field = f"{place}, side {side + 1}, {problems[0].field}"
            raise problems[0]


_ENCOUNTER_READERS = {"boards": _board_encounter, "table": _table_encounter}


def _set_withdrawals_and_lots(tournament: Tournament, teams: dict, data: dict) -> None:
    for team_data in data["teams"]:
        if team_data.get("withdrawn_from_round") is not None:
            team, _ = teams[team_data["name"]]
            team.withdrawn_from_round = team_data["withdrawn_from_round"]
            team.save(update_fields=["withdrawn_from_round"])
    _create_requested_byes(tournament, teams, data["teams"])
    lots = data["tournament"].get("playoff_lots") or []
    if lots:
        tournament.playoff_lots = [_team(teams, name, "tournament.playoff_lots")[0].pk for name in lots]
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


def _team(teams: dict, name: str, place: str):
    try:
        return teams[name]
    except KeyError:
        raise RuleViolation(gettext_noop("unknown team “%(team)s”."), field=place, team=name) from None


def _match_result(match: Match, data: dict, games: tuple[GamePlan, ...], tournament: Tournament, place: str) -> None:
    """The one result of a match (Tandem §1.3), set on the unsaved match: validated as the result writer validates it.

    Without one, a match with an empty seat is that team's forfeit, as when it is paired.
    """
    results = [side.get("result") for side in data["sides"]]
    result = result_of_seats(*results, field=f"{place}, result")
    data = {"result": result.value if result else None} | data
    given = {
        key: data.get(key) for key in ("result", "deciding_board", "decided_by") if data.get(key) not in (None, "")
    }
    discipline = tournament.discipline_rules
    if given and discipline.match_entry_refusal(field="result"):
        raise RuleViolation(
            gettext_noop("in this tournament every board has its own result; give the results per board."),
            field=f"{place}, {next(iter(given))}",
        )
    encounter = planned_encounter(games, sides=len(data["sides"]))
    if "result" not in given:
        if given:
            raise RuleViolation(gettext_noop("a deciding board or reason needs a result."), field=f"{place}, result")
        match.result = discipline.implied_results(encounter.presence()).match
        return
    entry = ResultEntry(
        result=given["result"], deciding_board=given.get("deciding_board"), decided_by=given.get("decided_by") or ""
    )
    try:
        written = discipline.written(entry, encounter)
    except RuleViolation as error:
        error.field = f"{place}, {error.field}"
        raise
    match.result, match.deciding_board, match.decided_by = (written.match[key] for key in _MATCH_RESULT)


_MATCH_RESULT = ("result", "deciding_board", "decided_by")


def planned_encounter(games: tuple[GamePlan, ...], *, sides: int) -> EncounterState:
    """The planned encounter as the result writer judges it (``DisciplineRules.written``): who is
    present is decided per side from every seat of that side, as for a stored one."""
    return EncounterState(
        sides=sides,
        games=tuple(
            GameState(
                game.board,
                game.result,
                tuple(
                    SeatState(position, side, player.pk if player else None)
                    for position, (player, side) in enumerate(zip(game.players, game.sides), start=1)
                ),
            )
            for game in games
        ),
    )


def _games(games, first_roster, second_roster, rules, place, tournament, pattern) -> tuple[GamePlan, ...]:
    """Boards of one match: listed boards must be 1..n once each; none listed = default lineup."""
    by_number = {}
    for game in games:
        number = game["board"]
        if number in by_number:
            raise RuleViolation(
                gettext_noop("board %(board)d appears twice; a board has one result."), field=place, board=number
            )
        if number > rules.boards:
            raise RuleViolation(
                gettext_noop("board %(board)d does not exist; this tournament has %(boards)d boards."),
                field=place,
                board=number,
                boards=rules.boards,
            )
        by_number[number] = _two_seats(game, f"{place}, board {number}", pattern)
    if by_number and len(by_number) != rules.boards:
        raise RuleViolation(
            gettext_noop("list all %(boards)d boards of the match, or none."), field=place, boards=rules.boards
        )

    lineups = {}
    for side, roster in (("first", first_roster), ("second", second_roster)):
        by_position = {p.position: p for p in roster.values()}
        players = []
        for number in range(1, rules.boards + 1):
            data = by_number.get(number, {})
            key = f"{side}_player"
            if key not in data:
                players.append(by_position.get(number))
            elif data[key] is None:
                players.append(None)
            elif data[key] in roster:
                players.append(roster[data[key]])
            else:
                raise RuleViolation(
                    gettext_noop("“%(player)s” is not on this team's roster."),
                    field=f"{place}, board {number}, {key}",
                    player=data[key],
                )
        problems = lineup_violations([p.position if p else None for p in players], roster_size=len(roster), rules=rules)
        if problems:
            problems[0].field = f"{place}, {side} team, {problems[0].field}"
            raise problems[0]
        lineups[side] = players

    discipline = tournament.discipline_rules
    seated = list(zip(lineups["first"], lineups["second"]))
    unplayed = two_seat_games(pattern=pattern, seated=seated, results=[""] * len(seated))
    encounter = planned_encounter(unplayed, sides=2)
    results = list(discipline.implied_results(encounter.presence()).boards)
    for number in range(1, len(seated) + 1):
        text = by_number.get(number, {}).get("result")
        if text in (None, ""):
            continue
        if refusal := discipline.board_entry_refusal(field="result"):
            raise RuleViolation(
                gettext_noop("this match has one result for the whole match; give it on the match, not per board."),
                field=f"{place}, board {number}",
                rule=refusal.rule,
            )
        written = discipline.written(
            ResultEntry(board=number, result=text), encounter, field=f"{place}, board {number}"
        )
        results[number - 1] = written.results[number]
    return two_seat_games(pattern=pattern, seated=seated, results=results)


def _check_finishing_orders(encounter: dict, place: str) -> None:
    """A game given as a finishing order (a table of several sides) must be a possible one.

    Checked before anything refuses the encounter for this tournament, so an archive of a
    table game learns what is wrong with it, seat by seat (``tournaments.domain.seats``).
    """
    for game in encounter.get("games", []):
        seats = game["seats"]
        if all(seat.get("place") is None for seat in seats):
            continue
        placed = [PlacedSeat(seat["side"], seat["player"] is not None, seat.get("place")) for seat in seats]
        problem = finishing_order_violation(placed, sides=len(encounter["sides"]))
        if problem is not None:
            problem.field = f"{place}, board {game['board']}, {problem.field}"
            raise problem


def _two_seats(game: dict, place: str, pattern: str) -> dict:
    """A game of two seats, side 1's then side 2's, as its two players and one result."""
    seats = game["seats"]
    if any(seat.get("place") is not None for seat in seats):
        raise RuleViolation(
            gettext_noop("this tournament scores a game by its result, not by a finishing order."),
            field=f"{place}, seats",
        )
    if [seat["side"] for seat in seats] != [1, 2]:
        raise RuleViolation(
            gettext_noop("a game here has two seats: the first team's, then the second team's."),
            field=f"{place}, seats",
        )
    for index, (seat, colour) in enumerate(zip(seats, board_colours(pattern, game["board"]))):
        if seat.get("colour", colour) != colour:
            raise RuleViolation(
                gettext_noop("this seat plays %(colour)s here (the tournament's colour pattern), not %(given)s."),
                field=f"{place}, seats[{index}].colour",
                colour=colour,
                given=seat["colour"],
            )
    result = result_of_seats(seats[0].get("result"), seats[1].get("result"), field=place)
    return {
        "first_player": seats[0]["player"],
        "second_player": seats[1]["player"],
        "result": result.value if result else None,
    }


def _moment(round_data):
    text = round_data.get("published_at")
    return _aware(text, f"round {round_data['number']}, published_at") if text else None


def _aware(text: str, field: str) -> datetime:
    """An ISO 8601 date and time within the accepted range (domain/moments.py), local if naive."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise RuleViolation(gettext_noop("not a date and time (ISO 8601)."), field=field) from None
    moment = moment_in_range(moment, field=field)
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment
