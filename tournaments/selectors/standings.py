from dataclasses import dataclass, field

from tournaments.domain.disciplines import StandingsColumn
from tournaments.domain.pairing_systems import PairingStrategy
from tournaments.domain.playoff import (
    PlayoffRanking,
    PlayoffRow,
    playoff_stands,
    rank_playoff,
    standings_after_playoff,
    standings_after_playoff_for_first,
)
from tournaments.domain.standings import StandingRow, compute_standings
from tournaments.domain.tiebreaks import TieBreak, get_tiebreak
from tournaments.domain.withdrawal import (
    Withdrawal,
    WithdrawalApplied,
    WithdrawalNote,
    WithdrawalRule,
    apply_withdrawals,
)
from tournaments.models import StandingsCheck, Team, Tournament

from .matches import RecordedMatch, match_records
from .schedule import planned_rounds, tournament_pairing_system


@dataclass(frozen=True)
class TeamStanding:
    team: Team
    row: StandingRow


@dataclass(frozen=True)
class TeamPlayoff:
    team: Team
    row: PlayoffRow  # ``row.decided_by``: MP, BW, FWB or LOTS (Blitz §16)


@dataclass(frozen=True)
class TeamWithdrawal:
    team: Team
    note: WithdrawalNote  # ``note.applied``: forfeits or cancelled; ``note.reason`` says so


@dataclass(frozen=True)
class Standings:
    rows: list[TeamStanding]
    tiebreaks: list[TieBreak]  # the codes shown, in order, with their names
    # the last regular round with a finished match played over the board (0 before any): the
    # forfeits a withdrawal writes into later rounds are no results of those rounds (issue 28 item 10)
    after_round: int
    final: bool  # the pairing system says the event is over (every planned round complete)
    playoff: list[TeamPlayoff] = field(default_factory=list)  # empty until a play-off is paired
    playoff_complete: bool = False
    lots_needed: list[list[Team]] = field(default_factory=list)  # still tied after the play-off
    # the play-off's tie is gone (a regular result changed after it was paired): shown, not applied
    playoff_void: bool = False
    withdrawals: list[TeamWithdrawal] = field(default_factory=list)
    # the totals shown after the match points, from the discipline: board points, or none
    # where a match has one result (Tandem §1.3); pages and PDFs loop over them
    columns: tuple[StandingsColumn, ...] = ()

    @property
    def playoff_required(self) -> bool:
        return any(entry.row.playoff_required for entry in self.rows)

    @property
    def playoff_decided(self) -> bool:
        return bool(self.playoff) and self.playoff_complete and not self.lots_needed and not self.playoff_void


def standings_for_tournament(
    *, tournament: Tournament, after_round: int | None = None, published_only: bool = False
) -> Standings:
    """Standings over the finished matches up to ``after_round`` (all rounds when omitted).

    ``published_only`` counts only published rounds (the public view): a draft round's results
    stay on the desk until the TD publishes them. Play-off matches never count for the regular
    standings; once the play-off is decided it orders the teams tied for first (Blitz §16).
    Withdrawn teams are treated as the tournament's withdrawal rule says, and the standings say so.

    Four queries whatever the size of the event: teams, matches, their sides, boards (three with match results).
    """
    return standings_with_records(tournament=tournament, after_round=after_round, published_only=published_only)[0]


def standings_with_records(
    *, tournament: Tournament, after_round: int | None = None, published_only: bool = False
) -> tuple[Standings, list[RecordedMatch]]:
    """The standings and the regular matches they were computed from, for the crosstable."""
    teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
    read = match_records(tournament=tournament, up_to_round=after_round, published_only=published_only)
    rules = tournament.ranking_rules
    records = [match.record for match in read.regular]
    played_rounds = {record.round for record in records if not record.is_bye and not record.unplayed}
    system = tournament_pairing_system(tournament)
    planned = planned_rounds(tournament=tournament, teams=len(teams))
    final = system.is_final(planned, read.complete)
    withdrawals = _withdrawals(teams, system, planned)
    records, notes = apply_withdrawals(records, withdrawals, WithdrawalRule(tournament.withdrawal_rule))
    cancelled = {note.team for note in notes if note.applied == WithdrawalApplied.CANCELLED}
    by_id = {team.id: team for team in teams}
    playoff = None
    if read.playoff_teams:
        playoff = rank_playoff(
            [t.id for t in teams if t.id in read.playoff_teams],
            read.playoff,
            boards=rules.boards,
            points=rules.match_points,
            bye_scoring=rules.bye_scoring,
            complete=read.playoff_complete,
            lots=tournament.playoff_lots,
            ranks_all=tournament.playoff_ranks_all,
        )
    # Blitz §16: the play-off decides first place; the others follow the other-places chain,
    # unless the tournament lets the play-off rank all its teams. A play-off whose tie a
    # correction undid or changed is void: shown, never applied.
    teams_in = [t.id for t in teams if t.id not in cancelled]
    rows = compute_standings(teams_in, records, rules, final=final)
    void = playoff is not None and not playoff_stands(rows, list(read.playoff_teams))
    if playoff and not void and not tournament.playoff_ranks_all and playoff.winner is not None:
        rows = compute_standings(teams_in, records, rules, final=final, first_place=playoff.winner)
        rows = standings_after_playoff_for_first(rows, playoff)
    if playoff and tournament.playoff_ranks_all:
        rows = standings_after_playoff(rows, playoff)
    codes = list(dict.fromkeys(tournament.tiebreaks_first + tournament.tiebreaks_other))
    standings = Standings(
        rows=[TeamStanding(by_id[row.team], row) for row in rows],
        tiebreaks=[get_tiebreak(code) for code in codes],
        after_round=max(played_rounds, default=0),
        final=final,
        **_playoff_fields(playoff, by_id, void=void),
        withdrawals=[TeamWithdrawal(by_id[note.team], note) for note in notes],
        columns=tournament.discipline_rules.standings_columns,
    )
    return standings, read.regular


def _playoff_fields(playoff: PlayoffRanking | None, by_id: dict, *, void: bool) -> dict:
    """The play-off's table; a void one asks for no lots."""
    if playoff is None:
        return {}
    return {
        "playoff": [TeamPlayoff(by_id[row.team], row) for row in playoff.rows],
        "playoff_complete": playoff.complete,
        "lots_needed": [] if void else [[by_id[team] for team in group] for group in playoff.lots_needed],
        "playoff_void": void,
    }


def _withdrawals(teams: list[Team], system: PairingStrategy, planned: int) -> list[Withdrawal]:
    """Per withdrawn team: its matches in the schedule (byes not counted) and those before it left.

    Only the withdrawn teams' bye rounds are computed: 2,000 teams' whole schedule costs seconds.
    """
    result = []
    for team in teams:
        if team.withdrawn_from_round is None:
            continue
        rounds = system.rounds_with_opponent(len(teams), team.seed, planned)
        played = sum(1 for number in rounds if number < team.withdrawn_from_round)
        result.append(Withdrawal(team.id, team.withdrawn_from_round, scheduled=len(rounds), played=played))
    return result


def standings_check_for(*, tournament: Tournament) -> StandingsCheck | None:
    """The reference tool's last verdict on the published standings (one query)."""
    return StandingsCheck.objects.filter(tournament=tournament).first()
