"""Team events of any size in memory, as records for our standings and as TRF-2026 for gacrux.

No database: the reference benchmark (``bench.reference``) and the equality tests compare the
tie-break computation of both tools on the same games, and building 200 teams × 11 rounds
through the services would cost minutes before the first measurement. Seeded, so every run
measures the same event.

A Swiss pairs neighbours in the standings who have not met yet (not C.04.6, which
``bench.swiss`` measures; plausible scores are what tie-breaks need), the last team without a
bye takes the pairing-allocated bye of an odd field. A round robin follows the Berger tables.
Each board is won, drawn or lost; a few boards are forfeited and a few matches not played at all.
"""

import random
from dataclasses import dataclass

from tournaments.domain.berger import berger_round
from tournaments.domain.disciplines import get_discipline
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.presets import PRESETS, ByeScoring
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import MatchRecord, bye_record, match_from_results
from tournaments.domain.standings import RankingRules
from tournaments.domain.trf import TrfEvent, TrfForfeit, TrfGame, TrfPlayer, TrfTeam, write_trf

PLAYED = [BoardResult.FIRST_WINS, BoardResult.DRAW, BoardResult.SECOND_WINS]
BOARD_FORFEIT = 0.01  # a board whose player did not turn up
MATCH_FORFEIT = 0.003  # a match a team did not turn up to
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
    """One encounter: ``second`` None is the pairing-allocated bye."""

    round: int
    first: int
    second: int | None
    results: tuple[BoardResult, ...] = ()


@dataclass(frozen=True)
class Event:
    name: str
    preset: str  # the preset whose chain, points and bye scoring rank it
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
        scoring = self.rules().bye_scoring
        return [
            bye_record(g.round, g.first, boards=self.boards, scoring=scoring)
            if g.second is None
            else match_from_results(g.round, g.first, g.second, g.results)
            for g in self.games
        ]

    def trf(self) -> str:
        """The event as TRF-2026: players numbered team by team, each team's roster on its boards
        in every round (no 300 line-ups), a match with no game played as record 330."""
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
        event = TrfEvent(
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
        return write_trf(event)


def _results(rng: random.Random, boards: int) -> tuple[BoardResult, ...]:
    if rng.random() < MATCH_FORFEIT:
        return (rng.choice([BoardResult.FIRST_WINS_BY_FORFEIT, BoardResult.SECOND_WINS_BY_FORFEIT]),) * boards
    return tuple(
        rng.choice([BoardResult.FIRST_WINS_BY_FORFEIT, BoardResult.SECOND_WINS_BY_FORFEIT])
        if rng.random() < BOARD_FORFEIT
        else rng.choice(PLAYED)
        for _ in range(boards)
    )


def swiss(teams: int, rounds: int, *, preset: str = "fide-team-swiss", seed: int = 1) -> Event:
    """A Swiss of ``teams`` teams and ``rounds`` rounds."""
    rng, boards = random.Random(seed), PRESETS[preset].boards
    games, met, points, had_bye = [], set(), dict.fromkeys(range(1, teams + 1), 0.0), set()
    for number in range(1, rounds + 1):
        order = sorted(points, key=lambda t: (-points[t], t))
        if len(order) % 2:
            bye = next(t for t in reversed(order) if t not in had_bye)
            order.remove(bye)
            had_bye.add(bye)
            games.append(Game(number, bye, None))
            points[bye] += 1
        while order:
            a = order.pop(0)
            b = next((t for t in order if frozenset((a, t)) not in met), order[0])
            order.remove(b)
            met.add(frozenset((a, b)))
            first, second = (a, b) if number % 2 else (b, a)
            game = Game(number, first, second, _results(rng, boards))
            games.append(game)
            record = match_from_results(number, first, second, game.results)
            own, other = record.sides[0].score, record.sides[1].score
            points[first] += 2 if own > other else 1 if own == other else 0
            points[second] += 2 if other > own else 1 if own == other else 0
    return Event(f"Swiss {teams} × {rounds}", preset, teams, rounds, tuple(games))


def round_robin(teams: int, rounds: int, *, preset: str = "fide-team", seed: int = 1) -> Event:
    """The first ``rounds`` rounds of the Berger round robin of ``teams`` teams."""
    rng, boards = random.Random(seed), PRESETS[preset].boards
    games = tuple(
        Game(number, first, second, _results(rng, boards) if second is not None else ())
        for number in range(1, rounds + 1)
        for first, second in berger_round(teams, number)
    )
    return Event(f"Round robin {teams} × {rounds}", preset, teams, rounds, games)
