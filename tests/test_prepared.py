"""``selectors/prepared.py``: a query compiled once gives the rows its queryset gives, for any
parameters of the same shape and for every shape; where rows need converting (SQLite's dates)
the queryset itself is evaluated."""

import pytest
from django.db import connection

from tests.builders import make_paired, play_round
from tournaments.models import Match, Seat
from tournaments.selectors.encounters import _SEAT_FIELDS
from tournaments.selectors.prepared import Prepared

pytestmark = pytest.mark.django_db


def _seats(match_ids, tournament_id):
    return (
        Seat.objects.filter(game__match_id__in=match_ids, game__match__round__tournament_id=tournament_id)
        .values(*_SEAT_FIELDS)
        .order_by("game__match_id", "game__board", "position")
    )


def test_the_prepared_query_gives_the_querysets_rows_for_other_parameters_of_each_shape():
    tournament = make_paired(teams=6)
    round_ = tournament.rounds.get(number=1)
    play_round(round_, {1: "1-0", 2: "½-½"})
    other = make_paired(teams=4)
    ids = list(Match.objects.filter(round=round_).order_by("table").values_list("pk", flat=True))
    prepared = Prepared(_seats)
    for match_ids, tournament_id in [
        ([ids[0]], tournament.pk),
        ([ids[1]], tournament.pk),  # the same shape again: the compiled SQL with new parameters
        (ids, tournament.pk),
        (ids[1:], tournament.pk),
        ([ids[0]], other.pk),  # not this tournament's match: no rows
        ([], tournament.pk),
    ]:
        assert prepared.rows(match_ids, tournament_id) == list(_seats(match_ids, tournament_id))
    rows = prepared.rows([ids[0]], tournament.pk)
    assert len(rows) == 8 and rows[0]["game__result"] == "1-0" and rows[0]["game__match__round__number"] == 1
    compiled = {shape for shape, statement in prepared._compiled.items() if statement is not None}
    assert compiled == (
        {("postgresql", 1, None), ("postgresql", 3, None), ("postgresql", 2, None)}
        if connection.vendor == "postgresql"
        else set()
    )
