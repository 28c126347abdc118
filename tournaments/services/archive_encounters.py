"""How an archive's encounter is read (format version 2, docs/archive.md): a match of two teams on
boards of two seats, or one game at a table of seats (four-player chess). The layout registry
(``tournaments/layouts.py``) names the reader each kind of encounter takes; both check what they
read as the desk would (lineups, colours, the result through the discipline) before anything is
written.
"""

from tournaments.domain.colours import board_colours
from tournaments.domain.encounter import EncounterState, GameState, ResultEntry, SeatState
from tournaments.domain.errors import RuleViolation, RuleViolations, gettext_noop
from tournaments.domain.lineup import lineup_violations
from tournaments.domain.seats import result_of_seats
from tournaments.models import Match, Tournament

from .encounters import EncounterPlan, GamePlan, two_seat_games

_MATCH_RESULT = ("result", "deciding_board", "decided_by")


def _sides(teams: dict, match_data: dict, leg: int, place: str, seen_teams: set) -> list:
    """The encounter's teams with their rosters, each at most once per round (and leg)."""
    found = []
    for index, side in enumerate(match_data["sides"]):
        label = ("first", "second")[index] if index < 2 else f"side {index + 1}"
        team, roster = archive_team(teams, side["entrant"], f"{place}, {label}")
        if (team.pk, leg) in seen_teams:
            raise RuleViolation(gettext_noop("“%(team)s” plays twice in this round."), field=place, team=team.name)
        seen_teams.add((team.pk, leg))
        found.append((team, roster))
    return found


def board_encounter(tournament, teams, match, match_data, place, seen_teams, pattern) -> EncounterPlan:
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


def table_encounter(tournament, teams, match, match_data, place, seen_teams, pattern) -> EncounterPlan:
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
    player on one seat, Vierer §1): never one player twice with the partner dropped. A rank
    without a seat at the table (the retired Schach4 V8 team form seated the first-named team's
    player 1 only) is its registered player, as the pairing left it."""
    rules = tournament.lineup_rules
    for side, (_team, roster) in enumerate(found):
        seated = {plan.rank: player for plan, player in zip(planned_seats, players) if plan.side == side}
        registered = {player.position: player for player in roster.values()}
        lineup = [seated[rank] if rank in seated else registered.get(rank) for rank in range(1, rules.boards + 1)]
        archive_lineup_check(lineup, len(roster), rules, f"{place}, side {side + 1}")


def archive_lineup_check(players: list, roster_size: int, rules, place: str) -> None:
    """A lineup of the archive checked for board order and substitutes as the lineup service
    checks it, every refusal named at its place in the archive. The eligibility rules are not
    applied (*our decision*, docs/rules.md): an archive records what was played, and a tournament's
    own export must import again though its rules were tightened after its lineups were set."""
    if problems := lineup_violations(
        [player.position if player else None for player in players], roster_size=roster_size, rules=rules
    ):
        for violation in problems:
            violation.field = f"{place}, {violation.field}"
        raise RuleViolations(problems)


def archive_team(teams: dict, name: str, place: str):
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
        archive_lineup_check(players, len(roster), rules, f"{place}, {side} team")
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
