from dataclasses import dataclass

from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_round_count
from tournaments.domain.scoring import MatchRecord
from tournaments.domain.standings import StandingRow, compute_standings
from tournaments.domain.tiebreaks import TieBreak, get_tiebreak
from tournaments.models import Team, Tournament

from .matches import match_records


@dataclass(frozen=True)
class TeamStanding:
    team: Team
    row: StandingRow


@dataclass(frozen=True)
class Standings:
    rows: list[TeamStanding]
    tiebreaks: list[TieBreak]  # the codes shown, in order, with their names
    after_round: int  # the last round with a finished match (0 before any)
    final: bool  # every round of the schedule is complete

    @property
    def playoff_required(self) -> bool:
        return any(entry.row.playoff_required for entry in self.rows)


def standings_for_tournament(
    *, tournament: Tournament, after_round: int | None = None, published_only: bool = False
) -> Standings:
    """Standings over the finished matches up to ``after_round`` (all rounds when omitted).

    ``published_only`` counts only published rounds (the public view): a draft round's results
    stay on the desk until the TD publishes them.

    Three queries whatever the size of the event: teams, matches, boards.
    """
    return standings_with_records(tournament=tournament, after_round=after_round, published_only=published_only)[0]


def standings_with_records(
    *, tournament: Tournament, after_round: int | None = None, published_only: bool = False
) -> tuple[Standings, list[MatchRecord]]:
    """The standings and the match records they were computed from, for the crosstable."""
    teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
    records, complete_rounds = match_records(
        tournament=tournament, up_to_round=after_round, published_only=published_only
    )
    played_rounds = {record.round for record in records if record.second is not None}
    scheduled = _scheduled_rounds(tournament, len(teams))
    final = scheduled > 0 and all(complete_rounds.get(number, False) for number in range(1, scheduled + 1))
    rows = compute_standings([t.id for t in teams], records, tournament.ranking_rules, final=final)
    by_id = {team.id: team for team in teams}
    codes = list(dict.fromkeys(tournament.tiebreaks_first + tournament.tiebreaks_other))
    standings = Standings(
        rows=[TeamStanding(by_id[row.team], row) for row in rows],
        tiebreaks=[get_tiebreak(code) for code in codes],
        after_round=max(played_rounds, default=0),
        final=final,
    )
    return standings, records


def _scheduled_rounds(tournament: Tournament, teams: int) -> int:
    if tournament.pairing_system in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        return round_robin_round_count(teams, PairingSystem(tournament.pairing_system))
    return 0
