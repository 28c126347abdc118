"""Migration 0043 copies each stored tournament's DE reading from its discipline onto it."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("tournaments", "0042_sealed_target_secrets"), ("tournaments", "0043_direct_encounter_copied")


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def test_stored_tournaments_keep_the_reading_their_discipline_had():
    apps = _migrate(BEFORE)
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
        apps = _migrate(AFTER)
        readings = dict(apps.get_model("tournaments", "Tournament").objects.values_list("slug", "direct_encounter"))
        assert readings == {"frankenwald": "blitz", "liga": "c07", "tandem": "c07", "vierer": "c07"}
    finally:
        _migrate(("tournaments", MigrationExecutor(connection).loader.graph.leaf_nodes("tournaments")[0][1]))
