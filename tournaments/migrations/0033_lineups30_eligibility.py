from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0032_captains30_captain_codes"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="rating_cap",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="rating cap per board"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rating_cap_check",
            field=models.CharField(default="off", max_length=8, verbose_name="rating cap per board: check"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="average_cap",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="rating cap on the average"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="average_cap_check",
            field=models.CharField(default="off", max_length=8, verbose_name="rating cap on the average: check"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rating_order_tolerance",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="board order by rating: tolerance"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rating_order_check",
            field=models.CharField(default="off", max_length=8, verbose_name="board order by rating: check"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="limited_category",
            field=models.CharField(
                default="no-federation-id", max_length=20, verbose_name="limited category of players"
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="category_limit",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="players of that category per match"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="category_limit_check",
            field=models.CharField(default="off", max_length=8, verbose_name="category limit: check"),
        ),
    ]
