"""Events of every preset's shape and any size in memory: records for our standings, TRF-2026
for gacrux where the discipline is written as TRF.

No database: the reference benchmark (``bench.reference``) and the equality tests compare the
tie-break computation of both tools on the same games, and building 2,000 teams × 11 rounds
through the services would cost minutes before the first measurement. Seeded, so every run
measures the same event.

Each encounter is stored as the database stores it (board results, the match's one result or a
table's places) and read by the preset's discipline (``encounter_record``), as the standings
selector reads it: a team blitz or FIDE team match board by board, a tandem or Viererschach match
by its one result (Tandem §1.3, Vierer §1), a Schach4 table by its finishing order.

A Swiss pairs neighbours in the standings who have not met yet (not C.04.6, which
``bench.swiss`` measures; plausible scores are what tie-breaks need), the last team without a
bye takes the pairing-allocated bye of an odd field. A round robin follows the Berger tables.
Schach4 groups the entrants by score into tables of four, the last of three or two (tables by
score). Each board, match or table is decided, drawn or shared; a few boards are forfeited, a
few matches not played at all, a few players absent from their table.
"""

import random
from dataclasses import dataclass

from tournaments.domain.berger import berger_round
from tournaments.domain.disciplines import DisciplineKind, get_discipline
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.presets import PRESETS, ByeScoring, RulePreset
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import MatchRecord, match_points
from tournaments.domain.seats import seat_results
from tournaments.domain.standings import RankingRules
from tournaments.domain.trf import TrfEvent, TrfForfeit, TrfGame, TrfPlayer, TrfTeam, write_trf

PLAYED = [BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS]
FORFEITED = [BoardResult.FIRST_WINS_BY_FORFEIT, BoardResult.SECOND_WINS_BY_FORFEIT]
BOARD_FORFEIT = 0.01  # a board whose player did not turn up
MATCH_FORFEIT = 0.003  # a match a team did not turn up to
SHARED_PLACE = 0.1  # a Schach4 game drawn between the sides still in (Schach4 "Ende des Spiels")
ABSENT = 0.01  # a Schach4 player who did not turn up to the table
# a board result from the first-named team's side -> (its player's TRF code, the opponent's)
CODES = {
    BoardResult.FIRST_WINS: ("1", "0"),
    BoardResult.DRAW: ("=", "="),
    BoardResult.SECOND_WINS: ("0", "1"),
    BoardResult.FIRST_WINS_BY_FORFEIT: ("+", "-"),
    BoardResult.SECOND_WINS_BY_FORFEIT: ("-", "+"),
}


@dataclass(frozen=True)
class Game:
    """One encounter as the database stores it: ``entrants`` by side (a table's by seat), one
    alone is the pairing-allocated bye; ``results`` a board each where the boards are scored,
    the match's one where the match is (tandem, Viererschach); ``places`` a table's by seat
    (0: absent)."""

    round: int
    entrants: tuple[int, ...]
    results: tuple[BoardResult, ...] = ()
    places: tuple[int, ...] = ()

    @property
    def first(self) -> int:
        return self.entrants[0]

    @property
    def second(self) -> int | None:
        return self.entrants[1] if len(self.entrants) > 1 else None


@dataclass(frozen=True)
class Event:
    name: str
    preset: str  # the preset whose discipline, chain, points and bye scoring rank it
    teams: int
    rounds: int
    games: tuple[Game, ...]

    @property
    def boards(self) -> int:
        return PRESETS[self.preset].boards

    @property
    def chain(self) -> tuple[str, ...]:
        return PRESETS[self.preset].tiebreaks_other

    @property
    def swiss(self) -> bool:
        return not pairing_system(PRESETS[self.preset].pairing).pairs_ahead

    @property
    def in_trf(self) -> bool:
        """Whether the project writes the discipline as TRF-2026 (games of two players)."""
        return "trf" in get_discipline(PRESETS[self.preset].discipline).exports

    def rules(self) -> RankingRules:
        preset = PRESETS[self.preset]
        return RankingRules(
            boards=preset.boards,
            match_points=preset.match_points,
            bye_scoring=preset.bye_scoring,
            tiebreaks_first=preset.tiebreaks_first,
            tiebreaks_other=preset.tiebreaks_other,
            playoff_for_first=preset.playoff_for_first,
            predetermined=not self.swiss,
            direct_encounter=get_discipline(preset.discipline).direct_encounter,
        )

    def records(self) -> list[MatchRecord]:
        return [_record(PRESETS[self.preset], game) for game in self.games]

    def trf(self) -> str:
        """The event as a TRF-2026 file; refused (RuleViolation) above 999 teams."""
        return write_trf(self.trf_event())

    def trf_event(self) -> TrfEvent:
        """The event as TRF-2026 holds it: players numbered team by team, each team's roster on its
        boards in every round (no 300 line-ups), a match with no game played as record 330."""
        if not self.in_trf:
            raise ValueError(get_discipline(PRESETS[self.preset].discipline).not_exported_because)
        boards, rules = self.boards, self.rules()
        player = {
            (team, board): (team - 1) * boards + board
            for team in range(1, self.teams + 1)
            for board in range(1, boards + 1)
        }
        games: dict[int, dict[int, TrfGame]] = {number: {} for number in player.values()}
        forfeits, pab = [], {}
        pattern = PRESETS[self.preset].colour_pattern
        for g in self.games:
            if g.second is None:
                pab[g.round] = g.first
                continue
            for board, result in enumerate(g.results, start=1):
                first, second = player[(g.first, board)], player[(g.second, board)]
                own, other = CODES[result]
                colour = pattern[board - 1].lower()
                games[first][g.round] = TrfGame(second, colour, own)
                games[second][g.round] = TrfGame(first, "b" if colour == "w" else "w", other)
            if all(result.is_forfeit for result in g.results):
                code = "+-" if g.results[0] == BoardResult.FIRST_WINS_BY_FORFEIT else "-+"
                forfeits.append(TrfForfeit(g.round, g.first, g.second, code))
        mp = rules.match_points
        share = {ByeScoring.NOTHING: 0.0, ByeScoring.DRAW: 0.5, ByeScoring.WIN: 1.0}[rules.bye_scoring]
        type_code = "FIDE_TEAM_TYPEA_MP_GP" if self.swiss else "FIDE_TEAM_ROUNDROBIN"
        return TrfEvent(
            name=self.name,
            rounds=self.rounds,
            type_code=type_code,
            type_name="Team Swiss (C.04.6)" if self.swiss else "Team round robin",
            colour_sequence=pattern,
            match_points=(mp.win, mp.draw, mp.loss),
            tiebreaks=self.chain,
            players=tuple(TrfPlayer(number, f"Player {number}", 2000, games=games[number]) for number in sorted(games)),
            teams=tuple(
                TrfTeam(team, f"Team {team}", 0.0, 0.0, 0, tuple(player[(team, b)] for b in range(1, boards + 1)))
                for team in range(1, self.teams + 1)
            ),
            forfeits=tuple(forfeits),
            pab=pab,
            pab_points=(
                {ByeScoring.DRAW: mp.draw, ByeScoring.WIN: mp.win}.get(rules.bye_scoring, 0.0),
                share * boards,
            ),
            initial_colour="W" if self.swiss else "",
        )

    def archive(self) -> dict:
        """The event as an export writes it (archive version 2, ``docs/archive.md``): the file ours
        ranks where no TRF file can hold the event (2,000 teams, a match's one result, a table of
        several sides). Each encounter as the selector exports it: the seats the discipline plans,
        a board's or the match's result on its seats or sides, a table's places on its seats (an
        absent player's seat empty, its side at the first of the last places)."""
        preset = PRESETS[self.preset]
        discipline = get_discipline(preset.discipline)
        lineup = range(1, discipline.lineup_size(preset.boards, preset.colour_pattern) + 1)
        rounds: dict[int, list] = {number: [] for number in range(1, self.rounds + 1)}
        for game in self.games:
            encounters = rounds[game.round]
            encounters.append({"table": len(encounters) + 1, **_encounter(discipline, preset, game)})
        return {
            "format": "arbiter-tournament",
            "version": 2,
            "tournament": {"name": self.name, "preset": self.preset},
            "teams": [
                {"name": f"Team {team}", "seed": team, "players": [{"name": _name(team, rank)} for rank in lineup]}
                for team in range(1, self.teams + 1)
            ],
            "rounds": [
                {"number": number, "published_at": None, "encounters": listed} for number, listed in rounds.items()
            ],
        }


def _name(team: int, rank: int) -> str:
    return f"Player {team}.{rank}"


def _encounter(discipline, preset: RulePreset, game: Game) -> dict:
    """An encounter's sides and games as ``Event.archive`` writes them."""
    sides = [{"entrant": f"Team {entrant}"} for entrant in game.entrants]
    if len(sides) == 1:
        return {"sides": sides, "games": []}
    places = game.places
    if discipline.scores_matches:
        for side, result in zip(sides, discipline.side_results(game.results[0].value)):
            side["result"] = result
    last = sum(1 for place in places if place)  # an absent side's place: the first of the last
    games = []
    for planned in discipline.games(preset.colour_pattern, len(sides)):
        board_results = seat_results(game.results[planned.board - 1]) if discipline.scores_boards else ()
        seats = []
        for index, seat in enumerate(planned.seats):
            entrant, absent = game.entrants[seat.side], places and not places[seat.side]
            entry = {"side": seat.side + 1, "player": None if absent else _name(entrant, seat.rank)}
            if places:
                entry["place"] = last + 1 if absent else places[seat.side]
            elif board_results:
                entry["result"] = board_results[index]
            seats.append(entry)
        games.append({"board": planned.board, "seats": seats})
    return {"sides": sides, "games": games}


def _record(preset: RulePreset, game: Game) -> MatchRecord:
    """The encounter as the standings selector reads it: through the preset's discipline."""
    discipline = get_discipline(preset.discipline)
    if len(game.entrants) == 1:
        return discipline.bye_record(game.round, game.first, boards=preset.boards, scoring=preset.bye_scoring)
    one = discipline.scores_matches
    return discipline.encounter_record(
        game.round,
        game.entrants,
        result=game.results[0].value if one else "",
        board_results=() if one else tuple(result.value for result in game.results),
        boards=preset.boards,
        places=game.places,
    )


def _game(rng: random.Random, preset: RulePreset, number: int, entrants: tuple[int, ...]) -> Game:
    """An encounter of ``entrants`` decided as the preset's discipline decides one."""
    discipline = get_discipline(preset.discipline)
    if discipline.kind == DisciplineKind.TABLE:
        return Game(number, entrants, places=_places(rng, len(entrants)))
    if discipline.scores_matches:  # one result for the match (Tandem §1.3, Vierer §1)
        return Game(number, entrants, (rng.choice(FORFEITED if rng.random() < MATCH_FORFEIT else PLAYED),))
    if rng.random() < MATCH_FORFEIT:
        return Game(number, entrants, (rng.choice(FORFEITED),) * preset.boards)
    return Game(
        number,
        entrants,
        tuple(rng.choice(FORFEITED if rng.random() < BOARD_FORFEIT else PLAYED) for _ in range(preset.boards)),
    )


def _places(rng: random.Random, seats: int) -> tuple[int, ...]:
    """A table's finishing order by seat: a shuffled order, now and then the last two sides still
    in drawing, so sharing the first place (players drop out one at a time, Schach4 "Ende des
    Spiels"), now and then a player absent (0: last, no points)."""
    order = rng.sample(range(seats), seats)  # seat indices, first place first
    absent = {order[-1]} if seats > 2 and rng.random() < ABSENT else set()
    places = [0] * seats
    for place, seat in enumerate(order, start=1):
        places[seat] = 0 if seat in absent else place
    if not absent and rng.random() < SHARED_PLACE:
        places[order[1]] = places[order[0]]
    return tuple(places)


def swiss(teams: int, rounds: int, *, preset: str = "fide-team-swiss", seed: int = 1) -> Event:
    """A Swiss of ``teams`` teams and ``rounds`` rounds."""
    rng, rule_preset = random.Random(seed), PRESETS[preset]
    games, met, points, had_bye = [], set(), dict.fromkeys(range(1, teams + 1), 0.0), set()
    for number in range(1, rounds + 1):
        order = sorted(points, key=lambda t: (-points[t], t))
        if len(order) % 2:
            bye = next(t for t in reversed(order) if t not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            games.append(Game(number, (bye,)))
        while order:
            a = order.pop(0)
            b = next((t for t in order if frozenset((a, t)) not in met), order[0])
            order.remove(b)
            met.add(frozenset((a, b)))
            games.append(_game(rng, rule_preset, number, (a, b) if number % 2 else (b, a)))
        for game in games[-((teams + 1) // 2) :]:
            _score(points, rule_preset, game)
    return Event(f"Swiss {teams} × {rounds}", preset, teams, rounds, tuple(games))


def round_robin(teams: int, rounds: int, *, preset: str = "fide-team", seed: int = 1) -> Event:
    """The first ``rounds`` rounds of the Berger round robin of ``teams`` teams."""
    rng, rule_preset = random.Random(seed), PRESETS[preset]
    games = tuple(
        _game(rng, rule_preset, number, (first, second)) if second is not None else Game(number, (first,))
        for number in range(1, rounds + 1)
        for first, second in berger_round(teams, number)
    )
    return Event(f"Round robin {teams} × {rounds}", preset, teams, rounds, games)


def tables(entrants: int, rounds: int, *, preset: str = "schach4-v1", seed: int = 1) -> Event:
    """Tables by score of ``entrants`` single players: each round the field in score order is
    cut into tables of four, the rest into a table of three, of two, or both (nobody sits alone)."""
    rng, rule_preset = random.Random(seed), PRESETS[preset]
    games, points = [], dict.fromkeys(range(1, entrants + 1), 0.0)
    fours, rest = divmod(entrants, 4)
    sizes = [4] * (fours - (rest == 1)) + {0: [], 1: [3, 2], 2: [2], 3: [3]}[rest]
    for number in range(1, rounds + 1):
        order, start = sorted(points, key=lambda e: (-points[e], e)), 0
        for size in sizes:
            games.append(_game(rng, rule_preset, number, tuple(order[start : start + size])))
            start += size
        for game in games[-len(sizes) :]:
            _score(points, rule_preset, game)
    return Event(f"Schach4 {entrants} × {rounds}", preset, entrants, rounds, tuple(games))


def _score(points: dict[int, float], preset: RulePreset, game: Game) -> None:
    record = _record(preset, game)
    for side, scored in zip(record.sides, match_points(record, preset.match_points, bye_scoring=preset.bye_scoring)):
        points[side.entrant] += scored
