from dataclasses import dataclass

from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_schedule
from tournaments.domain.standings import StandingRow, compute_standings
from tournaments.domain.tiebreaks import TieBreak, get_tiebreak
from tournaments.models import Team, Tournament

from .matches import match_record, matches_with_boards


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
    teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
    matches = list(matches_with_boards(tournament=tournament, up_to_round=after_round, published_only=published_only))
    rules = tournament.ranking_rules
    records, complete_rounds, played_rounds = [], {}, set()
    for match in matches:
        record = match_record(
            match, boards_count=rules.boards, bye_scoring=rules.bye_scoring, match_level=tournament.match_level_result
        )
        complete_rounds.setdefault(match.round.number, True)
        if record is None:
            complete_rounds[match.round.number] = False
        else:
            records.append(record)
            if record.second is not None:
                played_rounds.add(record.round)
    scheduled = _scheduled_rounds(tournament, len(teams))
    final = scheduled > 0 and all(complete_rounds.get(number, False) for number in range(1, scheduled + 1))
    rows = compute_standings([t.id for t in teams], records, rules, final=final)
    by_id = {team.id: team for team in teams}
    codes = list(dict.fromkeys(tournament.tiebreaks_first + tournament.tiebreaks_other))
    return Standings(
        rows=[TeamStanding(by_id[row.team], row) for row in rows],
        tiebreaks=[get_tiebreak(code) for code in codes],
        after_round=max(played_rounds, default=0),
        final=final,
    )


def _scheduled_rounds(tournament: Tournament, teams: int) -> int:
    if tournament.pairing_system in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        return len(round_robin_schedule(teams, PairingSystem(tournament.pairing_system)))
    return 0
