"""Audit entries name their target in columns; reverts read those, never the label."""

from datetime import date

import pytest

from tests.builders import enter_board, make_paired
from tournaments.models import AuditEntry, BoardGame, Match
from tournaments.services.incidents import incident_record
from tournaments.services.lineups import match_lineup_set
from tournaments.services.results import result_revert
from tournaments.services.tournaments import tournament_update

pytestmark = pytest.mark.django_db

COLUMNS = ("target_kind", "round_number", "table", "leg", "board", "seat", "team_id", "value_type")


def _columns(entry):
    return tuple(getattr(entry, name) for name in COLUMNS)


def test_a_revert_reads_the_columns_so_a_relabelled_entry_still_reverts_its_board():
    tournament = make_paired(teams=2, double_rounds=True)
    match = Match.objects.get(round__tournament=tournament, round__number=1, leg=2)
    board = match.boards.get(board=4)
    enter_board(board=board, result="½-½")
    entry = AuditEntry.objects.get(match=match, action="result")
    assert _columns(entry) == ("board", 1, 1, 2, 4, None, None, "result")
    AuditEntry.objects.filter(pk=entry.pk).update(target="Runde 1 · Tisch 1, Durchgang 2 · Sitz B1")
    result_revert(audit_entry=entry)
    assert BoardGame.objects.get(pk=board.pk).result == ""
    assert not BoardGame.objects.filter(match=match, board=1).exclude(result="").exists()


def test_lineups_name_the_team_and_leg_incidents_the_seat():
    tournament = make_paired(teams=2, double_rounds=True)
    return_leg = Match.objects.get(round__tournament=tournament, round__number=1, leg=2)
    match_lineup_set(match=return_leg, team=return_leg.second_team, positions=[1, 2, 3, 5])
    lineup = AuditEntry.objects.get(action="lineup")
    assert _columns(lineup) == ("side", 1, 1, 2, None, None, return_leg.second_team_id, "lineup")
    incident_record(match=return_leg, board=3, side="first", kind="touch-move")
    incident = AuditEntry.objects.get(action="incident")
    assert _columns(incident) == ("seat", 1, 1, 2, 3, 1, None, "incident")
    assert incident.target == "R1 T1/2 B3 first: touch-move"


def test_setting_changes_keep_their_types_no_none_text():
    tournament = make_paired(teams=2)
    tournament_update(
        tournament=tournament, start_date=date(2026, 12, 5), match_points={"win": 3, "draw": 1, "loss": 0}
    )
    tournament_update(tournament=tournament, start_date=None)
    first, second = AuditEntry.objects.filter(target_kind="settings").order_by("id")
    assert first.old_value == {"start_date": None, "match_points": {"win": 2, "draw": 1, "loss": 0}}
    assert first.new_value == {"start_date": "2026-12-05", "match_points": {"win": 3, "draw": 1, "loss": 0}}
    assert (second.old_value, second.new_value) == ({"start_date": "2026-12-05"}, {"start_date": None})
