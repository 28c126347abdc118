"""Issue 27 item 3: exchanging teams in a Viererschach Swiss seats each team's two players, never one
player twice; an archive naming a player on two seats of one side is refused as the lineup API
refuses it."""

import pytest

from tests.builders import make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import Seat, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.exchange import round_teams_exchange
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def vierer_swiss():
    event = make_tournament(
        teams=6, players=2, preset="vierer-team", name="Vierer-Open", pairing="swiss-fide-team", rounds=4
    )
    return event, round_pair_next(tournament=event)


def seated(round_) -> dict[int, list[tuple[str, int | None]]]:
    """Per table: (team, roster position) of every seat, in seat order."""
    seats = Seat.objects.filter(game__match__round=round_).select_related("side__team", "player", "game__match")
    tables: dict[int, list] = {}
    for seat in seats.order_by("game__match__table", "position"):
        tables.setdefault(seat.game.match.table, []).append(
            (seat.side.team.name, seat.player.position if seat.player else None)
        )
    return tables


def test_an_exchange_at_tables_seats_both_players_of_each_team(vierer_swiss):
    event, round_ = vierer_swiss
    before = seated(round_)
    for seats in before.values():
        assert sorted(position for _, position in seats) == [1, 1, 2, 2]  # each team's players 1 and 2
    one, two = (m.first_team for m in round_.matches.with_sides().order_by("table")[:2])
    round_teams_exchange(round_=round_, first=one, second=two)
    after = seated(round_)
    for table, seats in after.items():
        for team in {name for name, _ in seats}:
            assert sorted(position for name, position in seats if name == team) == [1, 2], (table, seats)
    assert {name for name, _ in after[1]} == {two.name} | {n for n, _ in before[1]} - {one.name}


def test_an_archive_seating_one_player_twice_for_a_side_is_refused(vierer_swiss):
    event, round_ = vierer_swiss
    archive = archive_for_tournament(tournament=event)
    seats = archive["rounds"][0]["encounters"][0]["games"][0]["seats"]
    own = [seat for seat in seats if seat["side"] == 1]
    own[1]["player"] = own[0]["player"]  # the partner dropped, player 1 on both seats
    archive["tournament"]["slug"] = "vierer-kopie"
    with pytest.raises(RuleViolation) as refused:
        tournament_import(archive=archive)
    assert refused.value.text() == ("round 1, table 1, side 1, board 2: the player already plays board 1."), (
        refused.value.text()
    )
    assert not Tournament.objects.filter(slug="vierer-kopie").exists()
