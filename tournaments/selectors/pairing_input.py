"""What a pairing system may read to pair the next round: the standings and the tables so far.

Round robins read only the round's number; tables by score (a "Swiss in fours", issue 15) read
the standings to group by score and the earlier tables, seats in order, to avoid repeat
table-mates and to rotate the first move. Three queries beyond the standings.
"""

from tournaments.domain.pairing_systems import RoundToPair
from tournaments.models import Round, Seat, Tournament

from .standings import standings_for_tournament


def round_to_pair(*, tournament: Tournament, number: int, teams: int) -> RoundToPair:
    standings = standings_for_tournament(tournament=tournament)
    order = [row.team.seed for row in standings.rows]
    seats = (
        Seat.objects.filter(game__match__round__tournament=tournament, game__match__round__kind=Round.Kind.REGULAR, game__board=1)
        .order_by("game__match__round__number", "game__match__table", "game__match__leg", "position")
        .values_list("game__match__round__number", "game__match_id", "side__team__seed")
    )
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, match_id, seed in seats:
        table = rounds.setdefault(round_number, {}).setdefault(match_id, [])
        if seed not in table:
            table.append(seed)
    tables = [tuple(tuple(table) for table in rounds[key].values()) for key in sorted(rounds)]
    return RoundToPair(
        number=number, teams=teams, standings=order, tables=tables, variant=tournament.discipline_rules.variant_key
    )
