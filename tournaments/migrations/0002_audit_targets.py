"""Audit entries name their target in columns; existing history is converted from its labels, once.

Until now an entry's target was only a label ("R3 T2/2 B4", "R1 T1 Alpha", "R2 bundle"), which
reverts parsed back. The labels are read here one last time, with patterns frozen as they were
written, so every old entry is revertible and shown in words like a new one.
"""

import re

import django.db.models.deletion
from django.db import migrations, models


MATCH = re.compile(r"^R(\d+) T(\d+)(?:/(\d+))?$")
BOARD = re.compile(r"^R(\d+) T(\d+)(?:/(\d+))? B(\d+)$")
SEAT = re.compile(r"^R(\d+) T(\d+)(?:/(\d+))? B(\d+) (first|second): ")
SIDE = re.compile(r"^R(\d+) T(\d+) (.+)$")
NUMBER = re.compile(r"(\d+)")


def _numbers(match, *, board=False):
    """round, table, leg (1 unless the label says /2) and, for a board label, the board."""
    numbers = {"round_number": int(match[1]), "table": int(match[2]), "leg": int(match[3] or 1)}
    if board:
        numbers["board"] = int(match[4])
    return numbers


def _columns(entry, team_ids):
    """The target columns of one old entry, read from its action, label and values."""
    label, action, new = entry.target, entry.action, entry.new_value
    if action == "result":
        if found := BOARD.match(label):
            return {"target_kind": "board", "value_type": "result", **_numbers(found, board=True)}
        if found := MATCH.match(label):
            return {"target_kind": "match", "value_type": "match-result", **_numbers(found)}
    elif action == "incident":
        if found := SEAT.match(label):
            kind = "incident" if isinstance(new, dict) and "kind" in new else "decision"
            seat = 1 if found[5] == "first" else 2
            return {"target_kind": "seat", "value_type": kind, "seat": seat, **_numbers(found, board=True)}
    elif action == "lineup":
        if found := SIDE.match(label):
            leg = entry.match.leg if entry.match_id else None
            return {
                "target_kind": "side", "value_type": "lineup", "round_number": int(found[1]), "table": int(found[2]),
                "leg": leg, "team_id": team_ids.get((entry.tournament_id, found[3])),
            }
    elif action in ("pairing", "publish", "print"):
        value_type = {"publish": "timestamp", "print": "bundle"}.get(action)
        value_type = value_type or ("pairing" if isinstance(new, list) else "unpairing")
        found = NUMBER.search(label)
        return {"target_kind": "round", "value_type": value_type, "round_number": int(found[1]) if found else None}
    elif action in ("roster", "withdrawal"):
        return {"target_kind": "team", "value_type": action, "team_id": team_ids.get((entry.tournament_id, label))}
    elif action == "tournament":
        if label == "status":
            return {"target_kind": "tournament", "value_type": "status"}
        if entry.old_value is None and isinstance(new, dict) and "preset" in new:
            return {"target_kind": "tournament", "value_type": "created"}
        return {"target_kind": "settings", "value_type": "settings"}
    elif action == "playoff":
        return {"target_kind": "playoff", "value_type": "lots" if label == "lots" else "playoff"}
    elif action == "import":
        return {"target_kind": "tournament", "value_type": "import"}
    elif action == "role":
        return {"target_kind": "role", "value_type": "role"}
    return {}


def convert_history(apps, schema_editor):
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    Team = apps.get_model("tournaments", "Team")
    team_ids = {(tournament, name): pk for tournament, name, pk in Team.objects.values_list("tournament_id", "name", "pk")}
    fields = ["target_kind", "value_type", "round_number", "table", "leg", "board", "seat", "team_id"]
    changed = []
    for entry in AuditEntry.objects.filter(target_kind="").select_related("match").iterator(chunk_size=2000):
        columns = _columns(entry, team_ids)
        for field, value in columns.items():
            setattr(entry, field, value)
        if columns:
            changed.append(entry)
        if len(changed) >= 2000:
            AuditEntry.objects.bulk_update(changed, fields)
            changed = []
    AuditEntry.objects.bulk_update(changed, fields)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0001_squashed_0007'),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='board',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='board'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='leg',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='leg'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='round_number',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='round'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='seat',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='seat'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='table',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='table'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='target_kind',
            field=models.CharField(blank=True, choices=[('tournament', 'tournament'), ('settings', 'settings'), ('round', 'round'), ('match', 'match'), ('board', 'board'), ('seat', 'seat'), ('side', 'lineup'), ('team', 'team'), ('player', 'player'), ('role', 'role'), ('playoff', 'play-off')], max_length=20, verbose_name='kind of target'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='team',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.team'),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='value_type',
            field=models.CharField(blank=True, choices=[('result', 'board result'), ('match-result', 'match result'), ('lineup', 'lineup'), ('roster', 'roster'), ('pairing', 'pairing'), ('unpairing', 'unpairing'), ('timestamp', 'time'), ('created', 'tournament created'), ('settings', 'settings'), ('status', 'status'), ('import', 'import'), ('bundle', 'print bundle'), ('playoff', 'play-off'), ('lots', 'lots'), ('incident', 'incident'), ('decision', 'decision'), ('withdrawal', 'withdrawal'), ('role', 'role')], max_length=20, verbose_name='type of value'),
        ),
        migrations.RunPython(convert_history, migrations.RunPython.noop),
    ]
