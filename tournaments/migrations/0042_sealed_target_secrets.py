"""Publication targets' passwords and push tokens sealed at rest (arbiter/sealed.py)."""

from django.db import migrations

from arbiter.sealed import PREFIX, seal, unseal


def seal_plain(apps, schema_editor):
    PublicationTarget = apps.get_model("tournaments", "PublicationTarget")
    for target in PublicationTarget.objects.exclude(secret="").exclude(secret__startswith=PREFIX):
        PublicationTarget.objects.filter(pk=target.pk).update(secret=seal(target.secret))


def unseal_all(apps, schema_editor):
    PublicationTarget = apps.get_model("tournaments", "PublicationTarget")
    for target in PublicationTarget.objects.filter(secret__startswith=PREFIX):
        PublicationTarget.objects.filter(pk=target.pk).update(secret=unseal(target.secret))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0041_push_token_in_force")]

    operations = [migrations.RunPython(seal_plain, unseal_all)]
