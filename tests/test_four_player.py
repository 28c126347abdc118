"""Four-player chess through the services (issue 15): pairing tables, seats and colours, finishing
orders entered, versioned, audited and refused; standings through the common selectors."""

import pytest
from django.utils import translation

from tests.builders import enter_match, enter_places
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Seat
from tournaments.selectors.pairings import pairings_for_round
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.pairing import round_pair_next, rounds_pair_all
from tournaments.services.results import StaleMatch
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db

PLAYERS = ["Anna", "Bernd", "Cem", "Dora", "Emil", "Frieda", "Gökhan", "Heike", "Ivo", "Jana", "Kai", "Lea", "Mats"]


def schach4(players=13):
    tournament = tournament_create(name="Schach4 Open", preset="schach4-v1")
    for seed, name in enumerate(PLAYERS[:players], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000 - 10 * seed}])
    return tournament


def vierer(teams=4):
    tournament = tournament_create(name="Vierer", preset="vierer-team")
    for seed in range(1, teams + 1):
        team_create(
            tournament=tournament,
            name=f"Team {seed}",
            seed=seed,
            players=[{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}],
        )
    return tournament


def seats_of(match):
    return [
        (seat.position, seat.side.team.name, seat.player.name if seat.player else None, seat.colour)
        for seat in Seat.objects.filter(game__match=match).select_related("side__team", "player").order_by("position")
    ]


def test_thirteen_players_sit_at_one_table_of_four_and_three_of_three():
    tournament = schach4()
    round_ = round_pair_next(tournament=tournament)
    matches = list(round_.matches.order_by("table"))
    assert [len(seats_of(m)) for m in matches] == [4, 3, 3, 3]
    assert [name for _, name, _, _ in seats_of(matches[0])] == ["Anna", "Bernd", "Cem", "Dora"]
    assert [line.form for line in pairings_for_round(round_=round_).matches] == [
        "Schach4 V1",
        "Schach4 V5",
        "Schach4 V5",
        "Schach4 V5",
    ]
    with pytest.raises(RuleViolation) as error:  # Swiss in fours: the next round waits for these results
        round_pair_next(tournament=tournament)
    assert error.value.field == "round"


def test_a_finishing_order_is_stored_versioned_audited_and_scored():
    """Schach4 V1, seats 1 and 4 share first after a stalemate: 2½ each; seat 3 third (1), seat 2 last."""
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    version = match.version
    enter_places(match=match, places="1 4 3 1", expected_version=version)
    match.refresh_from_db()
    assert match.version == version + 1
    assert [side.place for side in match.sides.order_by("position")] == [1, 4, 3, 1]
    entry = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RESULT).latest("pk")
    assert (entry.old_value, entry.new_value["places"]) == (None, "1 4 3 1")
    with pytest.raises(StaleMatch):
        enter_places(match=match, places="1 2 3 4", expected_version=version)
    rows = standings_for_tournament(tournament=tournament).rows
    assert [(row.team.name, row.row.rank, row.row.rank_to, row.row.mp) for row in rows] == [
        ("Anna", 1, 2, 2.5),
        ("Dora", 1, 2, 2.5),
        ("Cem", 3, 3, 1.0),
        ("Bernd", 4, 4, 0.0),
    ]


def test_a_forfeit_empties_the_seat_and_takes_the_last_place():
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    enter_places(match=match, places="1 - 3 2")
    assert [player for _, _, player, _ in seats_of(match)] == ["Anna", None, "Cem", "Dora"]
    assert [side.place for side in match.sides.order_by("position")] == [1, 0, 3, 2]
    line = pairings_for_round(round_=match.round).matches[0]
    assert line.places == "1 - 3 2" and [seat.points for seat in line.seats] == [3, 0, 1, 2]
    with pytest.raises(RuleViolation) as error:  # the empty seat can only be absent now
        enter_places(match=match, places="1 4 3 2")
    assert error.value.field == "places.seat 2"


@pytest.mark.parametrize("typed, field", [("1 2 3", "places"), ("1 3 3 4", "places.seat 2"), ("1 2 x 4", "places")])
def test_bad_places_are_refused_naming_the_field(typed, field):
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    with pytest.raises(RuleViolation) as error:
        enter_places(match=match, places=typed)
    assert error.value.field == field
    assert all(side.place is None for side in match.sides.all())


def test_viererschach_seats_white_yellow_against_black_red():
    """Vierer §1, §4; rules/README §3: first-named team's player 1 White, player 2 Yellow."""
    tournament = vierer()
    rounds = rounds_pair_all(tournament=tournament)
    match = rounds[0].matches.order_by("table").first()
    first, second = match.teams
    assert seats_of(match) == [
        (1, first.name, f"P{first.seed}a", "W"),
        (2, second.name, f"P{second.seed}b", "R"),
        (3, second.name, f"P{second.seed}a", "B"),
        (4, first.name, f"P{first.seed}b", "Y"),
    ]
    enter_match(match=match, result="0-1", decided_by="kings")
    match.refresh_from_db()
    assert (match.result, match.deciding_board, match.decided_by) == ("0-1", None, "kings")
    with pytest.raises(RuleViolation) as error:
        enter_match(match=match, result="1-0", decided_by="stalemate")  # Vierer §13 draws
    assert error.value.rule == "Vierer §13"


def test_reverting_a_finishing_order_brings_back_the_places_and_the_absent_player():
    from tournaments.services.results import result_revert

    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    enter_places(match=match, places="2 1 4 3")
    enter_places(match=match, places="1 - 3 2")
    latest = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.RESULT).latest("pk")
    assert latest.new_value == {
        "places": "1 - 3 2",
        "cleared": [{"seat": 2, "player": seats_player_id(match, "Bernd")}],
    }
    result_revert(audit_entry=latest)
    assert [player for _, _, player, _ in seats_of(match)] == ["Anna", "Bernd", "Cem", "Dora"]
    assert [side.place for side in match.sides.order_by("position")] == [2, 1, 4, 3]


def seats_player_id(match, name):
    return match.round.tournament.teams.get(name=name).players.get().pk


def test_the_api_takes_a_tables_places_and_answers_409_on_a_stale_version(client, django_user_model):
    tournament = schach4(players=4)
    match = round_pair_next(tournament=tournament).matches.get()
    client.force_login(django_user_model.objects.create_superuser("td", password="x"))
    url = f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/result/"
    impossible = client.post(
        url, {"places": "1 2 2 4", "version": match.version}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert impossible.status_code == 400 and impossible.json()["rule"] == "Schach4 Ende des Spiels"
    assert "Rang 2 kann nicht geteilt werden: Spieler scheiden einzeln aus" in impossible.json()["detail"]
    response = client.post(url, {"places": "1 1 3 4", "version": match.version}, content_type="application/json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["places"] == "1 1 3 4" and body["score"] is None
    assert [(s["position"], s["player"]["name"], s["place"]) for s in body["boards"][0]["seats"]] == [
        (1, "Anna", 1),
        (2, "Bernd", 1),
        (3, "Cem", 3),
        (4, "Dora", 4),
    ]
    stale = client.post(url, {"places": "4 3 2 1", "version": match.version}, content_type="application/json")
    assert stale.status_code == 409
    bad = client.post(url, {"places": "1 3 3 4", "version": body["version"]}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["field"] == "places.seat 2"
    board = client.post(url, {"result": "1-0", "board": 1, "version": body["version"]}, content_type="application/json")
    assert board.status_code == 400 and board.json()["field"] == "board 1"


def test_a_board_discipline_refuses_places():
    from tests.builders import make_paired

    tournament = make_paired(teams=4)
    match = tournament.rounds.get(number=1).matches.first()
    with pytest.raises(RuleViolation) as error:
        enter_places(match=match, places="1 2")
    assert error.value.field == "places"


@pytest.mark.parametrize("load", ["load_vierer_demo", "load_schach4_demo"])
def test_the_four_player_demos_round_trip_through_archive_version_2(load):
    """Tables export as one game with every seat, its side, colour and (Schach4) place; the
    import gives back the same archive byte for byte (docs/archive.md)."""
    import json
    import random

    from tournaments.management.commands import _four_player_demo
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = getattr(_four_player_demo, load)(random.Random(2026))
    exported = archive_for_tournament(tournament=tournament)
    game = exported["rounds"][1]["encounters"][0]["games"][0]
    assert len(game["seats"]) == 4
    if load == "load_schach4_demo":  # round 2, table 1: seat 2 absent, typed "1 - 3 2"
        assert [(s["side"], s["player"] is None, s["place"]) for s in game["seats"]] == [
            (1, False, 1),
            (2, True, 4),
            (3, False, 3),
            (4, False, 2),
        ]
    else:  # Vierer §1, §4
        assert [(s["side"], s["colour"]) for s in game["seats"]] == [(1, "W"), (2, "R"), (2, "B"), (1, "Y")]
    copy = tournament_import(archive=json.dumps(exported))
    again = archive_for_tournament(tournament=copy)
    assert again == exported
    assert [row.team.name for row in standings_for_tournament(tournament=copy).rows] == [
        row.team.name for row in standings_for_tournament(tournament=tournament).rows
    ]


def test_an_archive_with_an_impossible_finishing_order_is_refused_with_the_rule():
    """Schach4 "Ende des Spiels": ``1 2 2 4`` cannot happen, so an archive holding it is refused
    as the desk refuses it, naming the table and the rule, and nothing is written."""
    from tournaments.models import Tournament
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = schach4(players=4)
    enter_places(match=round_pair_next(tournament=tournament).matches.get(), places="1 1 3 4")
    exported = archive_for_tournament(tournament=tournament)
    seats = exported["rounds"][0]["encounters"][0]["games"][0]["seats"]
    assert [seat["place"] for seat in seats] == [1, 1, 3, 4]
    for seat, place in zip(seats, (1, 2, 2, 4)):
        seat["place"] = place
    exported["tournament"]["slug"] = "schach4-unmoeglich"
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=exported)
    assert error.value.rule == "Schach4 Ende des Spiels" and "place 2 cannot be shared" in error.value.text()
    assert Tournament.objects.count() == 1


def test_schach4_der_spielbeginn_seats_drawn_by_lot_are_recorded_and_printed(monkeypatch):
    """With ``first_mover`` = ``lot`` the round records the lot that seated its tables, the seats
    are the lot's, and the German seat cards say the seats were drawn by lot."""
    from tournaments.documents.registry import PrintJob
    from tournaments.documents.seat_cards import SeatCardsDocument, table_cards
    from tournaments.domain.tables.seating import draw_seats
    from tournaments.selectors.pairings import pairings_for_round as read
    from tournaments.services.tournaments import tournament_update

    from .documents.pdf import text

    tournament = tournament_update(tournament=schach4(players=8), first_mover="lot")
    monkeypatch.setattr("tournaments.services.pairing.secrets.randbelow", lambda bound: 4711)
    round_ = round_pair_next(tournament=tournament)
    assert round_.first_mover_lot == 4711
    seed = {team.name: team.seed for team in tournament.teams.all()}
    seated = [tuple(seed[seat.entrant] for seat in line.seats) for line in read(round_=round_).matches]
    assert seated == draw_seats([(1, 2, 3, 4), (5, 6, 7, 8)], 4711)
    job = PrintJob(tournament, round_)
    cards = SeatCardsDocument(tournament, round_number=1, cards=table_cards(job.pairings.matches), drawn_by_lot=True)
    assert "Plätze ausgelost (Schach4 „Der Spielbeginn“)" in text(cards.render())
    rotated = round_pair_next(tournament=tournament_update(tournament=schach4(players=4), first_mover="rotation"))
    assert rotated.first_mover_lot is None


def test_schach4_der_spielbeginn_the_lot_of_the_seats_survives_the_archive(monkeypatch):
    """An exported and re-imported round seated by lot keeps its lot, so its German seat cards
    still say the seats were drawn by lot (Schach4 "Der Spielbeginn"); a rotated round has none."""
    import json

    from tournaments.documents.registry import DOCUMENTS, PrintJob
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import
    from tournaments.services.tournaments import tournament_update

    from .documents.pdf import text

    tournament = tournament_update(tournament=schach4(players=8), first_mover="lot")
    monkeypatch.setattr("tournaments.services.pairing.secrets.randbelow", lambda bound: 4711)
    round_pair_next(tournament=tournament)
    tournament = tournament_update(tournament=tournament, first_mover="rotation")
    for match in tournament.rounds.get(number=1).matches.all():
        enter_places(match=match, places="1 2 3 4")
    round_pair_next(tournament=tournament)
    exported = archive_for_tournament(tournament=tournament)
    assert [r.get("seating_lot") for r in exported["rounds"]] == [4711, None]
    copy = tournament_import(archive=json.dumps(exported))
    assert [r.first_mover_lot for r in copy.rounds.order_by("number")] == [4711, None]
    assert archive_for_tournament(tournament=copy) == exported
    with translation.override("de"):
        first, second = (DOCUMENTS["seat-cards"].pdf(PrintJob(copy, copy.rounds.get(number=n))) for n in (1, 2))
    assert "Plätze ausgelost" in text(first) and "Plätze ausgelost" not in text(second)


def vierer_with_substitutes():
    """Viererschach with one substitute allowed (the preset's are off, Vierer issue 15): every team
    registers players a and b and a substitute c."""
    tournament = tournament_create(name="Vierer mit Ersatz", preset="vierer-team", max_substitutes=1)
    for seed in range(1, 5):
        team_create(
            tournament=tournament,
            name=f"Team {seed}",
            seed=seed,
            players=[{"name": f"P{seed}{letter}", "rating": 1800} for letter in "abc"],
        )
    return tournament


def test_a_substitute_takes_a_seat_at_a_viererschach_table_through_the_lineup_service():
    """Vierer §1: the first-named team sits White (player 1) and Yellow (player 2), the other Black
    and Red. The second-named team's substitute replaces its player 2 on Red; versioned, audited,
    and a write on the version read before is refused (409)."""
    from tournaments.services.lineups import match_lineup_set

    tournament = vierer_with_substitutes()
    match = rounds_pair_all(tournament=tournament)[0].matches.order_by("table").first()
    first, second = match.first_team.seed, match.second_team.seed
    assert seats_of(match) == [
        (1, f"Team {first}", f"P{first}a", "W"),
        (2, f"Team {second}", f"P{second}b", "R"),
        (3, f"Team {second}", f"P{second}a", "B"),
        (4, f"Team {first}", f"P{first}b", "Y"),
    ]
    version = match.version
    match_lineup_set(match=match, team=match.second_team, positions=[1, 3], expected_version=version)
    match.refresh_from_db()
    assert match.version == version + 1 and match.result == ""
    assert [player for _, _, player, _ in seats_of(match)] == [f"P{first}a", f"P{second}c", f"P{second}a", f"P{first}b"]
    entry = AuditEntry.objects.filter(match=match, action=AuditEntry.Action.LINEUP).latest("pk")
    assert (entry.old_value, entry.new_value) == ([1, 2], [1, 3])
    with pytest.raises(StaleMatch):
        match_lineup_set(match=match, team=match.first_team, positions=[1, 3], expected_version=version)
    # an empty seat forfeits the whole match (one result, Vierer §1; as Tandem §1.3): +- for the
    # first-named team, and filling the seat again takes the forfeit back
    match_lineup_set(match=match, team=match.second_team, positions=[None, 3])
    match.refresh_from_db()
    assert match.result == "+-" and seats_of(match)[2][2] is None
    match_lineup_set(match=match, team=match.second_team, positions=[1, 2])
    match.refresh_from_db()
    assert match.result == "" and [player for _, _, player, _ in seats_of(match)][1:3] == [f"P{second}b", f"P{second}a"]


def test_swapping_who_sits_where_at_a_viererschach_table_is_refused_citing_the_rule():
    """The team's ranking is fixed (our tournament rule: Vierer §1 only forms the teams; player 1
    White or Black, player 2 Yellow or Red), so a lineup naming player 2 first is refused citing
    that rule as ours, in German too; so is any change once the match has its result."""
    from tournaments.services.lineups import match_lineup_set

    tournament = vierer_with_substitutes()
    match = rounds_pair_all(tournament=tournament)[0].matches.order_by("table").first()
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[2, 1])
    assert (error.value.field, error.value.rule) == ("board 1", "tournament rule: fixed ranking")
    with translation.override("de"):
        assert error.value.text(translation.gettext).endswith("(Turnierregel: feste Rangfolge).")
    enter_match(match=match, result="1-0", decided_by="kings")
    with pytest.raises(RuleViolation) as error:
        match_lineup_set(match=match, team=match.first_team, positions=[1, 3])
    assert error.value.text().startswith("board 1: this match already has a result")


def test_the_desk_lineup_sheet_shows_a_tables_players_by_their_team_rank():
    from tournaments.selectors.lineups import lineup_sheet
    from tournaments.services.lineups import match_lineup_set

    tournament = vierer_with_substitutes()
    round_ = rounds_pair_all(tournament=tournament)[0]
    match = round_.matches.order_by("table").first()
    match_lineup_set(match=match, team=match.second_team, positions=[1, 3])
    entry = next(entry for entry in lineup_sheet(round_=round_) if entry.line.id == match.pk)
    assert [(side.team.pk, side.current) for side in entry.sides] == [
        (match.first_team.pk, [1, 2]),
        (match.second_team.pk, [1, 3]),
    ]


def test_fixed_groups_pair_the_whole_schedule_at_once():
    """16 players in one group at tables of four: 5 rounds paired together, everyone meets the 15
    others once (3 per round), and the sixth pairing is refused in the system's words."""
    tournament = tournament_create(name="Schach4 Gruppen", preset="schach4-v1", pairing="table-groups")
    for seed in range(1, 17):
        team_create(tournament=tournament, name=f"S{seed}", seed=seed, players=[{"name": f"S{seed}", "rating": 1500}])
    rounds = rounds_pair_all(tournament=tournament)
    assert [round_.number for round_ in rounds] == [1, 2, 3, 4, 5]
    met = set()
    for round_ in rounds:
        for match in round_.matches.all():
            names = [name for _, name, _, _ in seats_of(match)]
            assert len(names) == 4
            met |= {frozenset((a, b)) for a in names for b in names if a != b}
    assert len(met) == 16 * 15 // 2
    with pytest.raises(RuleViolation) as error:
        round_pair_next(tournament=tournament)
    assert error.value.text() == "round: all 5 rounds of the fixed groups are already paired."


def test_points_per_place_set_for_the_tournament_score_tables_pages_and_the_api(client, django_user_model):
    """Schach4 V1 with 5/3/1.5/0 for four sides: "1 4 3 1" gives seats 1 and 4 (5 + 3) / 2 = 4
    each, seat 3 third 1.5, seat 2 last 0; the standings, the table's page and the API agree."""
    from tournaments.services.tournaments import tournament_update

    tournament = tournament_create(name="Schach4 5-3-1.5", preset="schach4-v1", place_points="4: 5 3 1.5 0")
    assert tournament.place_points == "4: 5 3 1.5 0"
    for seed, name in enumerate(PLAYERS[:4], start=1):
        team_create(tournament=tournament, name=name, seed=seed, players=[{"name": name, "rating": 2000}])
    match = round_pair_next(tournament=tournament).matches.get()
    enter_places(match=match, places="1 4 3 1")
    rows = standings_for_tournament(tournament=tournament).rows
    assert [(row.team.name, row.row.mp) for row in rows] == [("Anna", 4), ("Dora", 4), ("Cem", 1.5), ("Bernd", 0)]
    assert [seat.points for seat in pairings_for_round(round_=match.round).matches[0].seats] == [4, 0, 1.5, 4]
    client.force_login(django_user_model.objects.create_superuser("td", password="x"))
    body = client.get(f"/api/v1/tournaments/{tournament.slug}/matches/{match.pk}/").json()
    assert [seat["points"] for seat in body["boards"][0]["seats"]] == [4, 0, 1.5, 4]
    assert client.get(f"/api/v1/tournaments/{tournament.slug}/").json()["place_points"] == "4: 5 3 1.5 0"
    tournament_update(tournament=tournament, place_points="")  # back to k − p: 2½ 0 1 2½
    tournament.refresh_from_db()
    assert [row.row.mp for row in standings_for_tournament(tournament=tournament).rows] == [2.5, 2.5, 1, 0]


def test_bad_points_per_place_are_refused_on_create_and_through_the_api(client, django_user_model):
    with pytest.raises(RuleViolation) as error:
        tournament_create(name="Falsch", preset="schach4-v1", place_points="4: 3 2 1")
    assert (error.value.field, error.value.rule) == ("place_points", "rules/README §4")
    with pytest.raises(RuleViolation) as error:  # a Viererschach match scores match points
        tournament_create(name="Vierer", preset="vierer-team", place_points="4: 3 2 1 0")
    assert (error.value.field, error.value.rule) == ("place_points", "rules/README §4")
    client.force_login(django_user_model.objects.create_superuser("td", password="x"))
    answer = client.post(
        "/api/v1/tournaments/",
        {"name": "X", "preset": "schach4-v1", "place_points": "4: 1 2 3 4"},
        content_type="application/json",
    )
    assert answer.status_code == 400 and answer.json()["field"] == "place_points"
    assert "a better place cannot score less than a worse one" in answer.json()["detail"]


def test_points_per_place_survive_the_archive_round_trip():
    import json

    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = tournament_create(name="Schach4 Archiv", preset="schach4-v1", place_points="3: 2 1 0; 4: 4 2 1 0")
    exported = archive_for_tournament(tournament=tournament)
    assert exported["tournament"]["place_points"] == "3: 2 1 0; 4: 4 2 1 0"
    copy = tournament_import(archive=json.dumps(exported))
    assert copy.place_points == "3: 2 1 0; 4: 4 2 1 0"


@pytest.mark.parametrize("players", [8, 13])
def test_an_entrants_tables_cost_two_queries_whatever_the_size(players):
    """``tables_for_team``: its matches' ids, then their seats with game, side, team and player."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.selectors.tables import tables_for_team

    tournament = schach4(players=players)
    for _ in range(2):
        for match in round_pair_next(tournament=tournament).matches.all():
            size = match.boards.get().seats.count()
            enter_places(match=match, places=" ".join(str(place) for place in range(1, size + 1)))
    team = tournament.teams.get(seed=1)
    with CaptureQueriesContext(connection) as queries:
        tables = tables_for_team(team=team)
    assert len(queries) == 2
    assert [table.round for table in tables] == [1, 2] and all(len(table.own) == 1 for table in tables)


@pytest.mark.parametrize(
    "preset, seated",
    [
        # V4: the first-named team the pair at seats 1 + 3, the other team the two singles at 2 and 4
        ("schach4-v4-team", lambda a, b: [(1, a, "a"), (2, b, "a"), (3, a, "b"), (4, b, "b")]),
        # V8: the first-named team's player 1 with two sets at seat 1, the other team the pair at 2 + 3
        ("schach4-v8-team", lambda a, b: [(1, a, "a"), (2, b, "a"), (3, b, "b")]),
    ],
)
def test_retired_schach4_v4_and_v8_team_events_still_run_import_and_rank_as_before(preset, seated):
    """No preset offers the V4 and V8 team forms any more (docs/rules.md, our decision: V4 splits a
    team into two enemies, V8 sits a team's player 2 out), but a tournament created from them keeps
    its rules: four teams of two, a single round robin, the match won by the team whose side's
    pieces remain last (Schach4 "Ende des Spiels"), 2/1/0 match points; its archive imports under
    the old preset id and ranks identically."""
    import json

    from tournaments.api.serializers.tournaments import TournamentCreateSerializer
    from tournaments.forms.tournament import TournamentCreateForm
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    assert preset not in dict(TournamentCreateForm().fields["preset"].choices)
    assert preset not in TournamentCreateSerializer().fields["preset"].choices
    tournament = tournament_create(name=f"Teams {preset}", preset=preset)
    for seed in range(1, 5):
        team_create(
            tournament=tournament,
            name=f"Team {seed}",
            seed=seed,
            players=[{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}],
        )
    rounds = rounds_pair_all(tournament=tournament)
    assert len(rounds) == 3
    match = rounds[0].matches.order_by("table").first()
    a, b = match.first_team.seed, match.second_team.seed
    expected = [(position, f"Team {seed}", f"P{seed}{letter}") for position, seed, letter in seated(a, b)]
    assert [(position, team, player) for position, team, player, _ in seats_of(match)] == expected
    enter_match(match=match, result="0-1", decided_by="checkmate")
    other = rounds[0].matches.order_by("table").last()
    enter_match(match=other, result="½-½", decided_by="stalemate")
    rows = {row.team.seed: row.row.mp for row in standings_for_tournament(tournament=tournament).rows}
    assert rows[b] == 2 and rows[a] == 0 and rows[other.first_team.seed] == rows[other.second_team.seed] == 1
    exported = archive_for_tournament(tournament=tournament)
    assert exported["tournament"]["preset"] == preset
    copy = tournament_import(archive=json.dumps(exported))
    assert (copy.preset, copy.discipline) == (preset, preset)
    assert archive_for_tournament(tournament=copy) == exported
    assert [(r.team.name, r.row.mp) for r in standings_for_tournament(tournament=copy).rows] == [
        (r.team.name, r.row.mp) for r in standings_for_tournament(tournament=tournament).rows
    ]


def test_a_schach4_team_archive_written_with_viererschach_endings_imports_as_checkmate():
    """Schach4 V2 team matches were stored with Viererschach's "kings" (Vierer §2) before; in
    Schach4 a king is mated, never captured, so such an archive imports as checkmate."""
    from tournaments.selectors.archive import archive_for_tournament
    from tournaments.services.archive import tournament_import

    tournament = tournament_create(name="V2 Teams", preset="schach4-v2-team")
    for seed in range(1, 3):
        players = [{"name": f"P{seed}a", "rating": 1900}, {"name": f"P{seed}b", "rating": 1800}]
        team_create(tournament=tournament, name=f"Team {seed}", seed=seed, players=players)
    enter_match(match=round_pair_next(tournament=tournament).matches.get(), result="1-0", decided_by="checkmate")
    exported = archive_for_tournament(tournament=tournament)
    encounter = exported["rounds"][0]["encounters"][0]
    assert encounter["decided_by"] == "checkmate"
    encounter["decided_by"] = "kings"
    exported["tournament"]["slug"] = "v2-alt"
    copy = tournament_import(archive=exported)
    assert copy.rounds.get().matches.get().decided_by == "checkmate"


def test_unpairing_a_round_with_finishing_orders_or_match_results_needs_the_confirmation():
    """A table's places and a Viererschach match's one result are results like a board's: the
    round is paired again only when the director deletes them explicitly (audited)."""
    from tournaments.services.pairing import round_unpair

    tournament = schach4(players=4)
    round_ = round_pair_next(tournament=tournament)
    enter_places(match=round_.matches.get(), places="1 1 3 4")
    with pytest.raises(RuleViolation) as error:
        round_unpair(round_=round_)
    assert (
        error.value.text()
        == "delete_results: round 1 already has 1 result; delete it explicitly to pair the round again."
    )
    round_unpair(round_=round_, delete_results=True)
    entry = AuditEntry.objects.filter(tournament=tournament, action=AuditEntry.Action.PAIRING).latest("pk")
    assert entry.old_value["results"] == {"T1": "1 1 3 4"}
    teams = vierer()
    last = rounds_pair_all(tournament=teams)[-1]
    enter_match(match=last.matches.order_by("table").first(), result="1-0", decided_by="kings")
    with pytest.raises(RuleViolation):
        round_unpair(round_=last)


def test_standings_with_a_shared_place_and_a_forfeit_hand_computed():
    """Four players at one table twice. Round 1 "1 4 3 1": Anna and Dora share first, (3 + 2) / 2
    = 2½ each, Cem 1, Bernd 0. Round 2: Bernd first 3, Cem 2, Dora 1, Anna absent 0 (forfeit).
    Points: Dora 3½, Bernd 3, Cem 3, Anna 2½ (12 in all). Wins (first place alone): Bernd 1, a
    shared first is none. Opposition: everyone else's final points at both tables, 2 × (12 − own):
    Dora 17, Bernd 18, Cem 18, Anna 19. Bernd is ahead of Cem on wins."""
    tournament = schach4(players=4)
    first = round_pair_next(tournament=tournament).matches.get()
    assert [name for _, name, _, _ in seats_of(first)] == ["Anna", "Bernd", "Cem", "Dora"]
    enter_places(match=first, places="1 4 3 1")
    second = round_pair_next(tournament=tournament).matches.get()
    wanted = {"Bernd": "1", "Cem": "2", "Dora": "3", "Anna": "-"}
    enter_places(match=second, places=" ".join(wanted[name] for _, name, _, _ in seats_of(second)))
    rows = standings_for_tournament(tournament=tournament).rows
    assert [
        (row.team.name, row.row.rank, row.row.mp, row.row.tiebreaks["WIN"], row.row.tiebreaks["OPP"]) for row in rows
    ] == [
        ("Dora", 1, 3.5, 0, 17),
        ("Bernd", 2, 3, 1, 18),
        ("Cem", 3, 3, 0, 18),
        ("Anna", 4, 2.5, 0, 19),
    ]


def test_a_player_withdrawn_from_a_paired_table_leaves_an_empty_seat_and_is_not_paired_again():
    tournament = schach4()
    round_ = round_pair_next(tournament=tournament)
    table = round_.matches.get(table=1)
    third = next(seat for seat in seats_of(table) if seat[0] == 3)
    team_withdraw(team=tournament.teams.get(name=third[1]), from_round=1)
    assert [seat for seat in seats_of(table) if seat[2] is None] == [(3, third[1], None, third[3])]
    assert sum(seat[2] is None for m in round_.matches.all() for seat in seats_of(m)) == 1  # only that seat
    for match in round_.matches.all():
        enter_places(match=match, places="1 2 - 3" if match.pk == table.pk else "1 2 3")
    later = round_pair_next(tournament=tournament)
    assert third[1] not in {seat[1] for m in later.matches.all() for seat in seats_of(m)}


def test_a_viererschach_team_withdrawn_leaves_both_its_seats_empty():
    tournament = vierer()
    rounds = rounds_pair_all(tournament=tournament)
    match = rounds[0].matches.get(table=1)
    team = match.first_team
    team_withdraw(team=team, from_round=1)
    assert [(seat[1], seat[2]) for seat in seats_of(match) if seat[1] == team.name] == [(team.name, None)] * 2
    assert all(seat[2] is not None for seat in seats_of(match) if seat[1] != team.name)
