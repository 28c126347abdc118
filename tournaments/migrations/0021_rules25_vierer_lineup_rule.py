from django.db import migrations


def cite_our_rule(apps, schema_editor):
    """Vierer §1 only forms the teams: a refused lineup swap cites the tournament rule it breaks."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(lineup_rule="Vierer §1").update(lineup_rule="tournament rule: fixed ranking")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_rules25_claimed_in_time"),
    ]

    operations = [
        migrations.RunPython(cite_our_rule, migrations.RunPython.noop),
    ]
