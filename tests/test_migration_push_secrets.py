"""Migrations 0041 and 0042: what a public server and a hall stored before them, made safe."""

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.sealed import unseal
from tests.migrations import migrate, migrate_to_latest

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("tournaments", "0040_server31_push_tokens"), ("tournaments", "0042_sealed_target_secrets")


def test_a_raced_slug_keeps_its_newest_token_and_stored_passwords_are_sealed():
    apps = migrate(BEFORE)
    PushToken, Tournament = apps.get_model("tournaments", "PushToken"), apps.get_model("tournaments", "Tournament")
    PublicationTarget = apps.get_model("tournaments", "PublicationTarget")
    now = timezone.now()
    older = PushToken.objects.create(slug="kronach", prefix="arbpush_old", digest="a" * 64)
    newer = PushToken.objects.create(slug="kronach", prefix="arbpush_new", digest="b" * 64)
    PushToken.objects.filter(pk=older.pk).update(created_at=now - timedelta(minutes=1))
    other = PushToken.objects.create(slug="hof", prefix="arbpush_hof", digest="c" * 64)
    tournament = Tournament.objects.create(name="Hall", slug="hall", preset="blitz-frankenwald", boards=4)
    target = PublicationTarget.objects.create(
        tournament=tournament, kind="sftp", name="Club", config={}, secret="correct horse battery staple"
    )
    try:
        apps = migrate(AFTER)
        tokens = apps.get_model("tournaments", "PushToken").objects
        assert sorted(tokens.filter(revoked_at__isnull=True).values_list("pk", flat=True)) == [newer.pk, other.pk]
        stored = apps.get_model("tournaments", "PublicationTarget").objects.get(pk=target.pk).secret
        assert stored.startswith("sealed:") and unseal(stored) == "correct horse battery staple"
    finally:
        migrate_to_latest()
