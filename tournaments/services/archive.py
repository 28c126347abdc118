import json
from datetime import date, datetime

from django.db import transaction
from django.utils import timezone
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from tournaments.archive import FORMAT, VERSION, schema
from tournaments.domain.errors import RuleViolation, gettext_noop
from tournaments.domain.lineup import forfeit_for_empty_seats, lineup_violations, result_violation
from tournaments.domain.results import parse_board_result
from tournaments.models import AuditEntry, BoardGame, Match, Round, Tournament

from .audit import audit_record
from .teams import team_create
from .tournaments import tournament_create

MAX_ARCHIVE_BYTES = 20 * 1024 * 1024
RULE_FIELDS = (
    "boards", "colour_pattern", "substitute_boards", "max_substitutes", "board_order", "match_points",
    "bye_scoring", "pairing", "tiebreaks_first", "tiebreaks_other", "playoff_for_first", "venue",
)


def tournament_import(*, archive: dict | str | bytes, user=None, source: str = "import") -> Tournament:
    """Create a new tournament from an archive (docs/archive.md), all or nothing.

    Every problem is reported with its place (``round 3, table 2, board 4: …``) and the rule,
    and nothing is written unless the whole archive is valid.
    """
    data = _load(archive)
    _validate_shape(data)
    with transaction.atomic():
        tournament = _create_tournament(data["tournament"], user=user, source=source)
        teams = _create_teams(tournament, data["teams"], user=user, source=source)
        _create_rounds(tournament, teams, data.get("rounds", []))
        status = data["tournament"].get("status") or (
            Tournament.Status.RUNNING if data.get("rounds") else Tournament.Status.REGISTRATION
        )
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.refresh_from_db()
        audit_record(
            tournament=tournament,
            action=AuditEntry.Action.IMPORT,
            target=tournament.name,
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


def _load(archive) -> dict:
    if isinstance(archive, dict):
        return archive
    archive_size_check(len(archive))
    try:
        return json.loads(archive)
    except (ValueError, RecursionError) as error:
        raise RuleViolation(gettext_noop("not valid JSON: %(error)s"), field="archive", error=str(error)[:200]) from None


def _validate_shape(data) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleViolation(gettext_noop("not an Arbiter tournament archive (format “%(format)s”)."), field="format", format=FORMAT)
    if data.get("version") != VERSION:
        raise RuleViolation(gettext_noop("archive version %(version)s is not supported."), field="version", version=data.get("version"))
    try:
        error = best_match(Draft202012Validator(schema()).iter_errors(data))
    except RecursionError:
        raise RuleViolation(gettext_noop("the archive is nested too deeply."), field="archive") from None
    if error is not None:
        raise RuleViolation(
            gettext_noop("%(problem)s"), field=_json_path(error.absolute_path), problem=error.message[:300]
        )


def _json_path(parts) -> str:
    path = ""
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "archive"


def _create_tournament(fields: dict, *, user, source) -> Tournament:
    overrides = {key: fields[key] for key in RULE_FIELDS if key in fields}
    if fields.get("start_date"):
        try:
            overrides["start_date"] = date.fromisoformat(fields["start_date"])
        except ValueError:
            raise RuleViolation(gettext_noop("not a date (YYYY-MM-DD)."), field="tournament.start_date") from None
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
    created = {}
    for index, team in enumerate(teams):
        try:
            created[team["name"]] = team_create(
                tournament=tournament,
                name=team["name"],
                short_name=team.get("short_name", ""),
                seed=team.get("seed", index + 1),
                players=team["players"],
                user=user,
                source=source,
            )
        except RuleViolation as error:
            error.field = f"team “{team['name']}”, {error.field}"
            raise
    return {name: (team, {p.name: p for p in team.players.all()}) for name, team in created.items()}


def _create_rounds(tournament: Tournament, teams: dict, rounds: list[dict]) -> None:
    numbers = [r["number"] for r in rounds]
    if numbers != list(range(1, len(rounds) + 1)):
        raise RuleViolation(gettext_noop("rounds must be numbered 1, 2, 3 … in order, without gaps."), field="rounds")
    rules = tournament.lineup_rules
    boards_to_create = []
    for round_data in rounds:
        round_ = Round.objects.create(
            tournament=tournament, number=round_data["number"], published_at=_moment(round_data)
        )
        seen_tables, seen_teams = set(), set()
        for match_data in round_data["matches"]:
            place = f"round {round_.number}, table {match_data['table']}"
            if match_data["table"] in seen_tables:
                raise RuleViolation(gettext_noop("this table appears twice in the round."), field=place)
            seen_tables.add(match_data["table"])
            first, first_roster = _team(teams, match_data["first"], f"{place}, first")
            second, second_roster = (
                _team(teams, match_data["second"], f"{place}, second") if match_data["second"] is not None else (None, {})
            )
            for team in (first, second):
                if team is not None and team.pk in seen_teams:
                    raise RuleViolation(
                        gettext_noop("“%(team)s” plays twice in this round."), field=place, team=team.name
                    )
                seen_teams.add(team.pk if team else None)
            match = Match.objects.create(round=round_, table=match_data["table"], first_team=first, second_team=second)
            if second is None:
                if match_data.get("boards"):
                    raise RuleViolation(gettext_noop("a bye has no boards."), field=place)
                continue
            boards_to_create += _boards(match, match_data.get("boards", []), first_roster, second_roster, rules, place)
    BoardGame.objects.bulk_create(boards_to_create)


def _team(teams: dict, name: str, place: str):
    try:
        return teams[name]
    except KeyError:
        raise RuleViolation(gettext_noop("unknown team “%(team)s”."), field=place, team=name) from None


def _boards(match, boards_data, first_roster, second_roster, rules, place) -> list[BoardGame]:
    """Boards of one match: listed boards must be 1..n once each; none listed = default lineup."""
    by_number = {}
    for board_data in boards_data:
        number = board_data["board"]
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
        by_number[number] = board_data
    if by_number and len(by_number) != rules.boards:
        raise RuleViolation(gettext_noop("list all %(boards)d boards of the match, or none."), field=place, boards=rules.boards)

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
        problems = lineup_violations(
            [p.position if p else None for p in players], roster_size=len(roster), rules=rules
        )
        if problems:
            problems[0].field = f"{place}, {side} team, {problems[0].field}"
            raise problems[0]
        lineups[side] = players

    boards = []
    for number, (first_player, second_player) in enumerate(zip(lineups["first"], lineups["second"]), start=1):
        text = by_number.get(number, {}).get("result")
        result = ""
        if text not in (None, ""):
            parsed = parse_board_result(text, field=f"{place}, board {number}")
            problem = result_violation(
                parsed, first_present=first_player is not None, second_present=second_player is not None, board=number
            )
            if problem:
                problem.field = f"{place}, {problem.field}"
                raise problem
            result = parsed.value
        else:
            forfeit = forfeit_for_empty_seats(first_player is not None, second_player is not None)
            result = forfeit.value if forfeit else ""
        boards.append(
            BoardGame(match=match, board=number, first_player=first_player, second_player=second_player, result=result)
        )
    return boards


def _moment(round_data):
    text = round_data.get("published_at")
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
        return timezone.make_aware(moment) if timezone.is_naive(moment) else moment
    except ValueError:
        raise RuleViolation(
            gettext_noop("not a date and time (ISO 8601)."), field=f"round {round_data['number']}, published_at"
        ) from None
