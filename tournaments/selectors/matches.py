from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import MatchRecord, bye_record, match_from_results
from tournaments.models import BoardGame, Match, Tournament


def matches_with_boards(
    *, tournament: Tournament, up_to_round: int | None = None, with_players: bool = False, published_only: bool = False
):
    """Every match with its round, teams and boards: two queries, four ``with_players``.

    ``published_only`` keeps only the rounds the TD has published: what the public may see.
    """
    boards = ("boards__first_player", "boards__second_player") if with_players else ("boards",)
    matches = (
        Match.objects.filter(round__tournament=tournament)
        .select_related("round", "first_team", "second_team")
        .prefetch_related(*boards)
        .order_by("round__number", "table")
    )
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
    return matches


def match_records(
    *, tournament: Tournament, up_to_round: int | None = None, published_only: bool = False
) -> tuple[list[MatchRecord], dict[int, bool]]:
    """Every finished match as the standings see it, and per round whether all its matches are.

    Two queries of plain tuples, no model instances: 2,000 teams × 11 rounds are 44,000 boards,
    and building a model object for each cost more than the whole tie-break chain.
    """
    matches = Match.objects.filter(round__tournament=tournament)
    boards = BoardGame.objects.filter(match__round__tournament=tournament)
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
        boards = boards.filter(match__round__number__lte=up_to_round)
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
        boards = boards.filter(match__round__published_at__isnull=False)
    results: dict[int, list[str]] = {}
    for match_id, result in boards.order_by("match_id", "board").values_list("match_id", "result"):
        results.setdefault(match_id, []).append(result)
    rules = tournament.ranking_rules
    records, complete = [], {}
    rows = matches.order_by("round__number", "table").values_list("pk", "round__number", "first_team_id", "second_team_id")
    for pk, number, first, second in rows:
        complete.setdefault(number, True)
        if second is None:
            records.append(bye_record(number, first, boards=rules.boards, scoring=rules.bye_scoring))
            continue
        texts = results.get(pk, [])
        if len(texts) != rules.boards or not all(texts):
            complete[number] = False
            continue
        records.append(match_from_results(number, first, second, [_RESULTS[text] for text in texts]))
    return records, complete


_RESULTS = {result.value: result for result in BoardResult}
