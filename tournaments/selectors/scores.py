"""Match scores and match points as the desk's result grid shows them after every keystroke."""

from dataclasses import dataclass

from tournaments.domain.presets import ByeScoring, MatchPoints
from tournaments.domain.scoring import match_points
from tournaments.models import Match, Tournament

from .matches import matches_with_boards
from .pairings import MatchLine, _line


@dataclass(frozen=True)
class MatchScore:
    first: float
    second: float
    first_mp: float | None  # None while a board still lacks its result
    second_mp: float | None
    missing: int
    version: int

    def as_json(self) -> dict:
        return {
            "first": self.first,
            "second": self.second,
            "first_mp": self.first_mp,
            "second_mp": self.second_mp,
            "missing": self.missing,
            "version": self.version,
        }


def match_score(line: MatchLine, tournament: Tournament) -> MatchScore:
    """Board points so far; match points once every board has a result (Blitz §16), or once the
    match has its one result where the discipline scores whole matches (Tandem §1.3)."""
    match = line.match
    first_mp = second_mp = None
    if not line.missing_results and match.second_team_id is not None:
        record = line.discipline.match_record(
            match.round.number, match.first_team_id, match.second_team_id,
            result=line.result, board_results=[b.result for b in line.boards], boards=len(line.boards),
        )
        points = MatchPoints(float(tournament.mp_win), float(tournament.mp_draw), float(tournament.mp_loss))
        first_mp, second_mp = match_points(record, points, bye_scoring=ByeScoring(tournament.bye_scoring))
    return MatchScore(line.first_score, line.second_score, first_mp, second_mp, line.missing_results, match.version)


def match_line(*, match: Match) -> MatchLine:
    """One match with boards, players and colours: four queries."""
    tournament = match.round.tournament
    fresh = matches_with_boards(tournament=tournament, with_players=True).get(pk=match.pk)
    return _line(fresh, tournament, published_only=False)
