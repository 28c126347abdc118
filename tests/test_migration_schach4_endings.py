"""Migration 0038: Schach4 team matches stored with Viererschach's endings take Schach4's."""

import pytest

from tests.migrations import migrate, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("tournaments", "0036_outbox31_build_stamp"), ("tournaments", "0038_letter25_schach4_endings")


def test_a_schach4_team_match_ended_by_kings_is_checkmate_and_viererschach_keeps_its_kings():
    """Schach4 "Schach und Schachmatt": a king is mated, never captured (Vierer §2 captures it)."""
    apps = migrate(BEFORE)
    Tournament, Round, Match = (apps.get_model("tournaments", name) for name in ("Tournament", "Round", "Match"))
    stored = {}
    for discipline in ("schach4-v2-team", "schach4-v4-team", "vierer"):
        tournament = Tournament.objects.create(
            name=discipline, slug=discipline, preset=f"{discipline}", discipline=discipline, boards=2
        )
        round_ = Round.objects.create(tournament=tournament, number=1)
        for table, ending in enumerate(("kings", "material", "stalemate"), start=1):
            match = Match.objects.create(round=round_, table=table, result="1-0", decided_by=ending)
            stored[match.pk] = discipline
    try:
        apps = migrate(AFTER)
        endings = {
            (stored[match.pk], match.table): match.decided_by
            for match in apps.get_model("tournaments", "Match").objects.all()
        }
        assert endings == {
            ("schach4-v2-team", 1): "checkmate",
            ("schach4-v2-team", 2): "dead-position",
            ("schach4-v2-team", 3): "stalemate",
            ("schach4-v4-team", 1): "checkmate",
            ("schach4-v4-team", 2): "dead-position",
            ("schach4-v4-team", 3): "stalemate",
            ("vierer", 1): "kings",
            ("vierer", 2): "material",
            ("vierer", 3): "stalemate",
        }
    finally:
        migrate_to_latest()
