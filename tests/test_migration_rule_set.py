"""Migration 0003 stores the lineup and penalty rules, and started events' planned rounds."""

import pytest

from tests.migrations import migrate, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("tournaments", "0002_audit_targets"), ("tournaments", "0003_rule_set_stored")


def test_existing_tournaments_get_their_presets_rules_and_planned_rounds():
    apps = migrate(BEFORE)
    Tournament, Team = apps.get_model("tournaments", "Tournament"), apps.get_model("tournaments", "Team")
    common = {"boards": 2, "colour_pattern": "BW"}
    tandem = Tournament.objects.create(
        name="T",
        slug="t",
        preset="tandem-dsb",
        discipline="tandem",
        status="running",
        pairing_system="double-round-robin",
        **common,
    )
    blitz = Tournament.objects.create(
        name="B", slug="b", preset="blitz-frankenwald", discipline="team-blitz", status="registration", **common
    )
    odd = Tournament.objects.create(name="O", slug="o", preset="gone", discipline="team", status="finished", **common)
    for tournament, teams in ((tandem, 4), (blitz, 4), (odd, 5)):
        for seed in range(1, teams + 1):
            Team.objects.create(tournament=tournament, name=f"Team {seed}", seed=seed)
    try:
        apps = migrate(AFTER)
        rows = {
            t.slug: (t.lineup_rule, t.penalty_rules, t.penalty_rule, t.planned_rounds)
            for t in apps.get_model("tournaments", "Tournament").objects.all()
        }
        assert rows == {
            "t": ("Tandem §8.1", "arbiter-discretion", "Tandem §7.4", 6),
            "b": ("Blitz preamble", "blitz", "", None),
            "o": ("", "arbiter-discretion", "FIDE Laws Art. 12.9", 5),
        }
    finally:
        migrate_to_latest()
