"""Store the rules still read live from the presets, and the planned rounds of started tournaments.

The values are written out here (migrations import nothing from ``tournaments``): the lineup
rule as the presets held it, the penalty ladders and rule as the disciplines held them.
"""
from django.db import migrations, models


LINEUP_RULES = {"blitz-frankenwald": "Blitz preamble", "tandem-dsb": "Tandem §8.1"}  # by preset
PENALTIES = {  # by discipline: (penalty_rules, penalty_rule)
    "team-blitz": ("blitz", ""),
    "team": ("arbiter-discretion", "FIDE Laws Art. 12.9"),
    "tandem": ("arbiter-discretion", "Tandem §7.4"),
}


def copy_preset_rules(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.all():
        tournament.lineup_rule = LINEUP_RULES.get(tournament.preset, "")
        tournament.penalty_rules, tournament.penalty_rule = PENALTIES.get(tournament.discipline, ("arbiter-discretion", ""))
        if tournament.status != "registration":
            teams = tournament.teams.count()
            single = teams + teams % 2 - 1 if teams >= 2 else 0  # Berger: N − 1 rounds (FIDE C.05)
            tournament.planned_rounds = 2 * single if tournament.pairing_system == "double-round-robin" else single
        tournament.save(update_fields=["lineup_rule", "penalty_rules", "penalty_rule", "planned_rounds"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0002_audit_targets'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='lineup_rule',
            field=models.CharField(blank=True, help_text='The paragraph cited when a lineup is refused.', max_length=60, verbose_name='lineup rule'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='penalty_rule',
            field=models.CharField(blank=True, help_text="The paragraph cited when penalties are at the arbiter's discretion.", max_length=60, verbose_name='penalty rule'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='penalty_rules',
            field=models.CharField(default='blitz', max_length=24, verbose_name='penalties'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='planned_rounds',
            field=models.PositiveSmallIntegerField(blank=True, help_text='Regular rounds the pairing system plans, fixed when the tournament starts.', null=True, verbose_name='planned rounds'),
        ),
        migrations.AlterField(
            model_name='team',
            name='seed',
            field=models.PositiveSmallIntegerField(help_text='The starting rank: 1 for the strongest team; the pairing system pairs by it.', verbose_name='seed'),
        ),
        migrations.RunPython(copy_preset_rules, migrations.RunPython.noop),
    ]
