from django.db import migrations, models


class Migration(migrations.Migration):
    """Blitz §16: the play-off decides first place only, for new and existing tournaments alike
    (the rulebook's reading); a director who announced otherwise turns the setting on."""

    dependencies = [
        ("tournaments", "0016_rules25_event_ladders"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="playoff_ranks_all",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Off (Blitz §16): the play-off decides first place only; its other teams are ranked by the "
                    "tie-breaks for other places, board points first."
                ),
                verbose_name="the play-off ranks all its teams",
            ),
        ),
    ]
