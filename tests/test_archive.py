import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.builders import make_paired, play_round
from tournaments.archive import schema
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.selectors.standings import standings_for_tournament
from tournaments.services.archive import tournament_import
from tournaments.services.incidents import incident_decide, incident_record
from tournaments.services.playoff import playoff_create, playoff_lots_record
from tournaments.services.withdrawals import team_withdraw

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "frankenwald-playoff.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_export_of_an_import_round_trips_without_loss():
    first = archive_for_tournament(tournament=tournament_import(archive=EXAMPLE.read_bytes()))
    second = archive_for_tournament(tournament=tournament_import(archive=json.dumps(first)))
    assert second == first
    assert first["version"] == 2
    assert first["rounds"][1]["encounters"][1]["sides"] == [{"entrant": "SK Kronach"}, {"entrant": "TSV Küps"}]
    assert first["rounds"][1]["encounters"][1]["games"][0] == {
        "board": 1,
        "seats": [
            {"side": 1, "player": "Jürgen Müller", "colour": "B", "result": "½"},
            {"side": 2, "player": "Björn Schäfer", "colour": "W", "result": "½"},
        ],
    }


def test_a_tournament_played_through_the_services_round_trips():
    tournament = make_paired(teams=5)
    play_round(tournament.rounds.get(number=1), {1: "1-0 ½-½ 0-1 +-", 2: "-- 1-0 1-0 1-0"})
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    again = archive_for_tournament(tournament=tournament_import(archive=exported))
    assert again == exported
    bye = exported["rounds"][0]["encounters"][2]
    assert bye == {"table": 3, "sides": [{"entrant": "SK Kronach"}], "games": []}


def test_missing_tournament_fields_come_from_the_preset():
    archive = example()
    archive["tournament"] = {"name": "Nur ein Name"}
    tournament = tournament_import(archive=archive)
    assert (tournament.preset, tournament.boards, tournament.colour_pattern) == ("blitz-frankenwald", 4, "BWBW")
    assert (tournament.substitute_boards, tournament.tiebreaks_other) == ([4], ["BP", "DE", "BW", "FWB"])
    assert tournament.status == Tournament.Status.RUNNING
    assert AuditEntry.objects.filter(tournament=tournament, action="import").count() == 1


def test_rounds_without_results_are_pairings_only():
    archive = example()
    for match in archive["rounds"][2]["matches"]:
        del match["boards"]
    tournament = tournament_import(archive=archive)
    boards = tournament.rounds.get(number=3).matches.get(table=1).boards.prefetch_related("seats__player")
    assert [(b.first_player.name, b.result) for b in boards] == [
        ("Björn Schäfer", ""),
        ("Sören Köhler", ""),
        ("Jörg Größer", ""),
        ("Käthe Bäuerle", ""),
    ]


def broken(change) -> dict:
    archive = copy.deepcopy(example())
    change(archive)
    return archive


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda a: a["rounds"][0]["matches"][1].update(second="SC Nirgendwo"),
            "round 1, table 2, second: unknown team “SC Nirgendwo”.",
        ),
        (
            lambda a: a["rounds"][1]["matches"][0]["boards"][2].update(result="2-0"),
            "round 2, table 1, board 3: “2-0” is not a board result; use 1-0, ½-½, 0-1, +-, -+ or --.",
        ),
        (
            lambda a: a["rounds"][0]["matches"][0]["boards"][1].update(first_player="Bärbel Weiß"),
            "round 1, table 1, first team, board 2: a substitute may only play board 4 (Blitz preamble).",
        ),
        (
            lambda a: a["rounds"][0]["matches"][0]["boards"].append(
                {"board": 2, "first_player": "Łukasz Dvořák", "second_player": "Tomáš Böhm", "result": "0-1"}
            ),
            "round 1, table 1: board 2 appears twice; a board has one result.",
        ),
        (
            lambda a: a["rounds"][0]["matches"][0]["boards"][3].update(first_player="Niemand"),
            "round 1, table 1, board 4, first_player: “Niemand” is not on this team's roster.",
        ),
        (
            lambda a: a["rounds"][1]["matches"][1].update(second="SV Höchstadt", boards=[]),
            "round 2, table 2: “SV Höchstadt” plays twice in this round.",
        ),
        (lambda a: a["teams"][0].update(seed="eins"), "teams[0].seed: 'eins' is not of type 'integer'"),
        (lambda a: a.update(version=3), "version: archive version 3 is not supported."),
        (
            lambda a: a["tournament"].update(colour_pattern="BWB"),
            "tournament.colour_pattern: “BWB” must be one letter W or B for each of the 4 boards.",
        ),
        (
            lambda a: a["tournament"].update(tiebreaks_other=["BP", "XYZ"]),
            "tournament.tiebreaks_other: unknown tie-break “XYZ”; known: MP, BP, DE, BW, FWB, SB, WIN, OPP, BH, "
            "EMMSB, EMGSB, EGMSB, EGGSB, EDE, EDEC, EDET, EDEB, EDEBT, EDEBB, MPVGP, BC, TBR, BBE, SSSC",
        ),
    ],
)
def test_bad_input_names_the_place_and_the_rule_and_writes_nothing(change, message):
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=broken(change))
    assert error.value.text() == message
    assert Tournament.objects.count() == 0
    assert AuditEntry.objects.count() == 0


def test_not_json_and_oversized_input_are_refused():
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=b"{not json")
    assert error.value.text().startswith("archive: not valid JSON:")
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=b" " * (20 * 1024 * 1024 + 1))
    assert error.value.text() == "archive: the file is larger than 20 MB."
    with pytest.raises(RuleViolation):
        tournament_import(archive=b"[" * 100_000 + b"]" * 100_000)
    assert Tournament.objects.count() == 0


def test_the_shipped_example_is_valid_against_the_schema():
    Draft202012Validator.check_schema(schema(1))
    Draft202012Validator(schema(1)).validate(example())


def test_a_play_off_with_lots_and_a_withdrawal_round_trip():
    tournament = make_paired(teams=2)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    for round_ in playoff_create(tournament=tournament):
        play_round(round_, {1: "½-½ ½-½ ½-½ ½-½"})
    playoff_lots_record(tournament=tournament, order=list(tournament.teams.order_by("-seed")))
    tournament.refresh_from_db()
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    assert [r["number"] for r in exported["rounds"]] == [1]
    assert [(r["number"], r["encounters"][0]["sides"][0]["entrant"]) for r in exported["playoffs"]] == [
        (2, "SK Kronach"),
        (3, "TSV Küps"),
    ]
    assert exported["tournament"]["playoff_lots"] == ["TSV Küps", "SK Kronach"]
    imported = tournament_import(archive=exported)
    assert archive_for_tournament(tournament=imported) == exported
    standings = standings_for_tournament(tournament=imported)
    assert [(e.team.name, e.row.rank) for e in standings.rows] == [("TSV Küps", 1), ("SK Kronach", 2)]
    assert standings.playoff[0].row.decided_by == "LOTS"


def test_a_withdrawn_team_round_trips_with_the_tournaments_rule():
    tournament = make_paired(teams=4, withdrawal_rule="cancel-under-half")
    team_withdraw(team=tournament.teams.get(seed=4), from_round=2)
    exported = archive_for_tournament(tournament=tournament)
    assert exported["tournament"]["withdrawal_rule"] == "cancel-under-half"
    assert [t["withdrawn_from_round"] for t in exported["teams"]] == [None, None, None, 2]
    assert archive_for_tournament(tournament=tournament_import(archive=exported)) == exported


def test_play_off_rounds_must_follow_the_last_round():
    archive = example()
    archive["playoffs"] = [{"number": 1, "matches": []}]  # a version 1 archive
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.text() == "playoffs: play-off rounds must be numbered on from the last round: 4, 5 …"


def test_the_incident_log_round_trips_with_its_proposals_and_decisions():
    tournament = make_paired(teams=2)
    match = tournament.rounds.get(number=1).matches.get()
    first = incident_record(match=match, board=2, side="first", kind="touch-move", note="Läufer berührt, Turm gezogen")
    incident_decide(incident=first, penalty="none", reason="Gegner hat nicht reklamiert")
    incident_decide(incident=incident_record(match=match, board=2, side="first", kind="touch-move"))
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    assert [(i["board"], i["proposed_penalty"], i["decided_penalty"], i["rule"]) for i in exported["incidents"]] == [
        (2, "warning", "none", "Blitz §11a"),
        (2, "minute-for-opponent", "minute-for-opponent", "Blitz §11b"),
    ]
    imported = tournament_import(archive=exported)
    assert archive_for_tournament(tournament=imported) == exported
    assert imported.rounds.get().matches.get().incidents.filter(player__name="Łukasz Dvořák 1").count() == 2


def test_an_incident_on_a_board_that_does_not_exist_is_refused():
    archive = example()
    archive["incidents"] = [{"round": 1, "table": 9, "board": 1, "side": "first", "kind": "other"}]
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.text() == "incidents[0]: round 1, table 9 has no board 1."


def test_incidents_of_a_double_round_keep_their_leg():
    tournament = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2, double_rounds=True)
    first_leg, return_leg = tournament.rounds.get(number=1).matches.order_by("leg")
    incident_record(match=first_leg, board=2, side="second", kind="touch-move")
    loss = incident_record(
        match=return_leg, board=1, side="first", kind="clock-other-hand", note="Uhr mit der anderen Hand"
    )
    incident_decide(incident=loss, penalty="loss-of-game")
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    assert [(i["table"], i["leg"], i["board"], i["side"], i["decided_penalty"]) for i in exported["incidents"]] == [
        (1, 1, 2, "second", None),
        (1, 2, 1, "first", "loss-of-game"),
    ]
    imported = tournament_import(archive=exported)
    assert archive_for_tournament(tournament=imported) == exported
    legs = imported.rounds.get().matches.order_by("leg")
    assert [(m.leg, [i.kind for i in m.incidents.all()], m.result) for m in legs] == [
        (1, ["touch-move"], ""),
        (2, ["clock-other-hand"], "0-1"),
    ]


def test_an_incident_on_a_return_leg_needs_double_rounds():
    archive = example()
    archive["incidents"] = [{"round": 1, "table": 1, "leg": 2, "board": 1, "side": "first", "kind": "other"}]
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert error.value.text() == "incidents[0]: round 1, table 1, leg 2 has no board 1."


def test_a_play_off_match_in_a_double_round_archive_has_one_leg():
    tournament = make_paired(teams=2, double_rounds=True)
    play_round(tournament.rounds.get(number=1), {1: "1-0 0-1 ½-½ ½-½"})
    playoff_create(tournament=tournament)
    archive = archive_for_tournament(tournament=tournament)
    assert [m["leg"] for r in archive["playoffs"] for m in r["encounters"]] == [1, 1]
    assert archive_for_tournament(tournament=tournament_import(archive=copy.deepcopy(archive))) == archive
    archive["playoffs"][1]["encounters"][0]["leg"] = 2
    with pytest.raises(RuleViolation) as error:
        tournament_import(archive=archive)
    assert (
        error.value.text()
        == "round 3, table 1, leg 2: a play-off match has one leg; Blitz §16 prescribes its matches itself."
    )
