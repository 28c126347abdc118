"""What a pairing system may read to pair the next round: the rounds played, by seed, the
standings and the tables so far.

Round robins read only the round's number and the number of teams; a Swiss (FIDE C.04.6) reads
the rounds played, the absent teams and the competition's rules; tables by score (a "Swiss in
fours", issue 15) read the standings to group by score and the earlier tables, seats in order, to
avoid repeat table-mates and to rotate the first move.
"""

from dataclasses import replace

from tournaments.domain.pairing_systems import PairingRules, RoundToPair
from tournaments.domain.presets import ByeScoring, ColourModel
from tournaments.domain.scoring import MatchRecord
from tournaments.models import RequestedBye, Round, Seat, Tournament

from .matches import match_records
from .schedule import planned_rounds
from .standings import standings_for_tournament


def round_to_pair(*, tournament: Tournament, number: int, lot: int | None = None) -> RoundToPair:
    """Round ``number`` as the pairing system sees it (whether the earlier rounds must be finished
    first, the service asks the system's ``pairing_refusal``).

    Teams are named by seed (the TPN, C.04.6 art. 1.1); a team withdrawn before ``number`` is
    absent; the byes requested in advance and a late entry's missed rounds, this round's
    included, are TRF 240 byes. A fixed number of queries: teams, the matches read, the byes,
    the standings, the seats.
    """
    teams = list(tournament.teams.order_by("seed").values_list("id", "seed", "withdrawn_from_round"))
    seed_of = {pk: seed for pk, seed, _ in teams}
    read = match_records(tournament=tournament, up_to_round=number - 1)
    rules = tournament.ranking_rules
    discipline = tournament.discipline_rules
    absent = {seed for _, seed, withdrawn in teams if withdrawn is not None and withdrawn <= number}
    # a requested bye goes to the engine as TRF 240 (``byes``), never as a played round or a PAB
    played = [_by_seed(recorded.record, seed_of) for recorded in read.regular if not recorded.record.requested]
    byes = {
        (round_number, seed_of[team]): kind
        for round_number, team, kind in RequestedBye.objects.filter(
            tournament=tournament, round_number__lte=number
        ).values_list("round_number", "team_id", "kind")
    }
    return RoundToPair(
        number=number,
        teams=len(teams),
        standings=[row.team.seed for row in standings_for_tournament(tournament=tournament).rows],
        tables=_tables(tournament),
        variant=discipline.variant_key,
        rounds=planned_rounds(tournament=tournament, teams=len(teams)),
        played=played,
        byes=byes,
        absent=absent,
        lot=lot,
        rules=PairingRules(
            boards=tournament.boards,
            colour_pattern=tournament.colour_pattern,
            colour_model=ColourModel(tournament.colour_model),
            points=rules.match_points,
            bye_scoring=ByeScoring(tournament.bye_scoring),
            match_scored=not discipline.scores_boards,  # Tandem §1.3: the engine sees match points only
        ),
    )


def _tables(tournament: Tournament) -> list[tuple[tuple[int, ...], ...]]:
    """Every regular round's encounters as seeds in seat order (board 1's seats)."""
    seats = (
        Seat.objects.filter(
            game__match__round__tournament=tournament, game__match__round__kind=Round.Kind.REGULAR, game__board=1
        )
        .order_by("game__match__round__number", "game__match__table", "game__match__leg", "position")
        .values_list("game__match__round__number", "game__match_id", "side__team__seed")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, match_id, seed in seats:
        table = rounds.setdefault(round_number, {}).setdefault(match_id, [])
        if seed not in table:
            table.append(seed)
    return [tuple(tuple(table) for table in rounds[key].values()) for key in sorted(rounds)]


def _by_seed(record: MatchRecord, seed_of: dict[int, int]) -> MatchRecord:
    return replace(record, sides=tuple(replace(side, entrant=seed_of[side.entrant]) for side in record.sides))
