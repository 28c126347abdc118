"""A TRF event as an archive (docs/archive.md): what TRF cannot say comes from the preset.

Boards follow the 300 line-up of that round, else the roster order, else (where the games
contradict the roster order, as in Swiss-Manager's TRF16 files) the games; without a 352 record
there are as many boards as the most players a team fielded in a round, as gacrux reads a file's
team size (the preset's where no game was played yet). The first-named team of a
match is the one whose board-1 player has the colour the 352 sequence gives the first-named
team (C.04.6 art. 1.6: board 1 decides a team's colour). A round in which a team meets nobody is
its bye.
"""

import datetime
import itertools
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from ..errors import RuleViolation, gettext_noop
from ..presets import BoardOrder, RulePreset, TiebreakEdition
from ..tiebreak_codes import written_code
from .event import TrfEvent
from .game_check import check_games

# the first player's code -> the second's -> the board's result (nested: a lookup builds no key)
RESULTS = {"1": {"0": "1-0"}, "=": {"=": "½-½"}, "0": {"1": "0-1"}, "+": {"-": "+-"}, "-": {"+": "-+", "-": "--"}}


class TrfMatch(NamedTuple):
    """One encounter of a round as the file states it, by number: the teams (``second`` None: the
    team's bye), each team's player on each board (0: nobody sat there) and each board's result
    from the first team's view ("1-0", "½-½", …; "": none on record), apart: the standings read
    the results alone, and most matches' players are the seats as read, kept as they are."""

    table: int
    first: int
    second: int | None
    players: tuple[tuple[int, ...], tuple[int, ...]]  # the first team's by board, the second's
    results: tuple[str, ...]


_new_match = tuple.__new__  # ``TrfMatch``'s own constructor, without the named tuple's ``__new__`` (one a match)


@dataclass(frozen=True, slots=True)
class TrfConversion:
    """What a TRF event converts to before it is written out: the tournament's archive fields,
    each round's encounters, and the byes record 240 (or an unpaired round) gives each team.

    The archive writes it with names (``archive``); the database-free standings read it by
    number as they read an archive (``tournaments/archive/standings.py``), with nothing rebuilt."""

    event: TrfEvent
    tournament: dict  # the archive's ``tournament`` object
    rounds: tuple[tuple[int, tuple[TrfMatch, ...]], ...]  # (number, encounters) in round order
    requested: dict[tuple[int, int], str]  # (team, round) -> the bye's kind (H, F, Z)
    late: dict[int, tuple[str, int]]  # team -> the kind of its missed rounds, its first round played

    def archive(self) -> dict:
        event = self.event
        players = {p.number: p for p in event.players}
        names = {team.number: team.name for team in event.teams}
        rounds = []
        for number, matches in self.rounds:
            date = event.round_dates.get(number)
            rounds.append(
                {
                    "number": number,
                    "published_at": None,
                    **({"date": date.isoformat()} if date else {}),
                    "matches": [_match(match, names, players) for match in matches],
                }
            )
        return {
            "format": "arbiter-tournament",
            "version": 1,
            "tournament": self.tournament,
            "teams": [
                {
                    "name": team.name,
                    "seed": team.number,
                    "players": [_player(players[p]) for p in team.roster],
                    **_byes(team.number, self.requested, self.late),
                }
                for team in sorted(event.teams, key=lambda t: t.number)
            ],
            "rounds": rounds,
        }


def archive_from_trf(event: TrfEvent, preset: RulePreset, *, known_codes, chain: list[str] | None = None) -> dict:
    """``chain``: the tie-breaks the director states instead of the file's 202 list."""
    return convert_trf(event, preset, known_codes=known_codes, chain=chain).archive()


def convert_trf(event: TrfEvent, preset: RulePreset, *, known_codes, chain: list[str] | None = None) -> TrfConversion:
    """``chain``: the tie-breaks the director states instead of the file's 202 list.

    The games are checked as the boards are read (``game_check``): a refusal waits for the
    whole check, so that the file's first fault is the one refused."""
    try:
        return _conversion(event, preset, known_codes, chain)
    except RuleViolation:
        check_games(event)
        raise


def _conversion(event: TrfEvent, preset: RulePreset, known_codes, chain: list[str] | None) -> TrfConversion:
    team_of = {p: team.number for team in event.teams for p in team.roster}
    by_number = {team.number: team for team in event.teams}
    lineup = {(u.round, u.team): u.players for u in event.lineups}
    tiebreaks = list(chain) if chain is not None else _file_chain(event, known_codes)
    parts = event.type_code.upper().split("_")
    is_swiss = _is_swiss(event, parts)
    last = (
        max((_last_game(event.players), *event.pab, *(number for _, number in event.byes)))
        if is_swiss
        else event.rounds
    )
    requested = {(team, number): kind for (kind, number), listed in event.byes.items() for team in listed}
    # round -> player -> the player's game of that round, and round -> team -> who sat at a board
    # in roster order: a team's boards without a 300 record (record 310's order, reserves moving up
    # past those who rest); the most in one round is the team size
    games = [{} for _ in range(last + 1)]
    played = [{team.number: [] for team in event.teams} for _ in range(last + 1)]
    players = {player.number: player for player in event.players}
    u_byes = False  # a team's bye written as its players' ``0000 - U``
    for team in event.teams:
        for player in team.roster:
            for number, game in players[player].games.items():
                games[number][player] = game
                if game.opponent or game.result == "+":  # ``_seated``, inline: once per game of the file
                    played[number][team.number].append(player)
                elif game.result == "U":
                    u_byes = True
    swiss = _swiss_settings(event, parts, u_byes=u_byes) if is_swiss else {}
    most = max(map(len, itertools.chain.from_iterable(map(dict.values, played))), default=0)
    boards = len(event.colour_sequence) or most or preset.boards
    pattern = event.colour_sequence or (preset.colour_pattern * boards)[:boards]
    colours = pattern.lower()  # the first-named team's colour on each board, as 001 records write it
    # each board's two players are checked to face each other as the boards are read in roster
    # order; a player on no team is on no board, and the check of all games reads theirs
    checked = len(team_of) < len(event.players)
    if checked:
        check_games(event)
    rounds = []
    for number in range(1, last + 1):
        now = games[number]
        seats = dict(zip(played[number], map(tuple, played[number].values())))
        if lineup:  # a 300 record's order over the roster's (a file without one builds no key per team and round)
            seats |= {team: lineup[(number, team)] for team in seats if lineup.get((number, team))}
        matches, paired = [], set()  # paired: the teams met by a team before them in the list
        for team in event.teams:
            if team.number in paired:
                continue
            opponent = _opponent(team.number, seats, now, team_of, number, event)
            if opponent is None:
                if (team.number, number) in requested:
                    continue  # a bye asked for (240): the team's ``byes``, not an encounter
                if kind := _not_paired(team, number, event, now, swiss):
                    requested[(team.number, number)] = kind
                else:
                    matches.append(TrfMatch(len(matches) + 1, team.number, None, ((), ()), ()))
                continue
            paired.add(opponent)
            facing = (len(matches) + 1, team, by_number[opponent], number, seats, now, boards, lineup, colours, event)
            match = _placed(*facing)
            if match is None:  # a 300 line-up, or boards that do not face in roster order: all games checked first
                if not checked:
                    check_games(event)
                    checked = True
                match = _placed_by_games(*facing)
            matches.append(match)
        rounds.append((number, tuple(matches)))
    first_paired: dict[int, int] = {}
    for number, matches in rounds:
        for match in matches:
            first_paired.setdefault(match.first, number)
            first_paired.setdefault(match.second, number)
    late = _late_entries(event.teams, requested, first_paired)
    longest = max(map(len, map(_ROSTER, event.teams)), default=boards)
    tournament = {
        "name": event.name,
        "preset": preset.key,
        "start_date": event.start.isoformat() if event.start else None,
        "venue": event.city,
        "boards": boards,
        "substitute_boards": _substitute_boards(preset, boards),
        "colour_pattern": pattern,
        "max_substitutes": max(preset.max_substitutes, longest - boards),
        "match_points": dict(zip(("win", "draw", "loss"), event.match_points)),
        "board_order": BoardOrder.RECORDED.value if _out_of_order(event, by_number) else None,
        "tiebreak_edition": _edition(event),
    }
    tournament.update(swiss)
    kinds = {kind for kind, _first in late.values()}
    if swiss and len(kinds) == 1:  # the competition's one kind for the rounds a late entry missed
        tournament["late_entry_rounds"] = {"H": "half-bye", "Z": "unpaired"}[kinds.pop()]
    if tiebreaks:
        codes = [written_code(c) for c in tiebreaks]
        # TRF states one chain. Where it is the preset's, the preset's own chain for a tie for first
        # (Blitz §16: the direct encounter, then a play-off) is what the file could not say.
        # (a preset writes its codes in FIDE syntax: tests/domain/test_team_tiebreaks.py)
        same = codes == list(preset.tiebreaks_other)
        tournament["tiebreaks_first"] = list(preset.tiebreaks_first) if same else codes
        tournament["tiebreaks_other"] = codes
    return TrfConversion(
        event,
        {key: value for key, value in tournament.items() if value is not None},
        tuple(rounds),
        requested,
        late,
    )


def _match(match: TrfMatch, names: dict[int, str], players: dict) -> dict:
    """An encounter as the archive's version 1 writes it: teams and players by name."""
    return {
        "table": match.table,
        "first": names[match.first],
        "second": None if match.second is None else names[match.second],
        "boards": [
            {
                "board": board,
                "first_player": players[first].name if first else None,
                "second_player": players[second].name if second else None,
                **({"result": result} if result else {}),
            }
            for board, (first, second, result) in enumerate(zip(*match.players, match.results), start=1)
        ],
    }


SCORES = ("MPTS", "PTS", "MP")  # the primary score, which 212 lists first and some programs in 202
ALIASES = {"GPTS": "BP"}  # gacrux's name for the game points


def _file_chain(event: TrfEvent, known_codes) -> list[str]:
    """The 202 list (or 212's), every code one we compute; a code we do not is refused by name,
    never replaced by the preset's chain in silence (the standings would not be the file's)."""
    chain = [ALIASES.get(code.upper(), code) for code in event.tiebreaks if code.upper() not in SCORES]
    for code in chain:
        if not known_codes(code):
            raise RuleViolation(
                gettext_noop(
                    "the file's tie-break “%(value)s” is not one Arbiter computes; import with --tiebreaks to state "
                    "the list to use instead."
                ),
                field="202",
                rule="FIDE C.07",
                value=code,
            )
    return chain


_SWISS_MODELS = {"TYPEA": "type-a", "TYPEB": "type-b"}
EDITION_2026 = datetime.date(2026, 3, 1)  # C.07 (2026) applies from 1 March 2026, as gacrux dates it


_ROSTER = attrgetter("roster")


def _last_game(players) -> int:
    """The last round any player's 001 record fills (0: none), read in C: one step a player."""
    return max(map(max, filter(None, map(attrgetter("games"), players))), default=0)


def _edition(event: TrfEvent) -> str:
    """The C.07 edition an event is ranked by, chosen as gacrux chooses it: by the 042 start date,
    the 2024 edition before 1 March 2026 (BH and the ESB family then value unplayed rounds
    uncapped); a file without a date, the edition in force."""
    if event.start and event.start < EDITION_2026:
        return TiebreakEdition.C07_2024.value
    return TiebreakEdition.C07_2026.value


def _is_swiss(event: TrfEvent, parts: list[str]) -> bool:
    """Record 192 FIDE_TEAM…, not a round robin; a file without 192 (TRF16) is a Swiss when its
    092 says so or its 142 rounds are fewer than a round robin of its teams needs."""
    if event.type_code.strip():
        return parts[:2] == ["FIDE", "TEAM"] and not any(part.endswith("ROUNDROBIN") for part in parts)
    teams = len(event.teams)
    round_robin = teams - 1 if teams % 2 == 0 else teams
    return "SWISS" in event.type_name.upper() or "SCHWEIZER" in event.type_name.upper() or event.rounds < round_robin


def _swiss_settings(event: TrfEvent, parts: list[str], *, u_byes: bool) -> dict:
    """The settings of a team Swiss (C.04.6; ``_is_swiss``: record 192 FIDE_TEAM[_TYPEA|_TYPEB][_MP…],
    or a TRF16 Swiss): the 142 rounds, its colour model (art. 1.7; ``_names_scores``) and the 320 bye's
    score; a file that writes its byes as the players' ``0000 - U`` (pairing-allocated: ``u_byes``,
    a team's players) without a 320 record scores them as C.04.6 art. 1.4 does by default, a drawn
    match. Only the rounds played are rounds: the rest are paired as the event goes on."""
    model = next(
        (_SWISS_MODELS[part] for part in parts if part in _SWISS_MODELS), "none" if _names_scores(parts) else "type-a"
    )
    settings = {"pairing": "swiss-fide-team", "rounds": event.rounds, "colour_model": model}
    win, draw, _ = event.match_points
    if event.pab:
        settings["bye_scoring"] = (
            "win" if event.pab_points[0] == win else "draw" if event.pab_points[0] == draw else "nothing"
        )
    elif u_byes:
        settings["bye_scoring"] = "draw"  # byes written U (pairing-allocated) and no 320: C.04.6 art. 1.4's drawn match
    return settings


def _substitute_boards(preset: RulePreset, boards: int) -> list[int]:
    """Where the preset lets a substitute play every board (FIDE team practice), every board of
    the file's event, however many it has; else the preset's own boards (Blitz: board 4)."""
    if set(preset.substitute_boards) >= set(range(1, preset.boards + 1)):
        return list(range(1, boards + 1))
    return [board for board in preset.substitute_boards if board <= boards]


def _out_of_order(event: TrfEvent, teams) -> bool:
    """Whether a 300 line-up breaks its team's roster order, which is what the record is for
    (TRF-2026: "plays in a different board order"): the event then keeps line-ups as recorded,
    as no preset's order would accept them."""
    for lineup in event.lineups:
        order = {player: index for index, player in enumerate(teams[lineup.team].roster)}
        ranks = [order[player] for player in lineup.players if player]
        if ranks != sorted(ranks):
            return True
    return False


def _not_paired(team, number: int, event: TrfEvent, now, swiss: dict) -> str:
    """What a team paired against nobody in a Swiss round had, where no 240 record says: "" for
    the pairing-allocated bye (an encounter of one side), else the bye's kind.

    TRF-2026 names the PAB team of each round in record 320; another unpaired team had no PAB:
    its players' codes say a half- or full-point bye (H, F), anything else is a zero-point bye
    (absent). A file without 320 that writes the PAB as its players' ``U`` (gacrux's tests)
    names it so; a TRF16 file (013) can say neither, and a round robin's unpaired team is the
    round's dummy: both stay the bye encounter they were."""
    if not swiss or event.legacy_teams or event.pab.get(number) == team.number:
        return ""
    codes = {now[p].result for p in team.roster if p in now}
    if not event.pab and "U" in codes:
        return ""
    return next((kind for kind in ("F", "H") if codes == {kind}), "Z")


def _names_scores(parts: list[str]) -> bool:
    """Whether a record 192 code names its scores (``_MP``, ``_GP``): such a code without TYPEA
    or TYPEB means no colour preferences; the bare ``FIDE_TEAM`` (``_BAKU``) is type A (C.04.6
    art. 1.7's default; gacrux's record 192 table reads both so)."""
    return "MP" in parts or "GP" in parts


def _late_entries(
    teams, requested: dict[tuple[int, int], str], first_paired: dict[int, int]
) -> dict[int, tuple[str, int]]:
    """The teams read as late entries: the kind of their missed rounds and the first round played.

    TRF-2026 cannot say it: record 240 has a kind (H, F, Z) per round and nothing more, and the
    001 blocks of a bye round are blank either way. A team whose every round before its first encounter (round 2
    or later) is a 240 bye, all H or all Z (the two kinds ``late_entry_rounds`` gives), did not
    play before it entered: that is read as a late entry. The one reading this gets wrong is a
    team that asked for byes from round 1 on; the flag changes only what pages call those rounds."""
    late = {}
    for team in teams:
        first = first_paired.get(team.number)
        if not first or first == 1:
            continue  # paired from round 1 on (most teams), or never
        kinds = {requested.get((team.number, number)) for number in range(1, first)}
        if len(kinds) == 1 and kinds <= {"H", "Z"}:
            late[team.number] = (kinds.pop(), first)
    return late


def _byes(team: int, requested: dict[tuple[int, int], str], late: dict[int, tuple[str, int]]) -> dict:
    """Record 240's byes of ``team`` as the archive's ``byes`` (none: no key); a late entry's
    rounds before its first encounter flagged ``late_entry`` (``_late_entries``)."""
    byes = [
        {"round": number, "kind": kind, **({"late_entry": True} if number < late.get(team, ("", 0))[1] else {})}
        for (own, number), kind in sorted(requested.items(), key=lambda item: item[0][1])
        if own == team
    ]
    return {"byes": byes} if byes else {}


def _player(player) -> dict:
    data = {"name": player.name}
    if player.rating:
        data["rating"] = player.rating
    if player.fide_id:
        data["fide_id"] = player.fide_id
    if player.federation.isalpha() and len(player.federation) == 3:
        data["federation"] = player.federation.upper()
    if player.birth_date:
        data["birth_date"] = player.birth_date.isoformat()
    if player.national_id:
        data["federation_id"] = player.national_id
    return data


def _opponent(team, seats, now, team_of, number, event):
    for player in seats[team]:
        game = now.get(player) if player else None
        if game and game.opponent:
            if game.opponent not in team_of:
                check_games(event)  # an opponent on no team (not even a player): the check refuses the game
            return team_of.get(game.opponent)
    for forfeit in event.forfeits:
        if forfeit.round == number and team in (forfeit.first, forfeit.second):
            return forfeit.second if team == forfeit.first else forfeit.first
    return None


def _seated(game) -> bool:
    """Whether a player sat at a board: a game with an opponent (played, forfeited or not yet
    played), or a forfeit win against a board the other team left empty. ``0000 - -`` (a reserve
    resting, a team not paired) and the byes (H, F, U, Z) are no board."""
    return game is not None and (bool(game.opponent) or game.result == "+")


def _placed(table, team, opponent, number, seats, now, boards, lineup, colours, event) -> TrfMatch | None:
    """A match: its teams, the first-named first, each board's two players and its result.

    Without a 300 record the roster order stands where the games confirm it, which ``_boards``
    checks as it reads them (most files: one pass over the boards); else None, and
    ``_placed_by_games`` seats the teams (a team meeting itself: the game check refuses it)."""
    if team is opponent:
        return None
    if not lineup or ((number, team.number) not in lineup and (number, opponent.number) not in lineup):
        first, second = _first_named(team.number, opponent.number, seats, now, colours)
        read = _boards(first, second, seats, now, number, boards, event, check=True)
        if read is not None:
            if len(seats[first]) > boards or len(seats[second]) > boards:
                _check_size(team, opponent, seats, boards, number)
            return _new_match(TrfMatch, (table, first, second, read[0], read[1]))
    return None


def _placed_by_games(table, team, opponent, number, seats, now, boards, lineup, colours, event) -> TrfMatch:
    """A match whose boards a 300 line-up orders, or the games (``_match_seats``)."""
    seats = seats | _match_seats(team, opponent, number, seats, now, boards, lineup)
    first, second = _first_named(team.number, opponent.number, seats, now, colours)
    read = _boards(first, second, seats, now, number, boards, event, check=False)
    return _new_match(TrfMatch, (table, first, second, read[0], read[1]))


def _check_size(team, opponent, seats, boards: int, number: int) -> None:
    """More players at a match's boards than the event has boards is a contradiction, refused."""
    for side in (team, opponent):
        if len(seats[side.number]) > boards:
            raise RuleViolation(
                gettext_noop(
                    "round %(round)d: team “%(team)s” has %(value)d players at the boards; the event has %(boards)d."
                ),
                field="300",
                rule="TRF-2026",
                round=number,
                team=side.name,
                value=len(seats[side.number]),
                boards=boards,
            )


def _match_seats(team, opponent, number, seats, now, boards, lineup) -> dict:
    """Both teams' boards in one match, every board's two players each other's opponents.

    With a 300 record on both sides, each says its own order; on one side, the other team's
    players sit opposite the opponents their games name; on neither, the roster order, unless
    the games contradict it (``_seats_by_games``). A board whose two players are not each
    other's opponents after that is a contradiction in the file, refused."""
    own, other = (number, team.number) in lineup, (number, opponent.number) in lineup
    if own and other:
        found = {}
    elif own or other:
        listed, facing = (team, opponent) if own else (opponent, team)
        found = {facing.number: _opposite(seats[listed.number], facing, now)}
    else:
        found = _seats_by_games(team, opponent, number, seats, now, boards)
    placed = seats | found if found else seats
    _check_size(team, opponent, placed, boards, number)
    checked = not (own or other or found)  # by _seats_by_games, which found the roster order right
    board = None if checked else _not_facing(placed, team.number, opponent.number, boards, now)
    if board is not None:
        raise RuleViolation(
            gettext_noop(
                "round %(round)d, board %(board)d: the players of “%(team)s” and “%(value)s” there are not each "
                "other's opponents in their 001 records."
            ),
            field="300",
            rule="TRF-2026",
            round=number,
            board=board + 1,
            team=team.name,
            value=opponent.name,
        )
    return found


def _opposite(listed: tuple[int, ...], facing, now) -> tuple[int, ...]:
    """``facing``'s boards opposite a team's 300 line-up: on each board the player that line-up's
    player meets; opposite an empty board or an absent player, the next player of ``facing`` who
    won by forfeit; opposite a forfeit win, nobody."""
    games = [now.get(p) if p else None for p in listed]
    named = {game.opponent for game in games if game is not None}
    spare = [p for p in facing.roster if p not in named and _seated(now.get(p))]
    seated = []
    for game in games:
        if game is not None and game.opponent:
            seated.append(game.opponent)
        elif _seated(game):
            seated.append(0)
        else:
            seated.append(spare.pop(0) if spare else 0)
    return tuple(seated) + tuple(spare)


def _seats_by_games(team, opponent, number, seats, now, boards) -> dict:
    """The boards of a match with no 300 line-up: the roster order, unless the games contradict it.

    A TRF16 file has no line-up record, and Swiss-Manager moves players up past an absent
    teammate, so board k of one team may meet board k+1 of the other. Then the boards follow the
    games: each game, and each forfeit win against an empty board, takes the next board in the
    order of both rosters; the other team's seat on that board is the opponent (0: empty)."""
    if _not_facing(seats, team.number, opponent.number, boards, now) is None:
        return {}
    rows = [(player, now[player].opponent) for player in team.roster if player in now]
    order = {player: index for index, player in enumerate(opponent.roster)}
    facing = {row[1] for row in rows}
    for player in opponent.roster:
        if player in now and player not in facing:
            # a forfeit win against an empty board of ``team``: before the first game whose
            # opponent stands lower in the roster, so both teams keep their roster order
            at = next((i for i, row in enumerate(rows) if row[1] and order[row[1]] > order[player]), len(rows))
            rows.insert(at, (0, player))
    if len(rows) > boards:
        raise RuleViolation(
            gettext_noop(
                "round %(round)d: the teams “%(team)s” and “%(value)s” played on more boards than the file has "
                "(%(boards)d)."
            ),
            field="001",
            rule="TRF16",
            round=number,
            team=team.name,
            value=opponent.name,
            boards=boards,
        )
    empty = (0,) * (boards - len(rows))
    return {team.number: tuple(row[0] for row in rows) + empty, opponent.number: tuple(row[1] for row in rows) + empty}


def _not_facing(seats, team, opponent, boards: int, now) -> int | None:
    """The first board (from 0) on which the players of ``team`` and ``opponent`` are not the
    opponents their games name; None where every board's are."""
    own_seats, other_seats = seats[team], seats[opponent]
    own_count, other_count = len(own_seats), len(other_seats)
    for board in range(boards):
        own = own_seats[board] if board < own_count else 0
        other = other_seats[board] if board < other_count else 0
        game = now.get(own) if own else None
        if game and game.opponent and game.opponent != other:
            return board
        game = now.get(other) if other else None
        if game and game.opponent and game.opponent != own:
            return board
    return None


def _first_named(team, opponent, seats, now, colours: str) -> tuple[int, int]:
    """The two teams, the first-named first: the team whose first seated player has the colour
    (``colours``, lower case) the first-named team has on that board (C.04.6 art. 1.6)."""
    for board, player in enumerate(seats[team]):
        game = now.get(player) if player else None
        if game and game.colour in ("w", "b"):
            return (team, opponent) if game.colour == colours[board] else (opponent, team)
    return team, opponent


def _boards(first, second, seats, now, number, boards, event, *, check: bool):
    """Each team's player on each board (0: nobody sat there) and each board's result from
    ``first``'s view; an empty seat (no game on record) implies its forfeit. ``check``: None where
    the players of a board are not the opponents their games name (the seats' order is then not
    the boards'). Where every seat holds a player with a game, the seats are the players as they
    are (no tuple rebuilt: most matches)."""
    own_forfeit = other_forfeit = False  # a 330 forfeit win: its seats count
    if event.forfeits:
        forfeit = next(
            (f for f in event.forfeits if f.round == number and {f.first, f.second} == {first, second}), None
        )
        codes = (forfeit.code if forfeit.first == first else forfeit.code[::-1]) if forfeit else "  "
        own_forfeit, other_forfeit = codes[0] == "+", codes[1] == "+"
    firsts, seconds, get = seats[first], seats[second], now.get
    if not len(firsts) == len(seconds) == boards:
        empty = (0,) * boards
        firsts, seconds = (firsts + empty)[:boards], (seconds + empty)[:boards]
    results, absent, misfit = [], False, None
    for own, other in zip(firsts, seconds):
        own_game = get(own) if own else None
        other_game = get(other) if other else None
        if own_game is None or other_game is None:
            # a seat named with no game is nobody, unless a 330 forfeit win counts it
            absent = (
                absent
                or (own and own_game is None and not own_forfeit)
                or (other and other_game is None and not other_forfeit)
            )
            if check and (
                (own_game is not None and own_game.opponent) or (other_game is not None and other_game.opponent)
            ):
                return None  # a game's opponent sits nowhere opposite
            results.append("")
            continue
        if (own_game[0] != other or other_game[0] != own) and (  # a ``TrfGame``'s opponent, indexed: most boards
            check
            and (
                (own_game.opponent and own_game.opponent != other)
                or (other_game.opponent and other_game.opponent != own)
            )
        ):
            return None
        text = ""
        if own_game[2] and other_game[2]:
            text = RESULTS.get(own_game[2], _NONE).get(other_game[2])
            if text is None:  # refused once the boards are known
                misfit = misfit or (len(results), own_game.result, other_game.result)
        results.append(text)
    if misfit:
        raise RuleViolation(
            gettext_noop(
                "round %(round)d, board %(board)d: the results %(value)s of the two players do not fit together."
            ),
            field="001",
            rule="TRF-2026",
            round=number,
            board=misfit[0] + 1,
            value=" / ".join(misfit[1:]),
        )
    if absent:
        firsts = tuple(own if own and (get(own) is not None or own_forfeit) else 0 for own in firsts)
        seconds = tuple(other if other and (get(other) is not None or other_forfeit) else 0 for other in seconds)
    return (firsts, seconds), tuple(results)


_NONE = {}  # no result code fits a code RESULTS does not know
