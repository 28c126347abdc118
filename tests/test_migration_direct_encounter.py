"""Migration 0043 copies each stored tournament's DE reading from its discipline onto it."""

import pytest

from tests.migrations import migrate, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("tournaments", "0042_sealed_target_secrets"), ("tournaments", "0043_direct_encounter_copied")


def test_stored_tournaments_keep_the_reading_their_discipline_had():
    apps = migrate(BEFORE)
    Tournament = apps.get_model("tournaments", "Tournament")
    for slug, preset, discipline in (
        ("frankenwald", "blitz-frankenwald", "team-blitz"),
        ("liga", "fide-team", "team"),
        ("tandem", "tandem-dsb", "tandem"),
        ("vierer", "vierer-team", "vierer"),
    ):
        Tournament.objects.create(
            name=slug, slug=slug, preset=preset, discipline=discipline, boards=2, colour_pattern="BW"
        )
    try:
        apps = migrate(AFTER)
        readings = dict(apps.get_model("tournaments", "Tournament").objects.values_list("slug", "direct_encounter"))
        assert readings == {"frankenwald": "blitz", "liga": "c07", "tandem": "c07", "vierer": "c07"}
    finally:
        migrate_to_latest()
