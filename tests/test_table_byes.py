"""Table byes through the services and on paper (issue 25, rules/README §4, our decision)."""

import re

import pytest
from django.contrib.auth import get_user_model
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
    assert "Tisch 3: Spieler 9 – spielfrei (Punkte: ½)" in pairing_list
    assert "Spielfrei (an keinem Tisch in dieser Runde): Spieler 9" in seat_cards
    for language, bye in (
        ("de", "Tisch 3: Spieler 9 – spielfrei (Punkte: ½)"),
        ("en", "Table 3: Spieler 9 – bye (Points: ½)"),
    ):
        page = client.get(f"/t/{tournament.slug}/pairings/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert bye in shown(page)


def test_the_published_results_show_the_table_bye_with_its_points_in_german_and_english(client):
    """The results page and the German table list after the round give the bye the points the
    standings count: ½ by default at V2, the tournament's own where it sets them."""
    from tournaments.documents.registry import DOCUMENTS, PrintJob
    from tournaments.services.publishing import round_publish

    tournament = v2(table_bye_points="1.5")
    round_ = round_pair_next(tournament=tournament)
    for match in round_.matches.all():
        if match.sides.count() > 1:
            enter_places(match=match, places="1 2 1 2")
    round_publish(round_=round_)
    for language, bye in (
        ("de", "Tisch 3: Spieler 9 – spielfrei (Punkte: 1½)"),
        ("en", "Table 3: Spieler 9 – bye (Points: 1½)"),
    ):
        page = client.get(f"/t/{tournament.slug}/results/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert bye in shown(page)
    nine = tournament.teams.get(name="Spieler 9")
    client.force_login(get_user_model().objects.create_user("td", is_superuser=True))
    desk = client.get(f"/desk/{tournament.slug}/rounds/1/results/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Tisch 3: Spieler 9 – spielfrei (Punkte: 1½)" in shown(desk)  # the desk's grid, as the public reads it
    page = client.get(f"/t/{tournament.slug}/teams/{nine.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Runde 1: spielfrei (Punkte: 1½)" in shown(page)
    with translation.override("de"):
        table_list = text(DOCUMENTS["pairings"].pdf(PrintJob(tournament, round_)))
    assert "Rangfolge (Rang je Platz): 1 2 1 2" in table_list
    assert "Tisch 3: Spieler 9 – spielfrei (Punkte: 1½)" in table_list
    points = {row.team.name: row.row.mp for row in standings_for_tournament(tournament=tournament).rows}
    assert points["Spieler 9"] == 1.5


def test_a_late_entry_before_pairing_fills_the_tables_so_nobody_sits_out():
    """The bye follows its basis: 11 players of V2 leave three table byes in round 1; a twelfth
    entered late, before round 2 is paired, fills three tables of four and nobody sits out."""
    from tournaments.services.requested_byes import team_enter_late

    tournament = v2(players=11)
    first = round_pair_next(tournament=tournament)
    assert sorted(bye.sides.get().team.name for bye in first.matches.all() if bye.sides.count() == 1) == [
        "Spieler 10",
        "Spieler 11",
        "Spieler 9",
    ]
    for match in first.matches.all():
        if match.sides.count() > 1:
            enter_places(match=match, places="1 2 1 2")
    team_enter_late(tournament=tournament, name="Spieler 12", from_round=2, players=[{"name": "Spieler 12"}])
    second = round_pair_next(tournament=tournament)
    assert [match.sides.count() for match in second.matches.all()] == [4, 4, 4]
    assert "Spieler 12" in {side.team.name for match in second.matches.all() for side in match.sides.all()}


def shown(page: str) -> str:
    """The page's text as read: tags dropped, whitespace folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


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


def test_an_archive_written_before_table_byes_keeps_scoring_its_lone_entrant_by_the_bye_rule():
    """An archive without ``table_bye_points`` predates table byes: a lone entrant at a table
    then scored as a match's bye (Schach4 V2's ``bye_scoring`` nothing: 0), not a shared middle
    place; imported, it ranks as it did, and the copy says so in ``table_bye_points``."""
    import json

    from tournaments.archive.standings import archive_standings
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = v2()
    first = round_pair_next(tournament=tournament)
    for match in first.matches.all():
        if match.sides.count() > 1:
            enter_places(match=match, places="1 2 1 2")
    old = archive_for_tournament(tournament=tournament)
    del old["tournament"]["table_bye_points"]
    copy = tournament_import(archive=json.dumps(old))
    points = {row.team.name: row.row.mp for row in standings_for_tournament(tournament=copy).rows}
    assert points["Spieler 9"] == 0
    assert archive_for_tournament(tournament=copy)["tournament"]["table_bye_points"] == "0"
    seed_of_nine = 9
    assert {row.team: row.mp for row in archive_standings(old)}[seed_of_nine] == 0
    without_byes = archive_for_tournament(tournament=v2(players=8)) | {
        "tournament": {"name": "Ohne", "preset": "schach4-v2"}
    }
    assert (
        archive_for_tournament(tournament=tournament_import(archive=json.dumps(without_byes)))["tournament"][
            "table_bye_points"
        ]
        == ""
    )
