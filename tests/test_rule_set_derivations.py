"""The model, the archive schema and the API derive their settings from the one rule set."""

import json

import pytest
from django.conf import settings

from tournaments.archive import DESK_KEYS, SCHEMA_PATH
from tournaments.archive.schema_build import build_schema
from tournaments.domain.disciplines import get_discipline
from tournaments.domain.errors import RuleViolation
from tournaments.domain.presets import PRESETS
from tournaments.domain.rule_set import PRINT_LANGUAGES, RULE_SET, TOGETHER, preset_rules, resolve_rules
from tournaments.models import Tournament

# What a tournament stores besides its rule set: identity, origin, state, the play-off's lots, and
# the byes' version (the write protocol's, as a match's version).
NOT_SETTINGS = {
    "id",
    "name",
    "slug",
    "preset",
    "discipline",
    "status",
    "playoff_lots",
    "planned_rounds",
    "created_at",
    "updated_at",
    "byes_version",
    "mirror",  # a public server's copy of an event pushed from a hall (issue 31), not a rule of the event
    # how the desk works, not a rule of the event: the hall screen's panels and the captains'
    # confirmed reports accepted without the arbiter's key (issue 30). They have their own desk
    # pages, not the settings form, and are archived apart, under the tournament's "desk"
    *DESK_KEYS,
}


def test_the_committed_archive_schema_is_the_generated_one():
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == build_schema()  # else: make schema


def test_the_archive_schema_lists_every_setting_and_nothing_else_unknown():
    properties = build_schema()["$defs"]["tournament"]["properties"]
    assert set(properties) == {s.name for s in RULE_SET} | {
        "name",
        "slug",
        "preset",
        "discipline",
        "status",
        "playoff_lots",
        "desk",
    }
    assert set(properties["desk"]["properties"]) == set(DESK_KEYS)
    assert properties["language"] == {"enum": ["de", "en"]}
    assert properties["boards"] == {"type": "integer", "minimum": 1, "maximum": 16}


def test_every_model_field_is_a_setting_or_named_as_none():
    concrete = {field.attname.removesuffix("_id") for field in Tournament._meta.concrete_fields}
    stored = {s.field for s in RULE_SET if s.name != "match_points"} | {"mp_win", "mp_draw", "mp_loss"}
    assert concrete == stored | NOT_SETTINGS
    assert not stored & NOT_SETTINGS


def test_the_print_languages_are_the_apps_languages():
    assert PRINT_LANGUAGES == tuple(code for code, _ in settings.LANGUAGES)


def test_a_part_of_the_rules_resolves_as_the_whole_and_is_refused_as_it_is():
    """``names`` (the archive's ranking reads a dozen settings, issue 29): those values as the
    whole set resolves them, the checks together still made, a bad value among them refused."""
    preset, names = PRESETS["fide-team-swiss"], TOGETHER | {"match_points", "tiebreaks_other", "bye_scoring"}
    discipline = get_discipline(preset.discipline)
    given = {"match_points": {"win": 3}, "tiebreaks_other": ["bh:mp/c1", "BP"], "venue": "x" * 999}
    whole = resolve_rules(preset_rules(preset), {**given, "venue": ""}, discipline=discipline)
    part = resolve_rules(preset_rules(preset, names), given, discipline=discipline, names=names)
    assert part == {name: whole[name] for name in names}
    for bad in ({"match_points": {"win": 0.3}}, {"tiebreaks_other": ["XYZ"]}, {"colour_pattern": "WBW"}):
        with pytest.raises(RuleViolation):
            resolve_rules(preset_rules(preset, names), bad, discipline=discipline, names=names)


def test_every_preset_resolves_to_valid_settings_with_its_own_rules():
    for preset in PRESETS.values():
        discipline = get_discipline(preset.discipline)
        values = resolve_rules(preset_rules(preset), {}, discipline=discipline)
        assert values["lineup_rule"] == preset.lineup_rule
        assert (values["penalty_rules"], values["penalty_rule"]) == (
            discipline.penalty_rules.value,
            discipline.penalty_rule,
        )
        assert values["colour_pattern"] == preset.colour_pattern
