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
from tournaments.services.archive import tournament_import

pytestmark = pytest.mark.django_db
EXAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "frankenwald-playoff.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_export_of_an_import_round_trips_without_loss():
    first = archive_for_tournament(tournament=tournament_import(archive=EXAMPLE.read_bytes()))
    second = archive_for_tournament(tournament=tournament_import(archive=json.dumps(first)))
    assert second == first
    assert first["rounds"][1]["matches"][1]["boards"][0] == {
        "board": 1,
        "first_player": "Jürgen Müller",
        "second_player": "Björn Schäfer",
        "result": "½-½",
    }


def test_a_tournament_played_through_the_services_round_trips():
    tournament = make_paired(teams=5)
    play_round(tournament.rounds.get(number=1), {1: "1-0 ½-½ 0-1 +-", 2: "-- 1-0 1-0 1-0"})
    exported = archive_for_tournament(tournament=tournament)
    Draft202012Validator(schema()).validate(exported)
    again = archive_for_tournament(tournament=tournament_import(archive=exported))
    assert again == exported
    bye = exported["rounds"][0]["matches"][2]
    assert bye == {"table": 3, "first": "SK Kronach", "second": None, "boards": []}


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
    boards = tournament.rounds.get(number=3).matches.get(table=1).boards.select_related("first_player")
    assert [(b.first_player.name, b.result) for b in boards] == [
        ("Björn Schäfer", ""), ("Sören Köhler", ""), ("Jörg Größer", ""), ("Käthe Bäuerle", ""),
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
        (lambda a: a.update(version=2), "version: archive version 2 is not supported."),
        (lambda a: a["tournament"].update(colour_pattern="BWB"), "tournament.colour_pattern: “BWB” must be one letter W or B for each of the 4 boards."),
        (lambda a: a["tournament"].update(tiebreaks_other=["BP", "XYZ"]), "tournament.tiebreaks_other: unknown tie-break “XYZ”; known: MP, BP, DE, BW, FWB, SB, WIN"),
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
    Draft202012Validator.check_schema(schema())
    Draft202012Validator(schema()).validate(example())
