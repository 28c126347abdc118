from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0033_lineups30_eligibility"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="lineup_deadline",
            field=models.DateTimeField(
                blank=True,
                help_text="Lineups set after it are listed as late at the desk.",
                null=True,
                verbose_name="lineup deadline",
            ),
        ),
    ]
