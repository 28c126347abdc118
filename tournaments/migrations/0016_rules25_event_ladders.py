from django.db import migrations, models


def touch_move_over_the_event(apps, schema_editor):
    """Blitz tournaments count the touch-move ladder over the event (Blitz §11d), as new ones do."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(penalty_rules="blitz").update(penalty_event_ladders="touch-move")


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0015_encounter24_game_versions"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="penalty_event_ladders",
            field=models.CharField(
                blank=True,
                help_text="Incident kinds whose ladder counts a player's violations over the event, not per game.",
                max_length=60,
                verbose_name="ladders counted over the event",
            ),
        ),
        migrations.RunPython(touch_move_over_the_event, migrations.RunPython.noop),
    ]
