"""The reading of DE a round robin still running ranks by, copied onto the tournament with its other
rules (it was read from the discipline, so a later change of a discipline's reading re-ranked stored
events). Every stored tournament keeps the reading it ranked by until now."""

from django.db import migrations, models

# the disciplines that read DE as C.07 when this migration was written (session 12's decision,
# docs/rules.md); team blitz read Blitz §16, the field's default
C07_DISCIPLINES = ("team", "tandem", "vierer", "schach4-v2-team", "schach4-v4-team", "schach4-v8-team")


def copy_reading(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Tournament.objects.filter(discipline__in=C07_DISCIPLINES).update(direct_encounter="c07")


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0042_sealed_target_secrets")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="direct_encounter",
            field=models.CharField(
                default="blitz",
                help_text=(
                    "C.07: the match points among the tied teams from their encounters so far (FIDE's reading); "
                    "Blitz §16: it separates only teams that have all met each other."
                ),
                max_length=5,
                verbose_name="direct encounter in a round robin still running",
            ),
        ),
        migrations.RunPython(copy_reading, migrations.RunPython.noop),
    ]
