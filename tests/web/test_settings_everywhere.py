"""Every setting of the rule set changes from the desk and the API and survives the archive;
settings fixed once play started are refused everywhere, each named with its rule."""

import json
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tests.builders import make_paired, make_tournament
from tournaments.domain.disciplines import get_discipline
from tournaments.domain.pairing_systems import pairing_system
from tournaments.domain.presets import PRESETS
from tournaments.domain.rule_set import RULE_SET, SETTINGS, rule_values, settings_used
from tournaments.forms.tournament import OPTION_LABELS, TournamentSettingsForm
from tournaments.models import AuditEntry, Tournament
from tournaments.selectors.archive import archive_for_tournament
from tournaments.services.archive import tournament_import

pytestmark = pytest.mark.django_db

# A value different from the Frankenwald preset's for every setting (with what it needs alongside).
CHANGES = {
    "venue": {"venue": "Küps, Gasthof Krone"},
    "start_date": {"start_date": date(2026, 12, 5)},
    "language": {"language": "en"},
    "boards": {"boards": 6, "colour_pattern": "BWBWBW"},
    "colour_pattern": {"colour_pattern": "WBWB"},
    "substitute_boards": {"substitute_boards": [3, 4]},
    "max_substitutes": {"max_substitutes": 2},
    "board_order": {"board_order": "ascending"},
    "lineup_rule": {"lineup_rule": "Turnierordnung §5"},
    "match_points": {"match_points": {"win": Decimal(3), "draw": Decimal("1.5"), "loss": Decimal(0)}},
    "bye_scoring": {"bye_scoring": "win"},
    "pairing": {"pairing": "double-round-robin"},
    "double_rounds": {"double_rounds": True},
    "rounds": {"rounds": 3},  # a round robin plans its own; the Swiss reads it (C.04.6)
    "colour_model": {"colour_model": "type-b"},
    "tiebreaks_first": {"tiebreaks_first": ["DE", "BP"]},
    "tiebreaks_other": {"tiebreaks_other": ["BW", "BP"]},
    "playoff_for_first": {"playoff_for_first": False},
    "playoff_ranks_all": {"playoff_ranks_all": True},
    "withdrawal_rule": {"withdrawal_rule": "cancel-under-half"},
    "late_entry_rounds": {"late_entry_rounds": "half-bye"},
    "late_entry_seeding": {"late_entry_seeding": "last"},
    "tiebreak_edition": {"tiebreak_edition": "2024"},
    "direct_encounter": {"direct_encounter": "c07"},
    "penalty_rules": {"penalty_rules": "arbiter-discretion"},
    "penalty_rule": {"penalty_rule": "FIDE Laws Art. 12.9"},
    "place_points": {"place_points": "3: 2 1 0; 4: 5 3 1.5 0"},
    "table_bye_points": {"table_bye_points": "1.5"},
    "penalty_event_ladders": {"penalty_event_ladders": "touch-move, clock-other-hand"},
    "first_mover": {"first_mover": "lot"},
    "rating_cap": {"rating_cap": 2300},
    "rating_cap_check": {"rating_cap_check": "refusal"},
    "average_cap": {"average_cap": 2100},
    "average_cap_check": {"average_cap_check": "warning"},
    "rating_order_tolerance": {"rating_order_tolerance": 200},
    "rating_order_check": {"rating_order_check": "warning"},
    "limited_category": {"limited_category": "unrated"},
    "category_limit": {"category_limit": 1},
    "category_limit_check": {"category_limit_check": "refusal"},
}
# Settings that only another preset takes: points per place score a table's finishing order
# (Schach4, issue 15), so they are changed on a Schach4 V1 event of single players (paired one
# round at a time, so its archive is taken before the pairing).
ELSEWHERE = dict.fromkeys(("place_points", "table_bye_points"), {"preset": "schach4-v1", "players": 1})
# The desk offers only the settings the event's discipline and pairing system read (issue 28 item
# 10): a Swiss's colour preferences, rounds and late entries on a team Swiss, the first mover on
# a Schach4 evening.
SWISS = {"preset": "fide-team-swiss"}
ON_THE_DESK = {
    **ELSEWHERE,
    **dict.fromkeys(("rounds", "colour_model", "late_entry_rounds", "late_entry_seeding"), SWISS),
    "first_mover": ELSEWHERE["place_points"],
}


def test_every_setting_has_a_change_here():
    assert set(CHANGES) == set(SETTINGS)


def _expected(tournament: Tournament, name: str) -> dict:
    return {**rule_values(tournament), **CHANGES[name]}


def _form_data(tournament: Tournament, changes: dict) -> dict:
    data = TournamentSettingsForm.initial_for(tournament)
    for key, value in changes.items():
        if key == "match_points":
            data.update({f"mp_{k}": v for k, v in value.items()})
        elif isinstance(value, list):
            data[key] = ", ".join(map(str, value))
        else:
            data[key] = value
    return {
        key: value for key, value in data.items() if value is not None and value is not False
    }  # a checkbox off is absent


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_setting_changes_from_the_desk(desk, name):
    tournament = make_tournament(teams=2, **ON_THE_DESK.get(name, {}))
    expected = _expected(tournament, name)
    response = desk.post(f"/desk/{tournament.slug}/", _form_data(tournament, CHANGES[name]))
    assert response.status_code == 302, response.text
    tournament.refresh_from_db()
    assert rule_values(tournament) == expected


@pytest.mark.parametrize(
    "preset, absent, present",
    [
        (
            "blitz-frankenwald",
            {"colour_model", "rounds", "late_entry_seeding", "first_mover", "place_points", "table_bye_points"},
            {"colour_pattern"},
        ),
        (
            "schach4-v1",
            {"colour_pattern", "substitute_boards", "max_substitutes", "board_order", "colour_model"},
            {"rounds", "first_mover", "place_points", "table_bye_points"},
        ),
        ("fide-team-swiss", {"first_mover", "place_points"}, {"colour_model", "rounds", "late_entry_rounds"}),
        ("tandem-dsb", {"playoff_for_first", "colour_model"}, {"colour_pattern", "double_rounds"}),
    ],
)
def test_the_desk_offers_only_the_settings_the_discipline_and_pairing_system_read(desk, preset, absent, present):
    """Issue 28 item 10: a blitz round robin was offered Swiss colour preferences, a Schach4 evening
    a colour pattern and substitutes."""
    tournament = make_tournament(preset=preset, teams=0)
    fields = set(desk.get(f"/desk/{tournament.slug}/").context["form"].fields)
    assert fields & absent == set() and present <= fields


def test_every_setting_is_offered_on_the_desk_of_some_preset():
    offered = {
        setting.name
        for preset in PRESETS.values()
        for setting in settings_used(get_discipline(preset.discipline.value), pairing_system(preset.pairing.value, ""))
    }
    assert offered == set(SETTINGS)


@pytest.fixture
def api(td):
    client = APIClient()
    client.force_authenticate(td)
    return client


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_setting_changes_from_the_api_and_is_shown_there(api, name):
    tournament = make_tournament(teams=2, **ELSEWHERE.get(name, {}))
    expected = _expected(tournament, name)
    body = {key: SETTINGS[key].as_json(value) for key, value in CHANGES[name].items()}
    response = api.patch(f"/api/v1/tournaments/{tournament.slug}/", body, format="json")
    assert response.status_code == 200, response.content
    tournament.refresh_from_db()
    assert rule_values(tournament) == expected
    shown = api.get(f"/api/v1/tournaments/{tournament.slug}/").json()
    assert {key: shown[key] for key in SETTINGS} == {s.name: s.as_json(expected[s.name]) for s in RULE_SET}


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_setting_round_trips_through_the_archive(name):
    tournament = (make_tournament if name in ELSEWHERE else make_paired)(
        teams=3, **ELSEWHERE.get(name, {}), **CHANGES[name]
    )
    archive = archive_for_tournament(tournament=tournament)
    imported = tournament_import(archive=json.dumps(archive))
    assert rule_values(imported) == rule_values(tournament)
    assert archive_for_tournament(tournament=imported) == archive


def test_an_english_tournament_comes_back_english_from_its_archive():
    tournament = make_tournament(teams=2, language="en")
    imported = tournament_import(archive=archive_for_tournament(tournament=tournament))
    assert imported.language == "en"


def test_an_unknown_field_is_refused_not_ignored(api):
    tournament = make_tournament(teams=2)
    response = api.patch(f"/api/v1/tournaments/{tournament.slug}/", {"langauge": "en"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "langauge"
    assert "unknown field" in response.json()["detail"]
    nested = api.patch(f"/api/v1/tournaments/{tournament.slug}/", {"match_points": {"tie": 1}}, format="json")
    assert (nested.status_code, nested.json()["field"]) == (400, "match_points.tie")
    created = api.post("/api/v1/tournaments/", {"name": "Pokal", "double_round": True}, format="json")
    assert (created.status_code, created.json()["field"]) == (400, "double_round")
    assert Tournament.objects.count() == 1


LOCKED = {
    "boards": 6,
    "colour_pattern": "WBWB",
    "pairing": "double-round-robin",
    "double_rounds": True,
    "rounds": 5,
    "colour_model": "none",
}


def test_the_locked_settings_are_exactly_these():
    assert {s.name for s in RULE_SET if s.locked} == set(LOCKED)


def test_the_api_refuses_every_locked_setting_at_once_naming_each_rule(api):
    tournament = make_paired(teams=4)
    before = rule_values(tournament)
    body = {**LOCKED, "colour_pattern": "WBWBWB", "venue": "Selb"}
    response = api.patch(f"/api/v1/tournaments/{tournament.slug}/", body, format="json")
    assert response.status_code == 400
    errors = {error["field"]: error for error in response.json()["errors"]}
    assert set(errors) == set(LOCKED)
    assert errors["boards"]["rule"] == "Blitz preamble"
    assert errors["colour_pattern"]["rule"] == "Blitz §18"
    assert errors["pairing"]["detail"] == (
        "pairing: cannot be changed once the tournament has started. The rounds are paired with it (FIDE C.05)."
    )
    tournament.refresh_from_db()
    assert rule_values(tournament) == before


def test_the_desk_names_every_refused_setting_at_the_top_and_changes_nothing(desk):
    tournament = make_paired(teams=4)
    before = rule_values(tournament)
    data = _form_data(tournament, {"boards": 6, "colour_pattern": "WBWBWB", "double_rounds": True, "venue": "Selb"})
    response = desk.post(f"/desk/{tournament.slug}/", data)
    assert response.status_code == 400
    top = response.text.split('id="settings-errors"')[1].split("</div>")[0]
    assert "Boards: cannot be changed once the tournament has started." in top  # its label, not "boards:"
    assert "(Blitz preamble)" in top and "(Blitz §18)" in top
    assert "Double rounds: cannot be changed" in top
    assert response.text.index('id="settings-errors"') < response.text.index("<h2>")  # above the rounds
    tournament.refresh_from_db()
    assert rule_values(tournament) == before


def test_an_archive_refuses_a_setting_its_results_contradict_naming_the_rule():
    archive = archive_for_tournament(tournament=make_paired(teams=2, players=2, preset="tandem-dsb"))
    archive["tournament"]["tiebreaks_other"] = ["BP"]
    with pytest.raises(Exception) as error:
        tournament_import(archive=archive)
    assert error.value.field == "tournament.tiebreaks_other"
    assert error.value.rule == "Tandem §1.3"


def test_a_version_1_archive_without_the_new_settings_takes_them_from_its_preset():
    tournament = make_paired(teams=3, players=2, preset="tandem-dsb")
    tournament.refresh_from_db()
    archive = archive_for_tournament(tournament=tournament)
    for name in ("language", "lineup_rule", "penalty_rules", "penalty_rule"):
        del archive["tournament"][name]
    imported = tournament_import(archive=archive)
    assert (imported.language, imported.lineup_rule, imported.penalty_rules, imported.penalty_rule) == (
        "de",
        "Tandem §8.1",
        "arbiter-discretion",
        "Tandem §7.4",
    )
    assert imported.planned_rounds == 3


def test_changing_match_points_mid_event_asks_for_confirmation_first(desk):
    tournament = make_paired(teams=4)
    data = _form_data(tournament, {"match_points": {"win": 3, "draw": 1, "loss": 0}})
    warned = desk.post(f"/desk/{tournament.slug}/", data)
    assert warned.status_code == 400
    assert "Changing the match points re-ranks every round already played." in warned.text
    tournament.refresh_from_db()
    assert tournament.mp_win == 2
    assert 'name="confirmed" value="yes"' in warned.text
    assert desk.post(f"/desk/{tournament.slug}/", {**data, "confirmed": "yes"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.mp_win == 3
    entry = AuditEntry.objects.filter(tournament=tournament, action="tournament").latest("id")
    assert set(entry.new_value) == {"match_points"}


def test_match_points_change_freely_before_the_start(desk):
    tournament = make_tournament(teams=4)
    data = _form_data(tournament, {"match_points": {"win": 3, "draw": 1, "loss": 0}})
    assert desk.post(f"/desk/{tournament.slug}/", data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.mp_win == 3


def test_the_settings_form_renders_dates_in_iso_in_german(desk):
    tournament = make_tournament(teams=2, start_date=date(2026, 12, 5))
    desk.cookies["django_language"] = "de"
    page = desk.get(f"/desk/{tournament.slug}/").text
    assert 'type="date"' in page and 'value="2026-12-05"' in page
    assert "05.12.2026" not in page.split('id="settings"')[1]
    assert get_user_model().objects.count() == 1


def test_every_choice_the_desk_offers_has_a_label_not_a_code():
    """A new option (a pairing system, a colour model) must come with words for the desk."""
    for setting in (s for s in RULE_SET if s.options):
        assert set(setting.options) <= set(OPTION_LABELS.get(setting.name, {})), setting.name
