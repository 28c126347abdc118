"""Table byes through the services and on paper (issue 25, rules/README §4, our decision)."""

import pytest
from django.utils import translation

from tests.builders import enter_places
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import round_pair_next
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create

from .documents.pdf import text

pytestmark = pytest.mark.django_db


def v2(players=9, **settings):
    tournament = tournament_create(name="V2 Abend", preset="schach4-v2", **settings)
    for seed in range(1, players + 1):
        name = f"Spieler {seed}"
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - seed}])
    return tournament


def bye_of(round_):
    (bye,) = [match for match in round_.matches.all() if match.sides.count() == 1]
    return bye.sides.get().team.name


def test_nine_players_of_schach4_v2_pair_two_tables_and_a_table_bye_scored_a_shared_place():
    """Schach4 V2 has no smaller form: 9 players, two tables of four and one table bye, scoring
    ½ (the shared place of two sides), to the last seed; the next round to another player."""
    tournament = v2()
    first = round_pair_next(tournament=tournament)
    assert bye_of(first) == "Spieler 9"
    for match in first.matches.all():
        if match.sides.count() > 1:
            enter_places(match=match, places="1 2 1 2")
    points = {row.team.name: row.row.mp for row in standings_for_tournament(tournament=tournament).rows}
    assert points["Spieler 9"] == 0.5 and sorted(points.values()).count(1) == 4
    second = round_pair_next(tournament=tournament)
    assert bye_of(second) != "Spieler 9"


def test_a_withdrawal_before_pairing_changes_who_sits_out():
    """The bye follows its basis: with seed 9 withdrawn before round 1, eight players fill two
    tables and nobody sits out."""
    from tournaments.services.withdrawals import team_withdraw

    tournament = v2(players=9)
    team_withdraw(team=tournament.teams.get(seed=9), from_round=1)
    first = round_pair_next(tournament=tournament)
    assert all(match.sides.count() == 4 for match in first.matches.all())


def test_the_bye_prints_as_spielfrei_on_the_pairing_list_the_seat_cards_and_the_public_page(client):
    from tournaments.documents.registry import DOCUMENTS, PrintJob

    tournament = v2()
    round_ = round_pair_next(tournament=tournament)
    with translation.override("de"):
        pairing_list = text(DOCUMENTS["pairings"].pdf(PrintJob(tournament, round_)))
        seat_cards = text(DOCUMENTS["seat-cards"].pdf(PrintJob(tournament, round_)))
    assert "Spieler 9" in pairing_list and "spielfrei" in pairing_list
    assert "Spielfrei (an keinem Tisch in dieser Runde): Spieler 9" in seat_cards
    page = client.get(f"/t/{tournament.slug}/pairings/1/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Spieler 9" in page and "spielfrei" in page


def test_a_table_bye_and_its_points_survive_the_archive_and_rank_the_same():
    import json

    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = v2(table_bye_points="1")
    first = round_pair_next(tournament=tournament)
    for match in first.matches.all():
        if match.sides.count() > 1:
            enter_places(match=match, places="2 1 2 1")
    exported = archive_for_tournament(tournament=tournament)
    assert exported["tournament"]["table_bye_points"] == "1"
    assert [side["entrant"] for side in exported["rounds"][0]["encounters"][-1]["sides"]] == ["Spieler 9"]
    copy = tournament_import(archive=json.dumps(exported))
    assert archive_for_tournament(tournament=copy) == exported
    rows = [(row.team.name, row.row.mp) for row in standings_for_tournament(tournament=copy).rows]
    assert rows == [(row.team.name, row.row.mp) for row in standings_for_tournament(tournament=tournament).rows]
    assert ("Spieler 9", 1.0) in rows
