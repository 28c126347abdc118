"""Creating and starting a team Swiss (FIDE C.04.6): its rounds, its colour model, its starting ranks."""

import pytest

from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry
from tournaments.selectors.schedule import planned_rounds
from tournaments.services.teams import team_create
from tournaments.services.tournaments import tournament_create, tournament_start, tournament_update

pytestmark = pytest.mark.django_db


def test_the_swiss_preset_sets_rounds_colours_and_the_pab():
    tournament = tournament_create(name="Mannschafts-Open", preset="fide-team-swiss")
    assert (tournament.pairing_system, tournament.round_count, tournament.colour_model) == (
        "swiss-fide-team",
        9,
        "type-a",
    )
    assert tournament.bye_scoring == "draw"  # C.04.6 art. 1.4: the PAB scores a drawn match
    assert planned_rounds(tournament=tournament, teams=20) == 9
    round_robin = tournament_create(name="Liga", preset="fide-team")
    assert (round_robin.round_count, planned_rounds(tournament=round_robin, teams=6)) == (0, 5)


def test_a_swiss_without_rounds_or_with_an_unknown_colour_model_is_refused():
    with pytest.raises(RuleViolation) as error:
        tournament_create(name="Open", preset="fide-team-swiss", rounds=0)
    assert error.value.field == "rounds"
    with pytest.raises(RuleViolation) as error:
        tournament_create(name="Open", preset="fide-team-swiss", colour_model="type-c")
    assert error.value.field == "colour_model"
    assert tournament_create(name="Open B", preset="fide-team-swiss", colour_model="type-b", rounds=7).round_count == 7


def test_more_rounds_than_opponents_is_refused_at_the_start():
    tournament = tournament_create(name="Open", preset="fide-team-swiss", rounds=5)
    for index in range(4):
        team_create(tournament=tournament, name=f"Team {index}", players=[{"name": f"P{index}{b}"} for b in range(4)])
    with pytest.raises(RuleViolation) as error:
        tournament_start(tournament=tournament)
    assert error.value.field == "rounds" and error.value.rule == "FIDE C.04.6 art. 2.1.1"


def test_starting_a_swiss_seeds_by_the_average_rating_of_the_top_boards_then_name():
    tournament = tournament_create(name="Open", preset="fide-team-swiss", rounds=3)
    for name, ratings in [
        ("Zugzwang", [2400, 2200, 2000, 1800, 2700]),  # 2100; the reserve does not count
        ("Bauernopfer", [2300, 2100, 2000, 1600]),  # 2000
        ("Abzug", [2500, 2100, 1900, 1900]),  # 2100, before Zugzwang by name
        ("Caissa", [2600, 2400, None, None]),  # 1250
    ]:
        team_create(
            tournament=tournament,
            name=name,
            players=[{"name": f"{name} {b}", "rating": r} for b, r in enumerate(ratings)],
        )
    tournament_start(tournament=tournament)
    assert list(tournament.teams.order_by("seed").values_list("name", flat=True)) == [
        "Abzug",
        "Zugzwang",
        "Bauernopfer",
        "Caissa",
    ]
    entry = tournament.audit_entries.filter(
        action=AuditEntry.Action.TOURNAMENT, value_type=AuditEntry.ValueType.SETTINGS
    ).get()
    assert entry.old_value == {"Zugzwang": 1, "Bauernopfer": 2, "Abzug": 3, "Caissa": 4}
    assert entry.new_value == {"Abzug": 1, "Zugzwang": 2, "Bauernopfer": 3, "Caissa": 4}


def test_rounds_and_colour_model_are_fixed_once_play_started():
    tournament = tournament_create(name="Open", preset="fide-team-swiss", rounds=3)
    for index in range(4):
        team_create(tournament=tournament, name=f"Team {index}", players=[{"name": f"P{index}{b}"} for b in range(4)])
    tournament_start(tournament=tournament)
    with pytest.raises(RuleViolation) as error:
        tournament_update(tournament=tournament, rounds=4)
    assert error.value.field == "rounds"
