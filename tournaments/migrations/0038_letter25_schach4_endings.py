"""Schach4 team matches take Schach4's endings (issue 25): a king is mated, never captured.

Their matches were stored with Viererschach's endings: ``kings`` ("both kings captured or
mated", Vierer §2) becomes ``checkmate`` and ``material`` (Vierer §13) ``dead-position`` (Schach4
"Ende des Spiels": no player can mate any more). An archive written before reads the same way
(``tables.endings.SCHACH4_ENDINGS.aliases``).
"""

from django.db import migrations

SCHACH4_TEAMS = ("schach4-v2-team", "schach4-v4-team", "schach4-v8-team")
RENAMED = {"kings": "checkmate", "material": "dead-position"}


def forward(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    for old, new in RENAMED.items():
        Match.objects.filter(round__tournament__discipline__in=SCHACH4_TEAMS, decided_by=old).update(decided_by=new)


def backward(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    for old, new in RENAMED.items():
        Match.objects.filter(round__tournament__discipline__in=SCHACH4_TEAMS, decided_by=new).update(decided_by=old)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0036_outbox31_build_stamp")]

    operations = [migrations.RunPython(forward, backward)]
