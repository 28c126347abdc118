from decimal import Decimal

import pytest

from tests.builders import make_paired, make_tournament
from tournaments.domain.errors import RuleViolation
from tournaments.models import AuditEntry
from tournaments.services.publishing import round_publish, round_unpublish
from tournaments.services.tournaments import tournament_start, tournament_update

pytestmark = pytest.mark.django_db


def test_update_changes_name_and_rules_and_audits_old_and_new():
    tournament = make_tournament(teams=4)
    tournament = tournament_update(
        tournament=tournament,
        name="Frankenwaldpokal 2026",
        match_points={"win": 1, "draw": 0.5, "loss": 0},
        venue="Kronach",
    )
    assert tournament.name == "Frankenwaldpokal 2026"
    assert tournament.mp_win == Decimal("1") and tournament.mp_draw == Decimal("0.5")
    assert tournament.colour_pattern == "BWBW"  # untouched values stay
    entry = tournament.audit_entries.filter(action=AuditEntry.Action.TOURNAMENT).first()
    assert entry.old_value["name"] == "Frankenwaldpokal" and entry.new_value["venue"] == "Kronach"


def test_update_refuses_bad_value_naming_the_field():
    tournament = make_tournament(teams=4)
    with pytest.raises(RuleViolation) as error:
        tournament_update(tournament=tournament, colour_pattern="BWX")
    assert error.value.field == "colour_pattern"


def test_update_refuses_board_count_change_after_start():
    tournament = make_tournament(teams=4)
    tournament_start(tournament=tournament)
    with pytest.raises(RuleViolation) as error:
        tournament_update(tournament=tournament, boards=6)
    assert error.value.field == "boards"
    assert tournament_update(tournament=tournament, venue="Küps").venue == "Küps"


def test_publish_and_unpublish_are_audited_and_idempotent():
    tournament = make_paired(teams=4)
    round_ = tournament.rounds.get(number=1)
    assert round_publish(round_=round_).published_at is not None
    assert round_publish(round_=round_).published_at is not None
    assert round_unpublish(round_=round_).published_at is None
    actions = list(
        tournament.audit_entries.filter(action=AuditEntry.Action.PUBLISH).values_list("new_value", flat=True)
    )
    assert len(actions) == 2 and actions[0] is None
