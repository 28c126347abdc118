"""Encounters of N sides, games of N seats (issue 14 item 4), step 1 of 3: the new tables.

``Match.first_team/second_team`` become ``MatchSide`` rows (positions 1 and 2; a bye has one side),
``BoardGame.first_player/second_player`` become ``Seat`` rows carrying the colour each seat played.
Three migrations, as PostgreSQL refuses to alter a table in the transaction that changed its rows:
the tables (here), the data (0007), the old columns dropped (0008).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_public_version")]

    operations = [
        migrations.CreateModel(
            name="MatchSide",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(verbose_name="position")),
                ("place", models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="place")),
                ("match", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="sides", to="tournaments.match")),
                ("team", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="match_sides", to="tournaments.team")),
            ],
            options={"verbose_name": "side", "verbose_name_plural": "sides", "ordering": ["match", "position"]},
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(verbose_name="position")),
                ("colour", models.CharField(max_length=1, verbose_name="colour")),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="tournaments.boardgame")),
                ("player", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="tournaments.player")),
                ("side", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="tournaments.matchside")),
            ],
            options={"verbose_name": "seat", "verbose_name_plural": "seats", "ordering": ["game", "position"]},
        ),
        migrations.AddConstraint(
            model_name="matchside",
            constraint=models.UniqueConstraint(fields=("match", "position"), name="side_position_unique_per_match"),
        ),
        migrations.AddConstraint(
            model_name="matchside",
            constraint=models.UniqueConstraint(fields=("match", "team"), name="side_team_unique_per_match"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("game", "position"), name="seat_position_unique_per_game"),
        ),
        # nullable, so that migrating back can re-add the column before 0007 refills it
        migrations.AlterField(
            model_name="match", name="first_team",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="tournaments.team"),
        ),
    ]
