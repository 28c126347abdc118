from dataclasses import dataclass

from tournaments.domain.disciplines import DisciplineRules
from tournaments.models import BoardGame, Match, Round, Tournament

from .match_view import results_hidden
from .matches import matches_with_boards
from .tables import tables_for_round


@dataclass(frozen=True)
class BoardLine:
    """One board as pairing lists and match forms print it: colours from the tournament's pattern."""

    game: BoardGame
    first_colour: str
    second_colour: str
    result: str  # "" while missing, or while the round is unpublished in a public view


@dataclass(frozen=True)
class MatchLine:
    """A match as listed: its boards, the colour pattern it is played with (swapped in a return
    leg) and, where a match has one result (tandem), that result with its deciding board and how."""

    match: Match
    boards: list[BoardLine]
    discipline: DisciplineRules
    result: str = ""  # the match's own result where the discipline scores matches; "" while missing or hidden
    deciding_board: int | None = None
    decided_by: str = ""

    @property
    def first_score(self) -> float:
        return self._score[0]

    @property
    def second_score(self) -> float:
        return self._score[1]

    @property
    def _score(self) -> tuple[float, float]:
        return self.discipline.score(result=self.result, board_results=[line.result for line in self.boards])

    @property
    def missing_results(self) -> int:
        if self.match.second_team_id is None:
            return 0
        return self.discipline.missing_results(result=self.result, board_results=[line.result for line in self.boards])

    @property
    def missing(self) -> list["MissingResult"]:
        """The results still missing: boards, or the match's one result (Tandem §1.3); none for a bye."""
        if self.match.second_team_id is None:
            return []
        places = self.discipline.missing(result=self.result, board_results=[line.result for line in self.boards])
        entrants = (self.match.first_team.name, self.match.second_team.name)
        return [MissingResult(self.match.table, self.match.leg, entrants, board=number) for number in places]

    @property
    def score_text(self) -> str:
        """The match's score as shown: "2½ : 1½", or its one result "1-0" (Tandem §1.3)."""
        return self.discipline.score_text(self.first_score, self.second_score, self.result)


@dataclass(frozen=True)
class RoundPairings:
    round: Round
    matches: list[MatchLine]


def pairings_for_round(*, round_: Round, published_only: bool = False) -> RoundPairings:
    """A round's matches with boards, players and colours: four queries.

    A fixed schedule's pairings are public as soon as they exist, a Swiss round's once the TD
    published them (issue 16); with ``published_only`` the public sees no matches before that,
    and no results of a round the TD has not published yet.
    """
    if published_only and round_.pairings_published_at is None:
        return RoundPairings(round=round_, matches=[])
    tournament = round_.tournament
    matches = matches_with_boards(tournament=tournament, with_players=True).filter(round=round_)
    return RoundPairings(round=round_, matches=[_line(match, tournament, published_only) for match in matches])


@dataclass(frozen=True)
class MissingResult:
    """A result the round still lacks: one board, a match's one result (Tandem §1.3) or a
    table's finishing order (``board`` None), named as the TD finds it in the hall."""

    table: int
    leg: int
    entrants: tuple[str, ...]
    board: int | None = None


def round_missing_results(*, round_: Round) -> list[MissingResult]:
    """What publishing should warn about, as the round's layout lists it (``DisciplineRules.layout``)."""
    return _MISSING_BY_LAYOUT[round_.tournament.discipline_rules.layout](round_)


def _missing_at_boards(round_: Round) -> list[MissingResult]:
    return [missing for line in pairings_for_round(round_=round_).matches for missing in line.missing]


def _missing_at_tables(round_: Round) -> list[MissingResult]:
    return [
        MissingResult(line.table, line.leg, tuple(dict.fromkeys(seat.entrant for seat in line.seats)))
        for line in tables_for_round(round_=round_)
        if line.missing
    ]


_MISSING_BY_LAYOUT = {"boards": _missing_at_boards, "table": _missing_at_tables}


def pairings_for_tournament(*, tournament: Tournament, published_only: bool = False) -> list[RoundPairings]:
    """Every round's pairings: five queries whatever the size of the event."""
    rounds = {r.pk: RoundPairings(round=r, matches=[]) for r in tournament.rounds.order_by("number")}
    for match in matches_with_boards(tournament=tournament, with_players=True):
        rounds[match.round_id].matches.append(_line(match, tournament, published_only))
    return list(rounds.values())


def _line(match: Match, tournament: Tournament, published_only: bool) -> MatchLine:
    hidden = results_hidden(published_at=match.round.published_at, private=not published_only)
    lines = []
    for game in match.boards.all():
        result = "" if hidden else game.result
        lines.append(
            BoardLine(game=game, first_colour=game.seat(1).colour, second_colour=game.seat(2).colour, result=result)
        )
    shown = not hidden and bool(match.result)
    return MatchLine(
        match=match,
        boards=lines,
        discipline=tournament.discipline_rules,
        result=match.result if shown else "",
        deciding_board=match.deciding_board if shown else None,
        decided_by=match.decided_by if shown else "",
    )
