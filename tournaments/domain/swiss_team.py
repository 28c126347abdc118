"""Team Swiss pairing (FIDE Handbook C.04.6, applied from 1 February 2026) by gacrux's engine.

A pure adapter: the event so far (teams by seed = team pairing number, every match played, the
byes requested and the teams absent) goes in, the next round's pairs come out with the engine's
version. The pairing-system strategy (``pairing_systems.swiss_team``) calls it.

gacrux pairs from its own JSON (chess-json). Its TRF reader builds the game list in quadratic
time (``chessjson.append_result`` scans every game for each new one: 30 s at 200 teams, hours at
2,000), so the hot path reads only the event's skeleton as TRF (header, players, teams: linear)
and writes the games, matches and byes itself exactly as the reader would
(``gacrux_tournament``); ``tests/domain/test_swiss_team.py`` holds the two to the same JSON and
the same pairings. The TRF text of the whole event stays for the cross-checks and small events.

A match scored as a whole (tandem, Tandem §1.3) goes in as a one-board match carrying the match's
result, so the engine sees match points and nothing else (C.04.6 art. 1.2: match points only;
art. 1.7: no colour preferences).
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from gacrux.gacruxexeptions import GacruxError, GacruxNoLegalPairing
from gacrux.pairingfideteam import pairing_fideteam
from gacrux.trf2json import trf2json
from gacrux.version import version as gacrux_version

from .errors import RuleViolation, gettext_noop
from .presets import ByeScoring, ColourModel, MatchPoints
from .scoring import MatchRecord
from .trf import TrfEvent, TrfGame, TrfPlayer, TrfTeam, write_trf

# C.04.6 art. 1.7 as record 192 writes it (no token: no colour preferences)
_MODEL_CODES = {ColourModel.TYPE_A: "_TYPEA", ColourModel.TYPE_B: "_TYPEB", ColourModel.NONE: ""}
_PAB_SHARE = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}
REQUESTED_BYES = ("H", "F", "Z")  # TRF 240: half-point, full-point and zero-point bye


def engine_version() -> str:
    return "gacrux " + gacrux_version()["version"]


@dataclass(frozen=True, slots=True)
class SwissEvent:
    """What C.04.6 pairs from: the teams by TPN (seeds 1..teams) and the rounds before ``number``.

    ``byes`` holds the byes requested in advance (TRF 240), earlier rounds and this one, by
    (round, seed): H half-point, F full-point, Z zero-point (also a round a late entry missed).
    ``absent`` are the seeds not paired in round ``number`` without a bye of their own: teams
    withdrawn, or not yet entered.
    """

    teams: int
    boards: int
    rounds: int
    number: int
    played: Sequence[MatchRecord]
    colour_pattern: str
    initial_colour: str = "W"
    colour_model: ColourModel = ColourModel.TYPE_A
    points: MatchPoints = MatchPoints()
    pab_scoring: ByeScoring = ByeScoring.DRAW  # C.04.6 art. 1.4 default: a drawn match
    byes: Mapping[tuple[int, int], str] = field(default_factory=dict)
    absent: Collection[int] = ()
    match_scored: bool = False  # one result per match (tandem): match points only, no colours


@dataclass(frozen=True, slots=True)
class SwissRound:
    pairs: list[tuple[int, int | None]]  # (first-named, second) seeds, board 1 first; bye: None
    engine: str  # "gacrux 1.11.65", recorded with the pairing


def pair_team_swiss_round(
    *,
    teams: int,
    boards: int,
    rounds: int,
    number: int,
    played: Sequence[MatchRecord],
    colour_pattern: str,
    initial_colour: str = "W",
    colour_model: ColourModel = ColourModel.TYPE_A,
    points: MatchPoints = MatchPoints(),
    pab_scoring: ByeScoring = ByeScoring.DRAW,
    byes: Mapping[tuple[int, int], str] | None = None,
    absent: Collection[int] = (),
    match_scored: bool = False,
) -> SwissRound:
    """Pair round ``number`` of ``rounds``; seeds 1..teams are the team pairing numbers."""
    event = SwissEvent(
        teams,
        boards,
        rounds,
        number,
        played,
        colour_pattern,
        initial_colour,
        ColourModel(colour_model),
        points,
        pab_scoring,
        byes or {},
        absent,
        match_scored,
    )
    return pair_swiss_event(event)


class FideTeamPairing(pairing_fideteam):
    """gacrux's C.04.6 engine, answering one of its questions faster.

    [C3] (art. 2.2.1) asks, dozens of times per round, whether the teams left have a perfect
    matching; gacrux answers with a weighted blossom matching (networkx, cubic: most of a round's
    time at 200 teams). After a few rounds of a large Swiss almost every two teams may still
    meet, so a greedy matching (fewest possible opponents first) nearly always finds one, and
    a perfect matching found is the answer "yes". Only when it finds none is gacrux asked. Every
    answer is the one gacrux would give, so every pairing is too (tested against the pristine
    engine in tests/domain/test_swiss_team.py).
    """

    def can_be_paired(self, nodes, edges):
        if nodes and len(nodes) % 2 == 0 and _greedy_perfect_matching(nodes, edges):
            return True
        return super().can_be_paired(nodes, edges)


def _greedy_perfect_matching(nodes, edges) -> bool:
    """Whether one greedy pass pairs every node (a sufficient condition for a perfect matching).

    Linear in the edges: the nodes with the fewest possible opponents go first, each taking its
    first free neighbour with the fewest possible opponents.
    """
    cids = {node["cid"] for node in nodes}
    neighbours: dict[int, list[int]] = {cid: [] for cid in cids}
    for edge in edges:
        a, b = edge["ca"], edge["cb"]
        if a not in cids or b not in cids:
            return False  # not the shape [C3] asks about: let gacrux answer
        if a != b:
            neighbours[a].append(b)
            neighbours[b].append(a)
    degree = {cid: len(others) for cid, others in neighbours.items()}
    matched: set[int] = set()
    for cid in sorted(cids, key=lambda c: (degree[c], c)):
        if cid in matched:
            continue
        free = [other for other in neighbours[cid] if other not in matched]
        if not free:
            return False
        partner = min(free, key=lambda c: (degree[c], c))
        matched.update((cid, partner))
    return True


def pair_swiss_event(event: SwissEvent, *, via_trf: bool = False, pristine: bool = False) -> SwissRound:
    """The engine's pairs. ``via_trf`` reads the whole event through gacrux's TRF reader, and
    ``pristine`` pairs with gacrux's engine untouched: the reference paths the fast ones are
    tested against."""
    if not (via_trf or pristine) and (first := _first_round(event)) is not None:
        return SwissRound([_first_named(pair, event) for pair in first], engine_version())
    tournament = _gacrux_tournament(write_trf(swiss_trf_event(event))) if via_trf else gacrux_tournament(event)
    engine = pairing_fideteam if pristine else FideTeamPairing
    try:
        brackets = engine(tournament, event.number, {"experimental": [], "verbose": 0}).compute_pairing(False, 0)
    except GacruxNoLegalPairing:
        raise RuleViolation(
            gettext_noop("round %(number)d has no legal pairing under C.04.6 (art. 3.3.3): the chief arbiter decides."),
            field="pairing",
            number=event.number,
        ) from None
    except GacruxError as error:
        raise RuleViolation(
            gettext_noop("the C.04.6 engine refused the event: %(value)s"), field="pairing", value=str(error)
        ) from None
    pairs = [
        (pair["w"], pair["b"] or None)
        for bracket in brackets
        for pair in sorted(bracket["pairs"], key=lambda p: p["board"])
    ]
    return SwissRound([_first_named(pair, event) for pair in pairs], engine_version())


def _first_round(event: SwissEvent) -> list[tuple[int, int | None]] | None:
    """Round 1 where the ranking alone decides it, as (White on board 1, Black) pairs: every team
    in one bracket by TPN, the top half against the bottom half in order (C.04.6 art. 3), the
    initial colour (art. 4.1) to the higher team of the first pair and alternating down, the PAB
    of an odd field to the last team. gacrux pairs that bracket with a matching cubic in its size
    (12–24 s at 200 teams, issue 29) and finds exactly these pairs
    (tests/domain/test_swiss_first_round.py); its checker still re-pairs the round. None where a
    team is absent or has a bye requested: the engine decides."""
    if event.number != 1 or event.played or event.byes or event.absent:
        return None
    seeds = list(range(1, event.teams + 1))
    bye = seeds.pop() if len(seeds) % 2 else None
    half = len(seeds) // 2
    pairs: list[tuple[int, int | None]] = []
    for index, (top, bottom) in enumerate(zip(seeds[:half], seeds[half:])):
        pairs.append((top, bottom) if (index % 2 == 0) == (event.initial_colour == "W") else (bottom, top))
    return pairs + ([(bye, None)] if bye is not None else [])


def _first_named(pair: tuple[int, int | None], event: SwissEvent) -> tuple[int, int | None]:
    """gacrux names the team with White on board 1 first; ours is the team with the pattern's colours."""
    white, black = pair
    if black is None or event.match_scored or event.colour_pattern[0] == "W":
        return white, black
    return black, white


def _gacrux_tournament(text: str) -> dict:
    reader = trf2json()
    reader.parse_file(text, False)
    tournament = reader.get_tournament(1)
    tournament.setdefault("maxMeets", 1)
    return tournament


_GAME_RESULT = {"1": "W", "=": "D", "0": "L", "+": "W", "-": "Z"}  # TRF code -> chess-json result
_BYE_RESULT = {"F": "W", "H": "D", "Z": "Z"}  # TRF 240 -> chess-json result (trf2json.parse_trf_bye)


def gacrux_tournament(event: SwissEvent) -> dict:
    """gacrux's tournament JSON for ``event`` in linear time, as ``trf2json`` writes it: the
    skeleton (scoring, teams and players, pairing system; ``parse_trf_team``, ``scoresystem``,
    the record 192 table), the game list, the match list and the byes (``parse_trf_game``,
    ``games2matches``, ``parse_trf_bye``). No TRF text: record 310 holds 999 teams at most."""
    full = swiss_trf_event(event)
    tournament = _skeleton(full)
    if full.pab:  # record 320 (scoresystem.add_unplayed); without it the reader keeps its defaults
        match_scores = tournament["scoreSystem"]["match"]
        match_scores["P"], match_scores["PG"] = (Decimal(f"{points:.1f}") for points in full.pab_points)
    next_id = 1 + len(full.players) + len(full.teams)
    boards = len(full.teams[0].roster) if full.teams else 0
    games, matches, last_paired = [], [], 0
    players = {p.number: p for p in full.players}
    for team in full.teams:
        for number, first in sorted(players[team.roster[0]].games.items()):
            if first.colour != "w":
                continue  # each match once: from the team with White on board 1
            opponent = (first.opponent - 1) // boards + 1
            ids, played = [], False
            for index, own in enumerate(team.roster):
                game = players[own].games[number]
                white, black = (own, game.opponent) if game.colour == "w" else (game.opponent, own)
                theirs = players[game.opponent].games[number]
                results = {own: _GAME_RESULT[game.result], game.opponent: _GAME_RESULT[theirs.result]}
                over_the_board = game.result in "1=0"
                played = played or over_the_board
                games.append(
                    {
                        "id": next_id,
                        "round": number,
                        "white": {"cid": white, "result": results[white]},
                        "black": {"cid": black, "result": results[black]},
                        "played": over_the_board,
                        "rated": over_the_board,
                        "board": index + 1,
                    }
                )
                ids.append(next_id)
                next_id += 1
            own_points = sum(_POINTS[players[p].games[number].result] for p in team.roster)
            their_points = sum(_POINTS[players[p].games[number].result] for p in full.teams[opponent - 1].roster)
            if played:
                mine, theirs_ = (
                    ("W", "L") if own_points > their_points else ("L", "W") if own_points < their_points else ("D", "D")
                )
                last_paired = max(last_paired, number)
            else:
                mine, theirs_ = (
                    ("W", "Z") if own_points > their_points else ("Z", "W") if own_points < their_points else ("Z", "Z")
                )
            matches.append(
                {
                    "id": next_id,
                    "round": number,
                    "games": ids,
                    "white": {"cid": team.number, "result": mine},
                    "black": {"cid": opponent, "result": theirs_},
                    "played": played,
                    "board": 0,
                }
            )
            next_id += 1
    for (kind, number), seeds in sorted(full.byes.items(), key=lambda item: (item[0][1], item[0][0])):
        for seed in seeds:
            matches.append(
                {
                    "id": next_id,
                    "games": [],
                    "round": number,
                    "white": {"cid": seed, "result": _BYE_RESULT[kind]},
                    "black": None,
                    "played": False,
                    "board": 0,
                }
            )
            next_id += 1
    for number, seed in sorted(full.pab.items()):
        matches.append(
            {
                "id": next_id,
                "games": [],
                "round": number,
                "white": {"cid": seed, "result": "P"},
                "black": None,
                "played": True,
                "board": 0,
            }
        )
        next_id += 1
    tournament["gameList"], tournament["matchList"] = games, matches
    tournament["currentRound"] = max(tournament["currentRound"], last_paired)
    return tournament


def _skeleton(full: TrfEvent) -> dict:
    """The tournament without games: what ``trf2json`` makes of the header, 001 and 310 records."""
    win, draw, loss = (Decimal(f"{points:.1f}") for points in full.match_points)
    tokens = _SYSTEM_TOKENS[full.type_code]
    scores = {
        "game": {
            "W": Decimal("1.0"),
            "D": Decimal("0.5"),
            "L": Decimal("0.0"),
            "F": "W",
            "H": "D",
            "Z": Decimal("0.0"),
            "P": "W",
            "A": "D",
            "U": "Z",
        },
        "match": {
            "W": win,
            "D": draw,
            "L": loss,
            "F": "W",
            "H": "D",
            "Z": Decimal("0.0"),
            "P": "D",
            "A": "D",
            "U": "Z",
            "FG": "W*",
            "HG": "D*",
            "ZG": "Z*",
            "PG": "P*",
        },
        "primary": "match",
    }
    if tokens[-1] == "mp+gp":
        scores["secondary"] = "game"
    players = {p.number: p for p in full.players}
    size = len(full.players)

    def cplayer(number, order, team_id):
        return {
            "cid": number,
            "profileId": number,
            "present": True,
            "gamePoints": Decimal(f"{players[number].points:.1f}"),
            "rank": 0,
            "rating": players[number].rating or None,
            "order": order,
            "teamId": team_id,
        }

    return {
        "tournamentNo": 1,
        "tournamentType": full.type_name,
        "tournamentInfo": {"fullName": full.name, "typeOfTournament": full.type_code},
        "ratingList": "TRF",
        "numRounds": full.rounds,
        "currentRound": 0,
        "teamTournament": True,
        "rankOrder": ["PTS"],
        "competitors": [
            {
                "cid": team.number,
                "teamId": size + team.number,
                "rank": 0,
                "present": True,
                "matchPoints": Decimal("0.0"),
                "gamePoints": Decimal("0.0"),
                "cplayers": [
                    cplayer(number, order, size + team.number) for order, number in enumerate(team.roster, start=1)
                ],
            }
            for team in full.teams
        ],
        "teamSize": len(full.teams[0].roster) if full.teams else 0,
        "scoreSystem": scores,
        "timeControl": {"description": "", "encoded": ""},
        "topColor": full.initial_colour.lower() or "w",
        "topColorExplicit": True,
        "pairingSystem": list(tokens),
        "format": "swiss",
        "teamColor": full.colour_sequence[0],
        "teamSequence": full.colour_sequence,
        "maxMeets": 1,
    }


_SYSTEM_TOKENS = {  # trf2json's record 192 table, for the codes ``swiss_trf_event`` writes
    f"FIDE_TEAM{code}{scores}": ("fideteam", token, system)
    for code, token in (("_TYPEA", "typea"), ("_TYPEB", "typeb"), ("", "nocolor"))
    for scores, system in (("_MP_GP", "mp+gp"), ("_MP", "mp"))
}
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def team_swiss_event(
    teams, boards, rounds, played, pattern, initial_colour="W", model=ColourModel.TYPE_A, points=MatchPoints()
) -> TrfEvent:
    """The event so far as TRF data (the cross-check tests' entry point)."""
    return swiss_trf_event(
        SwissEvent(
            teams,
            boards,
            rounds,
            len({r.round for r in played}) + 1,
            played,
            pattern,
            initial_colour,
            ColourModel(model),
            points,
        )
    )


def swiss_trf_event(event: SwissEvent) -> TrfEvent:
    """Player n of team s is (s − 1)·boards + n, board order fixed; the PAB is record 320, the
    requested byes and the absences 240 (a team, not a player: TRF-2026 team events)."""
    boards = 1 if event.match_scored else event.boards
    pattern = "W" if event.match_scored else event.colour_pattern

    def player(seed, board):
        return (seed - 1) * boards + board

    games: dict[int, dict[int, TrfGame]] = {
        player(s, b): {} for s in range(1, event.teams + 1) for b in range(1, boards + 1)
    }
    pab = {}
    for record in event.played:
        if record.second is None:
            pab[record.round] = record.first
            continue
        scores = (
            [side.boards for side in record.sides]
            if record.board_scored and not event.match_scored
            else [(_share(record, 0),), (_share(record, 1),)]
        )
        for index, (mine, theirs) in enumerate(zip(*scores)):
            colour = pattern[index].lower()
            for seed, other, own_points, own_colour in (
                (record.first, record.second, mine, colour),
                (record.second, record.first, theirs, "b" if colour == "w" else "w"),
            ):
                code = ("-", "+")[int(own_points)] if record.unplayed else {1.0: "1", 0.5: "=", 0.0: "0"}[own_points]
                games[player(seed, index + 1)][record.round] = TrfGame(player(other, index + 1), own_colour, code)
    requested: dict[tuple[str, int], list[int]] = {}
    for (number, seed), kind in sorted(event.byes.items()):
        requested.setdefault((kind, number), []).append(seed)
    for seed in sorted(set(event.absent)):
        if (event.number, seed) not in event.byes:
            requested.setdefault(("Z", event.number), []).append(seed)
    model = ColourModel.NONE if event.match_scored else event.colour_model
    scores = "_MP" if event.match_scored else "_MP_GP"
    return TrfEvent(
        name="Swiss",
        rounds=event.rounds,
        type_code=f"FIDE_TEAM{_MODEL_CODES[model]}{scores}",
        type_name="Team Swiss (C.04.6)",
        colour_sequence=pattern,
        match_points=(event.points.win, event.points.draw, event.points.loss),
        tiebreaks=(),
        players=tuple(TrfPlayer(n, f"Player {n}", games=g) for n, g in games.items()),
        teams=tuple(
            TrfTeam(s, f"Team {s}", 0.0, 0.0, 0, tuple(player(s, b) for b in range(1, boards + 1)))
            for s in range(1, event.teams + 1)
        ),
        pab=pab,
        pab_points=(
            {
                ByeScoring.NOTHING: event.points.loss,
                ByeScoring.DRAW: event.points.draw,
                ByeScoring.WIN: event.points.win,
            }[event.pab_scoring],
            boards * _PAB_SHARE[event.pab_scoring],
        ),
        byes={key: tuple(seeds) for key, seeds in requested.items()},
        initial_colour=event.initial_colour,
    )


def _share(record: MatchRecord, index: int) -> float:
    """A match scored as a whole, as one board: 1, ½ or 0 for the side (Tandem §1.3)."""
    own, other = record.sides[index].score, record.sides[1 - index].score
    if record.forfeited_by_all:
        return 0.0
    return 1.0 if own > other else 0.0 if own < other else 0.5
