"""At most one push token in force per slug, held by the database (two issues at once left two)."""

from django.db import migrations, models


def revoke_all_but_the_newest(apps, schema_editor):
    """A slug that two racing issues left with two keys in force keeps its newest one."""
    PushToken = apps.get_model("tournaments", "PushToken")
    newest = {}
    for token in PushToken.objects.filter(revoked_at__isnull=True).order_by("slug", "-created_at", "-id"):
        if token.slug in newest:
            PushToken.objects.filter(pk=token.pk).update(revoked_at=newest[token.slug])
        else:
            newest[token.slug] = token.created_at


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0040_server31_push_tokens")]

    operations = [
        migrations.RunPython(revoke_all_but_the_newest, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="pushtoken",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)),
                fields=("slug",),
                name="one_push_token_in_force_per_slug",
            ),
        ),
    ]
