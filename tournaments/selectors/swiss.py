"""What a pairing reads from the tournament: the rounds played, by seed (a Swiss, FIDE C.04.6;
a round robin reads only the round's number and the number of teams)."""

from dataclasses import replace

from tournaments.domain.pairing_systems import PairingRules, RoundToPair
from tournaments.domain.presets import ByeScoring, ColourModel
from tournaments.domain.scoring import MatchRecord
from tournaments.models import Tournament

from .matches import match_records
from .schedule import planned_rounds


def round_to_pair(*, tournament: Tournament, number: int) -> RoundToPair:
    """Round ``number`` as the pairing system sees it; the system decides whether the earlier
    rounds must be finished (``RoundToPair.unfinished``).

    Teams are named by seed (the TPN, C.04.6 art. 1.1); a team withdrawn before ``number`` is
    absent. Three queries: teams, matches, boards.
    """
    teams = list(tournament.teams.order_by("seed").values_list("id", "seed", "withdrawn_from_round"))
    seed_of = {pk: seed for pk, seed, _ in teams}
    read = match_records(tournament=tournament, up_to_round=number - 1)
    rules = tournament.ranking_rules
    match_scored = not tournament.discipline_rules.scores_boards  # Tandem §1.3: the engine sees match points only
    absent = {seed for _, seed, withdrawn in teams if withdrawn is not None and withdrawn <= number}
    return RoundToPair(
        number=number,
        teams=len(teams),
        rounds=planned_rounds(tournament=tournament, teams=len(teams)),
        played=[_by_seed(recorded.record, seed_of) for recorded in read.regular],
        unfinished=[r for r in range(1, number) if not read.complete.get(r, False)],
        absent=absent,
        rules=PairingRules(
            boards=tournament.boards,
            colour_pattern=tournament.colour_pattern,
            colour_model=ColourModel(tournament.colour_model),
            points=rules.match_points,
            bye_scoring=ByeScoring(tournament.bye_scoring),
            match_scored=match_scored,
        ),
    )


def _by_seed(record: MatchRecord, seed_of: dict[int, int]) -> MatchRecord:
    return replace(record, sides=tuple(replace(side, entrant=seed_of[side.entrant]) for side in record.sides))
