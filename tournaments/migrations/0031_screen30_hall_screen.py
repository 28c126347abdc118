# The hall screen's panels and seconds per panel (issue 30), chosen by the director on the desk.

from django.db import migrations, models

import tournaments.models.tournament


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_rules25_first_mover"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="screen_panels",
            field=models.JSONField(
                default=tournaments.models.tournament._default_screen_panels, verbose_name="hall screen panels"
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="screen_seconds",
            field=models.PositiveSmallIntegerField(default=20, verbose_name="seconds per hall screen panel"),
        ),
    ]
