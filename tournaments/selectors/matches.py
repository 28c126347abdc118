from tournaments.domain.presets import ByeScoring
from tournaments.domain.results import BoardResult
from tournaments.domain.scoring import MatchRecord, bye_record, match_from_result, match_from_results
from tournaments.models import Match, Tournament


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
        .order_by("round__number", "table", "leg")
    )
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
    if published_only:
        matches = matches.filter(round__published_at__isnull=False)
    return matches


def match_record(
    match: Match, *, boards_count: int, bye_scoring: ByeScoring, match_level: bool = False
) -> MatchRecord | None:
    """The match as the standings see it, or ``None`` while a result is missing.

    ``match_level``: the match has one result of its own (Tandem §1.3), not one per board.
    """
    if match.second_team_id is None:
        return bye_record(match.round.number, match.first_team_id, boards=boards_count, scoring=bye_scoring)
    if match_level:
        if not match.result:
            return None
        return match_from_result(match.round.number, match.first_team_id, match.second_team_id, BoardResult(match.result))
    boards = list(match.boards.all())
    if len(boards) != boards_count or any(not b.result for b in boards):
        return None
    return match_from_results(
        match.round.number, match.first_team_id, match.second_team_id, [BoardResult(b.result) for b in boards]
    )
