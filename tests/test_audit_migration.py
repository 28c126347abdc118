"""Migration 0002: audit history written as labels only gets its target columns and stays revertible."""

import pytest

from tests.builders import enter_board, enter_match, make_paired
from tests.migrations import migrate, migrate_to_latest
from tournaments.models import AuditEntry, BoardGame, Match
from tournaments.services.results import result_revert

OLD = ("tournaments", "0001_squashed_0007")


@pytest.mark.django_db(transaction=True)
def test_label_only_history_is_converted_and_its_results_revert():
    blitz = make_paired(teams=2, double_rounds=True)
    return_leg = Match.objects.get(round__tournament=blitz, round__number=1, leg=2)
    board = return_leg.boards.get(board=3)
    enter_board(board=board, result="1-0")
    tandem = make_paired(preset="tandem-dsb", name="Tandem-Open", players=2, teams=2)
    tandem_match = tandem.rounds.get(number=1).matches.get()
    enter_match(match=tandem_match, result="0-1", deciding_board=2, decided_by="checkmate")

    first = Match.objects.with_sides().get(round__tournament=blitz, round__number=1, leg=1)
    second_name = first.second_team.name  # read while the current schema is in place

    old_apps = migrate(OLD)
    History = old_apps.get_model("tournaments", "AuditEntry")
    assert "target_kind" not in {field.name for field in History._meta.get_fields()}
    old_board = old_apps.get_model("tournaments", "BoardGame").objects.get(match_id=first.pk, board=1)
    old_board.result = "0-1"
    old_board.save()
    old_rows = {
        "result": History.objects.create(
            tournament_id=blitz.pk,
            match_id=first.pk,
            source="api",
            action="result",
            target="R1 T1 B1",
            old_value="1-0",
            new_value="0-1",
        ),
        "lineup": History.objects.create(
            tournament_id=blitz.pk,
            match_id=first.pk,
            source="desk",
            action="lineup",
            target=f"R1 T1 {second_name}",
            old_value=[1, 2, 3, 4],
            new_value=[1, 2, 3, 5],
        ),
        "incident": History.objects.create(
            tournament_id=blitz.pk,
            match_id=return_leg.pk,
            source="desk",
            action="incident",
            target="R1 T1/2 B3 second: touch-move",
            new_value={"kind": "touch-move", "earlier": 0, "proposed": "warning", "rule": "Blitz §11"},
        ),
        "pairing": History.objects.create(
            tournament_id=blitz.pk,
            source="desk",
            action="pairing",
            target="Runde 2",
            new_value=[[2, 1]],
        ),
        "print": History.objects.create(
            tournament_id=blitz.pk,
            source="desk",
            action="print",
            target="R2 bundle",
            new_value={"forms_per_page": 2},
        ),
        "roster": History.objects.create(
            tournament_id=blitz.pk,
            source="desk",
            action="roster",
            target=first.first_team.name,
            new_value=["A", "B"],
        ),
        "settings": History.objects.create(
            tournament_id=blitz.pk,
            source="desk",
            action="tournament",
            target=blitz.name,
            old_value={"name": "Alt"},
            new_value={"name": blitz.name},
        ),
    }
    migrate_to_latest()

    board_entry = AuditEntry.objects.get(match=return_leg, action="result")
    assert (
        board_entry.target_kind,
        board_entry.round_number,
        board_entry.table,
        board_entry.leg,
        board_entry.board,
        board_entry.seat,
    ) == (
        "board",
        1,
        1,
        2,
        3,
        None,
    )
    assert board_entry.value_type == "result"
    match_entry = AuditEntry.objects.get(match=tandem_match, action="result")
    assert (
        match_entry.target_kind,
        match_entry.round_number,
        match_entry.table,
        match_entry.leg,
        match_entry.board,
    ) == (
        "match",
        1,
        1,
        1,
        None,
    )
    assert match_entry.value_type == "match-result"
    converted = {name: AuditEntry.objects.get(pk=row.pk) for name, row in old_rows.items()}
    lineup = converted["lineup"]
    assert (lineup.target_kind, lineup.round_number, lineup.table, lineup.leg, lineup.team_id, lineup.value_type) == (
        "side",
        1,
        1,
        1,
        first.second_team_id,
        "lineup",
    )
    incident = converted["incident"]
    assert (incident.target_kind, incident.leg, incident.board, incident.seat, incident.value_type) == (
        "seat",
        2,
        3,
        2,
        "incident",
    )
    assert (converted["pairing"].target_kind, converted["pairing"].round_number, converted["pairing"].value_type) == (
        "round",
        2,
        "pairing",
    )
    assert (converted["print"].round_number, converted["print"].value_type) == (2, "bundle")
    assert (converted["roster"].target_kind, converted["roster"].team_id) == ("team", first.first_team_id)
    assert (converted["settings"].target_kind, converted["settings"].value_type) == ("settings", "settings")
    assert not AuditEntry.objects.filter(target_kind="").exists()

    inserted = converted["result"]
    assert (inserted.target_kind, inserted.round_number, inserted.table, inserted.leg, inserted.board) == (
        "board",
        1,
        1,
        1,
        1,
    )
    result_revert(audit_entry=inserted)
    assert BoardGame.objects.get(pk=old_board.pk).result == "1-0"
    result_revert(audit_entry=board_entry)
    assert BoardGame.objects.get(pk=board.pk).result == ""
    result_revert(audit_entry=match_entry)
    tandem_match.refresh_from_db()
    assert (tandem_match.result, tandem_match.deciding_board, tandem_match.decided_by) == ("", None, "")
    reverts = AuditEntry.objects.filter(reverts__isnull=False).order_by("id")
    assert [(e.target_kind, e.reverts_id) for e in reverts] == [
        ("board", inserted.pk),
        ("board", board_entry.pk),
        ("match", match_entry.pk),
    ]
