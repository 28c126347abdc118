import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    """The schema as of migrations 0001–0007, squashed: existing databases skip it, new ones start here."""

    initial = True

    replaces = [
        ("tournaments", "0001_initial"),
        ("tournaments", "0002_api_roles_tokens"),
        ("tournaments", "0002_arbiter_playoff_incidents_withdrawal"),
        ("tournaments", "0002_pdf_language_round_bundle"),
        ("tournaments", "0002_tandem_match_result_double_rounds"),
        ("tournaments", "0003_merge_tandem_arbiter"),
        ("tournaments", "0004_merge_pdf"),
        ("tournaments", "0005_audit_action_choices"),
        ("tournaments", "0006_merge_api"),
        ("tournaments", "0007_audit_action_choices_roles"),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Match',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table', models.PositiveSmallIntegerField(verbose_name='table')),
                ('leg', models.PositiveSmallIntegerField(default=1, help_text='2 for the return match of a double round.', verbose_name='leg')),
                ('version', models.PositiveIntegerField(default=1, help_text='Raised on every change, so a stale write can be refused.')),
                ('result', models.CharField(blank=True, max_length=3, verbose_name='match result')),
                ('deciding_board', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='deciding board')),
                ('decided_by', models.CharField(blank=True, max_length=20, verbose_name='decided by')),
            ],
            options={
                'verbose_name': 'match',
                'verbose_name_plural': 'matches',
                'ordering': ['round', 'table', 'leg'],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField(verbose_name='position')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='rating')),
                ('fide_id', models.CharField(blank=True, max_length=20, verbose_name='FIDE ID')),
                ('federation_id', models.CharField(blank=True, max_length=20, verbose_name='federation ID')),
            ],
            options={
                'verbose_name': 'player',
                'verbose_name_plural': 'players',
                'ordering': ['team', 'position'],
            },
        ),
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('kind', models.CharField(choices=[('regular', 'Regular round'), ('playoff', 'Play-off')], default='regular', max_length=10, verbose_name='kind')),
                ('published_at', models.DateTimeField(blank=True, null=True, verbose_name='published')),
            ],
            options={
                'verbose_name': 'round',
                'verbose_name_plural': 'rounds',
                'ordering': ['tournament', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('short_name', models.CharField(blank=True, max_length=40, verbose_name='short name')),
                ('seed', models.PositiveSmallIntegerField(verbose_name='seed')),
                ('withdrawn_from_round', models.PositiveSmallIntegerField(blank=True, help_text='The first round the team no longer plays.', null=True, verbose_name='withdrawn from round')),
            ],
            options={
                'verbose_name': 'team',
                'verbose_name_plural': 'teams',
                'ordering': ['tournament', 'seed'],
            },
        ),
        migrations.CreateModel(
            name='Tournament',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, verbose_name='name')),
                ('slug', models.SlugField(max_length=80, unique=True, verbose_name='slug')),
                ('preset', models.CharField(max_length=40, verbose_name='preset')),
                ('discipline', models.CharField(max_length=20, verbose_name='discipline')),
                ('venue', models.CharField(blank=True, max_length=200, verbose_name='venue')),
                ('start_date', models.DateField(blank=True, null=True, verbose_name='start date')),
                ('boards', models.PositiveSmallIntegerField(verbose_name='boards')),
                ('colour_pattern', models.CharField(help_text='Colour of the first-named team on each board, e.g. BWBW.', max_length=32, verbose_name='colour pattern')),
                ('substitute_boards', models.JSONField(default=list, verbose_name='boards a substitute may play')),
                ('max_substitutes', models.PositiveSmallIntegerField(default=1, verbose_name='substitutes per match')),
                ('board_order', models.CharField(default='fixed', max_length=12, verbose_name='board order')),
                ('mp_win', models.DecimalField(decimal_places=1, default=2, max_digits=4, verbose_name='match points for a win')),
                ('mp_draw', models.DecimalField(decimal_places=1, default=1, max_digits=4, verbose_name='match points for a draw')),
                ('mp_loss', models.DecimalField(decimal_places=1, default=0, max_digits=4, verbose_name='match points for a loss')),
                ('bye_scoring', models.CharField(default='nothing', max_length=12, verbose_name='bye scores')),
                ('pairing_system', models.CharField(default='round-robin', max_length=24, verbose_name='pairing system')),
                ('tiebreaks_first', models.JSONField(default=list, verbose_name='tie-breaks for first place')),
                ('tiebreaks_other', models.JSONField(default=list, verbose_name='tie-breaks for other places')),
                ('playoff_for_first', models.BooleanField(default=False, verbose_name='play-off for first place')),
                ('withdrawal_rule', models.CharField(default='forfeit', max_length=20, verbose_name='when a team withdraws')),
                ('playoff_lots', models.JSONField(blank=True, default=list, help_text='Team ids in the order the lots were drawn (Blitz §16).', verbose_name='play-off lots')),
                ('double_rounds', models.BooleanField(default=False, help_text='Each round two matches of the same teams, colours swapped.', verbose_name='double rounds')),
                ('language', models.CharField(choices=[('de', 'Deutsch'), ('en', 'English')], default='de', help_text='Language of printed documents.', max_length=8, verbose_name='language')),
                ('status', models.CharField(choices=[('registration', 'Registration'), ('running', 'Running'), ('finished', 'Finished')], default='registration', max_length=16, verbose_name='status')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
            ],
            options={
                'verbose_name': 'tournament',
                'verbose_name_plural': 'tournaments',
                'ordering': ['-created_at', 'name'],
            },
        ),
        migrations.CreateModel(
            name='ApiToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=80, verbose_name='name')),
                ('prefix', models.CharField(help_text="The key's first characters, to recognise it.", max_length=12, verbose_name='prefix')),
                ('digest', models.CharField(max_length=64, unique=True)),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                ('last_used_at', models.DateTimeField(blank=True, null=True, verbose_name='last used')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'API token',
                'verbose_name_plural': 'API tokens',
                'ordering': ['user', 'created_at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Incident',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('board', models.PositiveSmallIntegerField(verbose_name='board')),
                ('side', models.CharField(choices=[('first', 'first-named team'), ('second', 'second-named team')], max_length=6, verbose_name='side')),
                ('kind', models.CharField(max_length=24, verbose_name='kind')),
                ('occurred_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='time')),
                ('note', models.TextField(blank=True, verbose_name='note')),
                ('opponent_flag_fell', models.BooleanField(default=False, verbose_name="the opponent's flag fell because of it")),
                ('proposed_penalty', models.CharField(blank=True, help_text='Empty: the rules prescribe nothing, the arbiter decides.', max_length=24, verbose_name='proposed penalty')),
                ('rule', models.CharField(blank=True, max_length=40, verbose_name='rule')),
                ('decided_penalty', models.CharField(blank=True, max_length=24, verbose_name='decided penalty')),
                ('override_reason', models.TextField(blank=True, verbose_name='reason for overriding the proposal')),
                ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='incidents', to='tournaments.match')),
                ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player')),
            ],
            options={
                'verbose_name': 'incident',
                'verbose_name_plural': 'incidents',
                'ordering': ['match', 'board', 'occurred_at', 'id'],
            },
        ),
        migrations.AddField(
            model_name='match',
            name='round',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='tournaments.round'),
        ),
        migrations.CreateModel(
            name='RoundBundle',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('state', models.CharField(choices=[('queued', 'Queued'), ('running', 'Being built'), ('ready', 'Ready'), ('failed', 'Failed')], default='queued', max_length=10, verbose_name='state')),
                ('error', models.TextField(blank=True, verbose_name='error')),
                ('forms_per_page', models.PositiveSmallIntegerField(default=2, verbose_name='match report forms per page')),
                ('file', models.FileField(blank=True, upload_to='bundles/', verbose_name='file')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                ('round', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='bundle', to='tournaments.round')),
            ],
            options={
                'verbose_name': 'round bundle',
                'verbose_name_plural': 'round bundles',
            },
        ),
        migrations.AddField(
            model_name='player',
            name='team',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='tournaments.team'),
        ),
        migrations.AddField(
            model_name='match',
            name='first_team',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team'),
        ),
        migrations.AddField(
            model_name='match',
            name='second_team',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.team'),
        ),
        migrations.AddField(
            model_name='team',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='tournaments.tournament'),
        ),
        migrations.AddField(
            model_name='round',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='tournaments.tournament'),
        ),
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('source', models.CharField(help_text='desk, api, command or import', max_length=20, verbose_name='source')),
                ('action', models.CharField(choices=[('tournament', 'Tournament changed'), ('roster', 'Roster changed'), ('pairing', 'Round paired'), ('lineup', 'Lineup changed'), ('result', 'Result changed'), ('publish', 'Publication changed'), ('import', 'Tournament imported'), ('playoff', 'Play-off'), ('incident', 'Incident'), ('withdrawal', 'Team withdrawn'), ('print', 'Documents requested'), ('role', 'Role changed')], max_length=20, verbose_name='action')),
                ('target', models.CharField(max_length=200, verbose_name='what')),
                ('old_value', models.JSONField(blank=True, null=True, verbose_name='old value')),
                ('new_value', models.JSONField(blank=True, null=True, verbose_name='new value')),
                ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='when')),
                ('reverts', models.ForeignKey(blank=True, help_text='The change this entry undid, when a director reverted a result.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='reverted_by', to='tournaments.auditentry')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('match', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='tournaments.match')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='audit_entries', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'audit entry',
                'verbose_name_plural': 'audit entries',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='TournamentRole',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('director', 'Director'), ('arbiter', 'Arbiter')], max_length=16, verbose_name='role')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roles', to='tournaments.tournament')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_roles', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'tournament role',
                'verbose_name_plural': 'tournament roles',
                'ordering': ['tournament', 'role', 'user__username'],
            },
        ),
        migrations.CreateModel(
            name='BoardGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('board', models.PositiveSmallIntegerField(verbose_name='board')),
                ('result', models.CharField(blank=True, max_length=3, verbose_name='result')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='boards', to='tournaments.match')),
                ('first_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player')),
                ('second_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player')),
            ],
            options={
                'verbose_name': 'board game',
                'verbose_name_plural': 'board games',
                'ordering': ['match', 'board'],
                'constraints': [models.UniqueConstraint(fields=('match', 'board'), name='board_unique_per_match')],
            },
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(fields=('team', 'position'), name='player_position_unique_per_team'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.UniqueConstraint(fields=('round', 'table', 'leg'), name='match_table_leg_unique_per_round'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('first_team', models.F('second_team')), _negated=True), name='match_teams_differ'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='team_name_unique_per_tournament'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('tournament', 'seed'), name='team_seed_unique_per_tournament'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='round_number_unique_per_tournament'),
        ),
        migrations.AddConstraint(
            model_name='tournamentrole',
            constraint=models.UniqueConstraint(fields=('tournament', 'user'), name='one_role_per_user_and_tournament'),
        ),
    ]
