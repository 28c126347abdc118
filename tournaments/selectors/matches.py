from dataclasses import dataclass, field

from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.scoring import MatchRecord, requested_bye_record
from tournaments.domain.standing_records import standing_record
from tournaments.models import BoardGame, Match, MatchSide, RequestedBye, Round, Tournament


def matches_with_boards(
    *, tournament: Tournament, up_to_round: int | None = None, with_players: bool = False, published_only: bool = False
):
    """Every match with its round, sides' teams and boards: three queries, four ``with_players``
    (the boards' seats and players).

    ``published_only`` keeps only the rounds the TD has published: what the public may see.
    """
    matches = Match.objects.filter(round__tournament=tournament).select_related("round").with_sides()
    matches = (matches.with_games() if with_players else matches.prefetch_related("boards")).order_by(
        "round__number", "table", "leg"
    )
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
    return matches


@dataclass(frozen=True, slots=True)
class RecordedMatch:
    """A finished match (or bye) with what the crosstable shows beyond the record."""

    record: MatchRecord
    leg: int
    result: str  # the match's own result where the discipline scores matches (Tandem §1.3), else ""
    table: int = 0
    places: tuple[int | None, ...] = ()  # a table's stored places by seat (0: absent); () elsewhere


@dataclass
class MatchRecords:
    """What the standings read: regular and play-off matches apart (Blitz §16)."""

    regular: list[RecordedMatch] = field(default_factory=list)  # round, table and leg order
    complete: dict[int, bool] = field(default_factory=dict)  # regular round -> every match finished and shown
    playoff: list[MatchRecord] = field(default_factory=list)
    playoff_teams: set[int] = field(default_factory=set)
    playoff_complete: bool = True


def match_records(
    *, tournament: Tournament, up_to_round: int | None = None, published_only: bool = False
) -> MatchRecords:
    """Every finished match as the standings see it, and per round whether all its matches are.

    Three queries of plain tuples (matches, sides, boards; a Swiss also its requested byes), no model instances:
    2,000 teams × 11 rounds are 44,000 boards, and building a model object for each cost more than the whole
    tie-break chain. No board query where the match has one result of its own (Tandem §1.3).

    ``published_only`` hides the results of unpublished rounds, which then count as unfinished;
    they are still read, as the public view must know that a play-off round exists before it may
    call the play-off complete.
    """
    matches = Match.objects.filter(round__tournament=tournament)
    boards = BoardGame.objects.filter(match__round__tournament=tournament)
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
        boards = boards.filter(match__round__number__lte=up_to_round)
    if published_only:
        boards = boards.filter(match__round__published_at__isnull=False)
    discipline = tournament.discipline_rules
    rules = tournament.ranking_rules
    # Only the boards that carry a result of their own: none where the match has one (Tandem
    # §1.3), and for an empty list Django sends no query at all.
    boards = boards.filter(board__in=discipline.boards_with_results(rules.boards))
    results: dict[int, list[str]] = {}
    for match_id, result in boards.order_by("match_id", "board").values_list("match_id", "result"):
        results.setdefault(match_id, []).append(result)
    records = MatchRecords()
    teams: dict[int, list[int]] = {}
    places: dict[int, list[int | None]] = {}  # a table's finishing order (issue 15); None elsewhere
    sides = MatchSide.objects.filter(match__in=matches).order_by("match_id", "position")
    for match_id, team, place in sides.values_list("match_id", "team_id", "place"):
        teams.setdefault(match_id, []).append(team)
        places.setdefault(match_id, []).append(place)
    rows = matches.order_by("round__number", "table", "leg").values_list(
        "pk", "round__number", "round__kind", "round__published_at", "leg", "result", "table"
    )
    regular_rounds: dict[int, bool] = {}  # regular round -> shown (published, or not ``published_only``)
    for pk, number, kind, published_at, leg, result, table in rows:
        record = None
        if not (published_only and published_at is None):
            record = standing_record(
                number,
                teams[pk],
                result=result,
                board_results=results.get(pk, []),
                places=places[pk],
                discipline=discipline,
                rules=rules,
                leg=leg,
            )
        if kind == Round.Kind.PLAYOFF:
            records.playoff_teams |= set(teams[pk])
            records.playoff_complete = records.playoff_complete and record is not None
            if record is not None:
                records.playoff.append(record)
            continue
        regular_rounds[number] = not (published_only and published_at is None)
        records.complete.setdefault(number, True)
        if record is None:
            records.complete[number] = False
        else:
            stored = tuple(places[pk]) if record.placement else ()
            records.regular.append(RecordedMatch(record, leg, result, table, stored))
    _add_requested_byes(records, tournament, regular_rounds, boards=rules.boards)
    return records


def _add_requested_byes(records: MatchRecords, tournament: Tournament, rounds: dict[int, bool], *, boards: int) -> None:
    """The byes requested in advance (and a late entry's missed rounds) of the paired rounds
    shown, after each round's encounters (TRF 240; one query, none where the pairing system
    takes no requested byes: a fixed schedule)."""
    if pairing_system(tournament.pairing_system).requested_byes_refusal() is not None:
        return
    byes = RequestedBye.objects.filter(
        tournament=tournament, round_number__in=[n for n, shown in rounds.items() if shown]
    )
    added = [
        RecordedMatch(requested_bye_record(number, team, boards=boards, kind=kind), 1, "")
        for number, team, kind in byes.order_by("round_number", "team__seed").values_list(
            "round_number", "team_id", "kind"
        )
    ]
    if added:
        records.regular = sorted(records.regular + added, key=lambda recorded: recorded.record.round)
