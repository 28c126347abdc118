from dataclasses import dataclass, field

from tournaments.domain.playoff import PlayoffRanking, PlayoffRow, rank_playoff, standings_after_playoff
from tournaments.domain.presets import PairingSystem
from tournaments.domain.schedule import round_robin_schedule
from tournaments.domain.standings import StandingRow, compute_standings
from tournaments.domain.tiebreaks import TieBreak, get_tiebreak
from tournaments.domain.withdrawal import Withdrawal, WithdrawalApplied, WithdrawalNote, WithdrawalRule, apply_withdrawals
from tournaments.models import Round, Team, Tournament

from .matches import match_record, matches_with_boards


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
    after_round: int  # the last regular round with a finished match (0 before any)
    final: bool  # every round of the schedule is complete
    playoff: list[TeamPlayoff] = field(default_factory=list)  # empty until a play-off is paired
    playoff_complete: bool = False
    lots_needed: list[list[Team]] = field(default_factory=list)  # still tied after the play-off
    withdrawals: list[TeamWithdrawal] = field(default_factory=list)

    @property
    def playoff_required(self) -> bool:
        return any(entry.row.playoff_required for entry in self.rows)

    @property
    def playoff_decided(self) -> bool:
        return bool(self.playoff) and self.playoff_complete and not self.lots_needed


def standings_for_tournament(
    *, tournament: Tournament, after_round: int | None = None, published_only: bool = False
) -> Standings:
    """Standings over the finished matches up to ``after_round`` (all rounds when omitted).

    ``published_only`` counts only published rounds (the public view): a draft round's results
    stay on the desk until the TD publishes them. Play-off matches never count for the regular
    standings; once the play-off is decided it orders the teams tied for first (Blitz §16).
    Withdrawn teams are treated as the tournament's withdrawal rule says, and the standings say so.

    Three queries whatever the size of the event: teams, matches, boards.
    """
    teams = list(Team.objects.filter(tournament=tournament).order_by("seed"))
    # Unpublished rounds are read too (and count as unfinished): the public view must know that a
    # play-off round exists before it may call the play-off complete.
    matches = list(matches_with_boards(tournament=tournament, up_to_round=after_round))
    rules = tournament.ranking_rules
    records, complete_rounds, played_rounds = [], {}, set()
    playoff_records, playoff_teams, playoff_complete = [], set(), True
    for match in matches:
        hidden = published_only and match.round.published_at is None
        record = (
            None
            if hidden
            else match_record(
                match, boards_count=rules.boards, bye_scoring=rules.bye_scoring, match_level=tournament.match_level_result
            )
        )
        if match.round.kind == Round.Kind.PLAYOFF:
            playoff_teams |= {match.first_team_id, match.second_team_id} - {None}
            playoff_complete = playoff_complete and record is not None
            if record is not None:
                playoff_records.append(record)
            continue
        complete_rounds.setdefault(match.round.number, True)
        if record is None:
            complete_rounds[match.round.number] = False
        else:
            records.append(record)
            if record.second is not None:
                played_rounds.add(record.round)
    schedule = _schedule(tournament, len(teams))
    final = bool(schedule) and all(complete_rounds.get(number, False) for number in range(1, len(schedule) + 1))
    records, notes = apply_withdrawals(records, _withdrawals(teams, schedule), WithdrawalRule(tournament.withdrawal_rule))
    cancelled = {note.team for note in notes if note.applied == WithdrawalApplied.CANCELLED}
    rows = compute_standings([t.id for t in teams if t.id not in cancelled], records, rules, final=final)
    by_id = {team.id: team for team in teams}
    playoff = None
    if playoff_teams:
        playoff = rank_playoff(
            [t.id for t in teams if t.id in playoff_teams],
            playoff_records,
            boards=rules.boards,
            points=rules.match_points,
            bye_scoring=rules.bye_scoring,
            complete=playoff_complete,
            lots=tournament.playoff_lots,
        )
        rows = standings_after_playoff(rows, playoff)
    codes = list(dict.fromkeys(tournament.tiebreaks_first + tournament.tiebreaks_other))
    return Standings(
        rows=[TeamStanding(by_id[row.team], row) for row in rows],
        tiebreaks=[get_tiebreak(code) for code in codes],
        after_round=max(played_rounds, default=0),
        final=final,
        **_playoff_fields(playoff, by_id),
        withdrawals=[TeamWithdrawal(by_id[note.team], note) for note in notes],
    )


def _playoff_fields(playoff: PlayoffRanking | None, by_id: dict) -> dict:
    if playoff is None:
        return {}
    return {
        "playoff": [TeamPlayoff(by_id[row.team], row) for row in playoff.rows],
        "playoff_complete": playoff.complete,
        "lots_needed": [[by_id[team] for team in group] for group in playoff.lots_needed],
    }


def _withdrawals(teams: list[Team], schedule) -> list[Withdrawal]:
    """Per withdrawn team: its matches in the schedule (byes not counted) and those before it left."""
    result = []
    for team in teams:
        if team.withdrawn_from_round is None:
            continue
        rounds = [
            number
            for number, pairs in enumerate(schedule, start=1)
            for pair in pairs
            if team.seed in pair and None not in pair
        ]
        played = sum(1 for number in rounds if number < team.withdrawn_from_round)
        result.append(Withdrawal(team.id, team.withdrawn_from_round, scheduled=len(rounds), played=played))
    return result


def _schedule(tournament: Tournament, teams: int):
    if tournament.pairing_system in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN):
        return round_robin_schedule(teams, PairingSystem(tournament.pairing_system))
    return []
