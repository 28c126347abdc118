"""Encounters of N sides, games of N seats, step 3 of 3: the two-team and two-player columns go."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_sides_and_seats_data")]

    operations = [
        migrations.RemoveConstraint(model_name="match", name="match_teams_differ"),
        migrations.RemoveField(model_name="match", name="first_team"),
        migrations.RemoveField(model_name="match", name="second_team"),
        migrations.RemoveField(model_name="boardgame", name="first_player"),
        migrations.RemoveField(model_name="boardgame", name="second_player"),
    ]
